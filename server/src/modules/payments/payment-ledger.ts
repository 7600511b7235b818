import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  paymentSummary,
  travellerToday,
  type LedgerRow,
  type PayableBooking,
  type PaymentSummary,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { sql, type Sql } from '../../common/sql.js';
import { Booking, grandTotalCentsOf } from '../bookings/booking.entity.js';
import { paymentReceivedMails, refundIssuedMails } from './payment.mails.js';
import { PaymentEntry } from './payment.entity.js';

/**
 * Net paid into a booking (received less refunded, reversed rows and their reversals left out), as
 * SQL over the bookings alias `b`: the same sum as the ledger rule, for queries that pick bookings
 * by what they owe.
 */
export const NET_PAID: Sql = sql`(select coalesce(sum(case when e.kind = 'refund' then -e.amount_cents else e.amount_cents end), 0)
    from payment_entries e
   where e.booking_id = b.id and e.reverses_id is null
     and not exists (select 1 from payment_entries r where r.reverses_id = e.id))`;

/** A booking's money: its state on a day and the ledger rows it is derived from. */
export interface BookingPayment {
  booking: Booking;
  summary: PaymentSummary;
  entries: PaymentEntry[];
}

/**
 * The booking's facts the rules read; null when it has no price (the operator sends a quote). What
 * is owed is the grand total: the operator's price and the park fees frozen with it.
 */
export function payableOf(b: Booking): PayableBooking | null {
  const owedCents = grandTotalCentsOf(b);
  if (owedCents == null || b.depositCents == null) return null;
  return {
    status: b.status,
    startDate: b.startDate,
    totalCents: owedCents,
    depositCents: b.depositCents,
    balanceDueDate: b.balanceDueDate ?? null,
    retainedCents: b.retainedCents ?? null,
  };
}

/** A ledger row as the rules read it. */
export function ledgerRowOf(e: PaymentEntry): LedgerRow {
  return { id: e.id, kind: e.kind, amountCents: e.amountCents, reverses: e.reverses?.id ?? null };
}

export function ledgerRowsOf(entries: readonly PaymentEntry[]): LedgerRow[] {
  return entries.map(ledgerRowOf);
}

/** Ledger rows of bookings in one statement, oldest first, by booking id. */
export async function entriesOf(
  ctx: RequestContext,
  bookingIds: readonly number[],
): Promise<Map<number, PaymentEntry[]>> {
  const byBooking = new Map<number, PaymentEntry[]>(bookingIds.map((id) => [id, []]));
  if (!bookingIds.length) return byBooking;
  const rows = await ctx.em.find(
    PaymentEntry,
    { booking: { $in: [...bookingIds] } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  for (const e of rows) byBooking.get(e.booking.id)?.push(e);
  return byBooking;
}

/** The payment of a booking from its entries, or null when it has no price. */
export function paymentFrom(b: Booking, entries: PaymentEntry[], today = travellerToday()): BookingPayment | null {
  const payable = payableOf(b);
  if (!payable) return null;
  return { booking: b, summary: paymentSummary(payable, ledgerRowsOf(entries), today), entries };
}

/** Who may see a booking's money: its owner and admins. */
export function maySeePayment(ctx: RequestContext, b: Booking): boolean {
  const p = ctx.principal;
  return p.kind === 'user' && (p.role === 'admin' || b.user?.id === p.id);
}

/** The booking, locked for the rest of the transaction: two admins recording at once take turns. */
export async function lockBooking(
  tx: TransactionContext,
  id: number,
): Promise<{ booking: Booking; payable: PayableBooking }> {
  const booking = await tx.em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!booking) throw new NotFoundError('Booking not found');
  const payable = payableOf(booking);
  if (!payable) throw new ConflictError('This booking has no price yet: the operator sends a quote first.');
  return { booking, payable };
}

export async function lockedEntries(tx: TransactionContext, bookingId: number): Promise<PaymentEntry[]> {
  return (await entriesOf(tx, [bookingId])).get(bookingId) ?? [];
}

/** Inserts a ledger row; a provider reference already recorded is CONFLICT. */
export async function addEntry(tx: TransactionContext, data: Omit<PaymentEntry, 'id' | 'createdAt' | 'status'>) {
  const entry = tx.em.create(PaymentEntry, data);
  try {
    await tx.em.flush();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException)
      throw new ConflictError(`The reference ${data.providerReference ?? ''} is already recorded.`);
    throw e;
  }
  return entry;
}

export async function withAccount(tx: TransactionContext, b: Booking): Promise<Booking> {
  await tx.em.populate(b, ['user']);
  return b;
}

/** The traveller's receipt or refund notice for a new row, queued in its transaction. */
export async function queuePaymentMail(
  tx: TransactionContext,
  booking: Booking,
  entries: PaymentEntry[],
  entry: PaymentEntry,
): Promise<void> {
  const payment = paymentFrom(booking, entries);
  if (!payment) return;
  await withAccount(tx, booking);
  const build = entry.kind === 'refund' ? refundIssuedMails : paymentReceivedMails;
  await tx.outbox.enqueue(tx, build(booking, booking.user ?? null, entry, payment.summary, tx.config));
}
