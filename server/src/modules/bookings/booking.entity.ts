import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { formatUsd, type BookingStatus } from '@tembea/schema';
import { sql, type Sql } from '../../common/sql.js';
import type { FrozenParkFees } from '../park-fees/park-fee-freeze.service.js';
import { Tour } from '../tours/tour.entity.js';
import { User } from '../users/user.entity.js';
import { Departure } from './departure.entity.js';

/**
 * A traveller's booking of a tour. The price is frozen at booking time in whole US cents (null
 * amounts when the tour had no price for the chosen booking type and tier: 'Contact for pricing');
 * totalCents is the operator's price, and the park fees are frozen beside it.
 * The tour's title is kept so a booking outlives its tour; the traveller's contact details are kept
 * so it outlives their account.
 */
@Entity({ tableName: 'bookings' })
@Index({ name: 'bookings_status_start_index', properties: ['status', 'startDate'] })
@Index({ name: 'bookings_tour_start_index', properties: ['tour', 'startDate'] })
@Index({ name: 'bookings_user_index', properties: ['user'] })
@Index({
  name: 'bookings_newest_index',
  expression: 'create index "bookings_newest_index" on "bookings" ("created_at" desc, "id" desc)',
})
@Check({ name: 'bookings_status_check', expression: "status in ('Pending', 'Confirmed', 'Cancelled', 'Completed')" })
@Check({ name: 'bookings_people_check', expression: 'number_of_people >= 1' })
export class Booking {
  [OptionalProps]?:
    | 'status'
    | 'notes'
    | 'createdAt'
    | 'updatedAt'
    | 'departure'
    | 'user'
    | 'tour'
    | 'unitPriceCents'
    | 'subtotalCents'
    | 'earlyBirdDiscountCents'
    | 'totalCents'
    | 'depositCents'
    | 'balanceCents'
    | 'balanceDueDate'
    | 'earlyBird'
    | 'statusChangedAt'
    | 'currency'
    | 'paymentReference'
    | 'retainedCents'
    | 'parkFeesCents'
    | 'parkFees'
    | 'travellersRemindedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user?: User | null;

  @ManyToOne(() => Tour, { nullable: true, deleteRule: 'set null' })
  tour?: Tour | null;

  /** The tour's title when booked. */
  @Property({ type: 'text' })
  tourTitle!: string;

  /** The group departure whose seats it holds; null for a private booking. */
  @ManyToOne(() => Departure, { nullable: true, deleteRule: 'set null', index: true })
  departure?: Departure | null;

  /** YYYY-MM-DD */
  @Property({ type: 'date' })
  startDate!: string;

  /** YYYY-MM-DD */
  @Property({ type: 'date' })
  endDate!: string;

  @Property({ type: 'integer' })
  numberOfPeople!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  phone!: string;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** Pending | Confirmed | Cancelled | Completed */
  @Property({ type: 'text', default: 'Pending' })
  status: BookingStatus = 'Pending';

  /** group | private */
  @Property({ type: 'text' })
  bookingType!: string;

  @Property({ type: 'text' })
  tier!: string;

  @Property({ type: 'integer', nullable: true })
  unitPriceCents?: number | null;

  @Property({ type: 'integer', nullable: true })
  subtotalCents?: number | null;

  @Property({ type: 'boolean', default: false })
  earlyBird: boolean = false;

  @Property({ type: 'integer', nullable: true })
  earlyBirdDiscountCents?: number | null;

  @Property({ type: 'integer', nullable: true })
  totalCents?: number | null;

  /**
   * Park fees with VAT frozen when booked (or when an admin last applied a change of the fee
   * schedules); null when the trip spends no day in a protected area. The deposit and balance are
   * of totalCents + parkFeesCents.
   */
  @Property({ type: 'integer', nullable: true })
  parkFeesCents?: number | null;

  /** The park fee quote behind parkFeesCents, with the party and park days it was computed for. */
  @Property({ type: 'jsonb', nullable: true })
  parkFees?: FrozenParkFees | null;

  @Property({ type: 'integer', nullable: true })
  depositCents?: number | null;

  @Property({ type: 'integer', nullable: true })
  balanceCents?: number | null;

  /** YYYY-MM-DD */
  @Property({ type: 'date', nullable: true })
  balanceDueDate?: string | null;

  @Property({ type: 'text', default: 'USD' })
  currency: string = 'USD';

  @Property({ type: 'timestamptz', nullable: true })
  statusChangedAt?: Date | null;

  /** What the traveller quotes with a bank transfer or mobile-money payment ('TB-' and 6 characters). */
  @Property({ type: 'text', unique: true, defaultRaw: 'tembea_payment_reference()' })
  paymentReference!: string;

  /**
   * Of what was paid, what the operator keeps after a cancellation (the deposit and any fee, or all
   * of it when cancelled late); anything paid beyond it is owed back. Null until cancelled.
   */
  @Property({ type: 'integer', nullable: true })
  retainedCents?: number | null;

  /** When the traveller was reminded to complete the list of who travels; null until then. */
  @Property({ type: 'timestamptz', nullable: true })
  travellersRemindedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/**
 * What a booking owes in all: the operator's price and the park fees frozen with it. Null when the
 * booking has no price (the operator sends a quote). Every amount owed, paid or refunded is
 * measured against this, never against totalCents alone.
 */
export function grandTotalCentsOf(b: Pick<Booking, 'totalCents' | 'parkFeesCents'>): number | null {
  return b.totalCents == null ? null : b.totalCents + (b.parkFeesCents ?? 0);
}

/** The same sum in SQL over the bookings alias `b`, for queries that pick bookings by what they owe. */
export const GRAND_TOTAL_SQL: Sql = sql`(b.total_cents + coalesce(b.park_fees_cents, 0))`;

const FACT_KEYS = [
  'id',
  'paymentReference',
  'tourTitle',
  'startDate',
  'endDate',
  'numberOfPeople',
  'bookingType',
  'tier',
  'status',
  'unitPriceCents',
  'subtotalCents',
  'earlyBird',
  'earlyBirdDiscountCents',
  'totalCents',
  'parkFeesCents',
  'depositCents',
  'balanceCents',
  'balanceDueDate',
  'name',
  'email',
] as const;

/**
 * What a booking's mails tell of a booking, as a snapshot for a queued mail's data: the trip, its
 * prices and the traveller's name and address (the phone and requests go to the operator's mail only).
 */
export type BookingFacts = Pick<Booking, (typeof FACT_KEYS)[number]> & {
  /**
   * Days of the trip in a park whose fees for those dates are not published yet: its park fees and
   * total leave them out until an admin applies the new schedule. Absent from mails queued before it.
   */
  unpricedParkDays?: number;
};

export function bookingFacts(b: Booking): BookingFacts {
  const facts = Object.fromEntries(FACT_KEYS.map((k) => [k, b[k] ?? null])) as BookingFacts;
  facts.unpricedParkDays = new Set((b.parkFees?.unpricedDays ?? []).map((d) => d.date)).size;
  return facts;
}

/**
 * The tour price, the park fees and the total as label/value lines, shared by the booking and
 * payment mails. Park days whose fees are not published yet are named, so the total does not read
 * as final.
 */
export function totalLines(b: BookingFacts): [string, string][] {
  const money = (cents: number | null | undefined) => (cents == null ? '' : formatUsd(cents / 100));
  const total = money(grandTotalCentsOf(b) ?? 0);
  if (b.parkFeesCents == null) return [['Total', total]];
  const days = b.unpricedParkDays ?? 0;
  if (!days)
    return [
      ['Tour price', money(b.totalCents)],
      ['Park fees, paid on to the parks', money(b.parkFeesCents)],
      ['Total', total],
    ];
  const unpriced = `${days} park ${days === 1 ? 'day' : 'days'} whose fees the parks have not published yet`;
  return [
    ['Tour price', money(b.totalCents)],
    ['Park fees, paid on to the parks', `${money(b.parkFeesCents)}, without ${unpriced}`],
    ['Total', `${total} so far: we will add the fees of those days once published`],
  ];
}
