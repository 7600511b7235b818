import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { PaymentKind, PaymentMethod, PaymentProviderName, PaymentReminderKind } from '@tembea/schema';
import { Booking } from '../bookings/booking.entity.js';

/**
 * One movement of money for a booking: a payment (deposit, balance, full) or a refund, always a
 * positive amount of US cents. Rows are only ever added (the database refuses UPDATE and DELETE):
 * a mistake is corrected by a row that `reverses` it. The provider's reference is unique per
 * provider, so a Stripe payment or refund is recorded once however often its event arrives, and a
 * payer's reference is recorded once. An offline refund's reference is the admin's free text (a
 * note such as "Cancellation refund"), so it may repeat and may match a payer's reference.
 */
@Entity({ tableName: 'payment_entries' })
@Index({ name: 'payment_entries_booking_index', properties: ['booking'] })
@Index({ name: 'payment_entries_received_index', properties: ['receivedOn'] })
@Unique({
  name: 'payment_entries_reference_unique',
  expression: `create unique index "payment_entries_reference_unique" on "payment_entries" ("provider", "provider_reference") where "provider" = 'stripe' or "kind" <> 'refund'`,
})
@Unique({ name: 'payment_entries_reverses_unique', properties: ['reverses'] })
@Check({ name: 'payment_entries_kind_check', expression: "kind in ('deposit', 'balance', 'full', 'refund')" })
@Check({ name: 'payment_entries_amount_check', expression: 'amount_cents > 0' })
@Check({
  name: 'payment_entries_method_check',
  expression: "method in ('bank_transfer', 'mpesa', 'tigo_pesa', 'airtel_money', 'card')",
})
@Check({ name: 'payment_entries_provider_check', expression: "provider in ('offline', 'stripe')" })
@Check({ name: 'payment_entries_status_check', expression: "status in ('succeeded')" })
export class PaymentEntry {
  [OptionalProps]?:
    | 'status'
    | 'providerReference'
    | 'recordedById'
    | 'recordedByEmail'
    | 'reverses'
    | 'refundOf'
    | 'note'
    | 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Booking, { deleteRule: 'restrict' })
  booking!: Booking;

  @Property({ type: 'text' })
  kind!: PaymentKind;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  method!: PaymentMethod;

  @Property({ type: 'text' })
  provider!: PaymentProviderName;

  /** The payer's reference (offline) or Stripe's payment intent or refund id. */
  @Property({ type: 'text', nullable: true })
  providerReference?: string | null;

  /** Only money that has moved is recorded; the column leaves room for other states. */
  @Property({ type: 'text', default: 'succeeded' })
  status: string = 'succeeded';

  /**
   * The admin who recorded it (null for Stripe's webhook). An id and the address at the time, with
   * no foreign key: deleting the account must not touch the ledger.
   */
  @Property({ type: 'integer', nullable: true })
  recordedById?: number | null;

  @Property({ type: 'text', nullable: true })
  recordedByEmail?: string | null;

  /** The day the money arrived or left, YYYY-MM-DD. */
  @Property({ type: 'date' })
  receivedOn!: string;

  /** The row this one cancels (a correction); null for an ordinary row. */
  @ManyToOne(() => PaymentEntry, { nullable: true, deleteRule: 'restrict' })
  reverses?: PaymentEntry | null;

  /** For a refund through Stripe: the card payment it gives money back from. */
  @ManyToOne(() => PaymentEntry, { nullable: true, deleteRule: 'restrict' })
  refundOf?: PaymentEntry | null;

  /** Why a reversal was made, or a refund's note. */
  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A Stripe event already handled: its id makes a redelivered event a no-op on any instance. */
@Entity({ tableName: 'stripe_events' })
export class StripeEvent {
  [OptionalProps]?: 'receivedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();
}

/** A payment reminder mailed for a booking: one of each kind, even with several instances. */
@Entity({ tableName: 'payment_reminders' })
@Unique({ name: 'payment_reminders_booking_kind_unique', properties: ['booking', 'kind'] })
@Check({ name: 'payment_reminders_kind_check', expression: "kind in ('balance_due_soon', 'balance_overdue')" })
export class PaymentReminder {
  [OptionalProps]?: 'sentAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Booking, { deleteRule: 'cascade' })
  booking!: Booking;

  @Property({ type: 'text' })
  kind!: PaymentReminderKind;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  sentAt: Date = new Date();
}
