import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Tour } from '../tours/tour.entity.js';

/**
 * A tour on a start date with its group seats. Made by the first group booking for that date (with
 * the tour's capacity) or by an admin. Seats taken change only through single conditional UPDATEs
 * (see DepartureService), and the check constraint makes an oversold departure impossible even for
 * a statement that forgot to check.
 */
@Entity({ tableName: 'departures' })
@Unique({ properties: ['tour', 'startDate'] })
@Index({ name: 'departures_start_date_id_index', properties: ['startDate', 'id'] })
@Index({ name: 'departures_updated_at_index', properties: ['updatedAt'] })
@Check({ name: 'departures_seats_check', expression: 'seats_taken >= 0 and seats_taken <= capacity' })
export class Departure {
  [OptionalProps]?: 'seatsTaken' | 'closed' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Tour, { deleteRule: 'cascade' })
  tour!: Tour;

  /** YYYY-MM-DD */
  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'integer' })
  capacity!: number;

  @Property({ type: 'integer', default: 0 })
  seatsTaken: number = 0;

  /** Closed by an admin: shown as CLOSED and takes no bookings. */
  @Property({ type: 'boolean', default: false })
  closed: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Moved on by every write of the row, seat changes included: partners' availability sync reads it. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
