import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The record a deleted tour leaves: written in the transaction that deletes it, so partners
 * following the catalogue's change feed learn of the deletion. Tour ids are never reused.
 */
@Entity({ tableName: 'tour_deletions' })
@Index({ name: 'tour_deletions_deleted_at_index', properties: ['deletedAt', 'tourId'] })
export class TourDeletion {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  tourId!: number;

  /** The title the tour had when it was deleted. */
  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  deletedAt: Date = new Date();
}
