import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Booking } from '../bookings/booking.entity.js';

/**
 * One person travelling on a booking, in the order the booking lists them (1 is the lead). The date
 * of birth and passport number are personal data: kept sealed (see common/personal-data.ts), never
 * in plain text, and erased once the trip is long over (`erasedAt`), while the name stays for the
 * booking's history.
 */
@Entity({ tableName: 'booking_travellers' })
@Unique({ name: 'booking_travellers_position_unique', properties: ['booking', 'position'] })
@Check({ name: 'booking_travellers_position_check', expression: 'position >= 1' })
@Check({
  name: 'booking_travellers_residency_check',
  expression: "residency is null or residency in ('NON_RESIDENT', 'TANZANIA_RESIDENT', 'EAST_AFRICAN_CITIZEN')",
})
export class Traveller {
  [OptionalProps]?:
    | 'dateOfBirthSealed'
    | 'nationality'
    | 'residency'
    | 'passportSealed'
    | 'dietaryNeeds'
    | 'notes'
    | 'erasedAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Booking, { deleteRule: 'cascade' })
  booking!: Booking;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'text' })
  fullName!: string;

  /** YYYY-MM-DD, sealed. */
  @Property({ type: 'text', nullable: true })
  dateOfBirthSealed?: string | null;

  @Property({ type: 'text', nullable: true })
  nationality?: string | null;

  @Property({ type: 'text', nullable: true })
  residency?: string | null;

  /** Capitals and digits, sealed. */
  @Property({ type: 'text', nullable: true })
  passportSealed?: string | null;

  @Property({ type: 'text', nullable: true })
  dietaryNeeds?: string | null;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** When the personal data was erased after the trip; null while it is kept. */
  @Property({ type: 'timestamptz', nullable: true })
  erasedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
