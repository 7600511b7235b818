import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A message sent through the contact form, kept so none is lost if the mail fails. */
@Entity({ tableName: 'contact_messages' })
@Index({ properties: ['createdAt'] })
export class ContactMessage {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  message!: string;

  /** Sender's address, for abuse handling. */
  @Property({ type: 'text' })
  ip!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
