import {
  addDays,
  BALANCE_DUE_SOON_WINDOW_DAYS,
  formatUsd,
  hasControlCharacters,
  isIsoDay,
  isoDate,
  kindOfPayment,
  ledgerTotals,
  maxReceivable,
  maxRefundable,
  nextPayment,
  PAYMENT_METHODS,
  refundOnCancellation,
  refrozenTotalsInCents,
  travellerToday,
  type PaymentKind,
  type PaymentSummary,
  type PaymentMethod,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { ConflictError, NotFoundError, throwIfInvalid, type FieldError } from '../../common/errors.js';
import { requireAdmin, requireUser } from '../../common/guards.js';
import { requireId } from '../../common/ids.js';
import { queryRows, sql, type Sql } from '../../common/sql.js';
import { Booking, GRAND_TOTAL_SQL, grandTotalCentsOf } from '../bookings/booking.entity.js';
import { paymentProviderOf, type StartedPayment } from './payment-provider.js';
import { PaymentEntry } from './payment.entity.js';
import {
  addEntry,
  entriesOf,
  ledgerRowsOf,
  NET_PAID,
  lockBooking,
  lockedEntries,
  paymentFrom,
  payableOf,
  maySeePayment,
  queuePaymentMail,
  type BookingPayment,
} from './payment-ledger.js';
import { refundThroughStripe } from './stripe-refunds.js';
import { cancellationRefundLine, dueLine } from './payment.mails.js';

export interface RecordPaymentInput {
  bookingId: unknown;
  amountCents: unknown;
  method: unknown;
  payerReference?: unknown;
  receivedOn?: unknown;
}

export interface RefundPaymentInput {
  bookingId: unknown;
  amountCents: unknown;
  method?: unknown;
  reference?: unknown;
}

export const REFERENCE_MAX = 100;
/** Ledger rows a booking's payment lists (the latest ones); its totals always count every row. */
export const PAYMENT_ENTRIES_SHOWN = 50;
/** Days the per-day totals may span, and so the most rows they hold (a row per day and method). */
export const PAYMENT_TOTALS_DAYS = 366;
export const PAYMENT_TOTALS_MAX = PAYMENT_TOTALS_DAYS * 5;
export const NOTE_MAX = 500;

const parseBookingId = (id: unknown) => requireId(id, 'Booking not found');

/** A whole, positive number of cents, or a field error. */
function cents(v: unknown, field: string, errors: FieldError[]): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) {
    errors.push({ field, message: `${field} must be a whole number of cents above 0` });
    return 0;
  }
  return v;
}

/** An optional one-line text of at most `max` characters; null when empty. */
function line(v: unknown, field: string, max: number, errors: FieldError[]): string | null {
  if (v == null) return null;
  if (typeof v !== 'string' || hasControlCharacters(v) || v.trim().length > max) {
    errors.push({ field, message: `${field} must be one line of at most ${max} characters` });
    return null;
  }
  return v.trim() || null;
}

function method(v: unknown, errors: FieldError[], required: boolean): PaymentMethod | null {
  if (v == null && !required) return null;
  const m = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (!(PAYMENT_METHODS as readonly string[]).includes(m)) {
    errors.push({ field: 'method', message: `method must be one of ${PAYMENT_METHODS.join(', ')}` });
    return null;
  }
  return m as PaymentMethod;
}

/** Payments: what a booking owes, starting a payment, and the admins' ledger of money in and out. */
export const paymentService = {
  /**
   * One booking's payment for its owner or an admin (a receipt, a dialog); NOT_FOUND for anyone
   * else, null when the booking has no price.
   */
  async forBooking(ctx: RequestContext, bookingIdRaw: unknown): Promise<BookingPayment | null> {
    requireUser(ctx);
    const id = parseBookingId(bookingIdRaw);
    const b = await ctx.em.findOne(Booking, { id });
    if (!b || !maySeePayment(ctx, b)) throw new NotFoundError('Booking not found');
    return paymentFrom(b, (await entriesOf(ctx, [b.id])).get(b.id) ?? []);
  },

  /**
   * The owner starts paying what is due now (or the balance ahead of time): a Stripe Checkout URL
   * when card payments are set up, else the bank and mobile-money instructions with the booking's
   * reference. The amount always comes from the rules, never from the caller.
   */
  async start(
    ctx: RequestContext,
    bookingIdRaw: unknown,
  ): Promise<{ booking: Booking; kind: PaymentKind; amountCents: number } & StartedPayment> {
    const user = requireUser(ctx);
    const id = parseBookingId(bookingIdRaw);
    const booking = await ctx.em.findOne(Booking, { id, user: user.id });
    if (!booking) throw new NotFoundError('Booking not found');
    if (booking.status !== 'Pending' && booking.status !== 'Confirmed')
      throw new ConflictError(`This booking is ${booking.status}: there is nothing to pay.`);
    const payable = payableOf(booking);
    if (!payable) throw new ConflictError('This booking has no price yet: we will send you a quote.');
    const entries = (await entriesOf(ctx, [id])).get(id) ?? [];
    const next = nextPayment(payable, ledgerRowsOf(entries), travellerToday());
    if (!next) throw new ConflictError('This booking is paid in full.');
    const started = await paymentProviderOf(ctx.config).start({
      bookingId: id,
      reference: booking.paymentReference,
      tourTitle: booking.tourTitle,
      email: booking.email,
      ...next,
    });
    return { booking, ...next, ...started };
  },

  /**
   * Admin: records money received offline. The amount is the admin's but bounded by the rules: at
   * most what is still to pay. The booking row is locked, so two admins recording at once cannot
   * together take more than is due.
   */
  async record(ctx: RequestContext, input: RecordPaymentInput): Promise<{ booking: Booking; entry: PaymentEntry }> {
    const admin = requireAdmin(ctx);
    const errors: FieldError[] = [];
    const id = parseBookingId(input.bookingId);
    const amountCents = cents(input.amountCents, 'amountCents', errors);
    const how = method(input.method, errors, true);
    const payerReference = line(input.payerReference, 'payerReference', REFERENCE_MAX, errors);
    const today = isoDate(new Date());
    let receivedOn = today;
    if (input.receivedOn != null && input.receivedOn !== '') {
      if (typeof input.receivedOn !== 'string' || !isIsoDay(input.receivedOn))
        errors.push({ field: 'receivedOn', message: 'receivedOn must be a date as YYYY-MM-DD' });
      // A day ahead is allowed: the payer may already be in tomorrow (East Africa is UTC+3).
      else if (input.receivedOn > addDays(today, 1))
        errors.push({ field: 'receivedOn', message: 'receivedOn cannot be in the future' });
      else receivedOn = input.receivedOn;
    }
    throwIfInvalid(errors, 'list');
    return ctx.transaction(async (tx) => {
      const { booking, payable } = await lockBooking(tx, id);
      // No money for a booking arrives before the booking exists (a day's grace for time zones).
      const madeOn = addDays(isoDate(booking.createdAt), -1);
      if (receivedOn < madeOn)
        throwIfInvalid(
          [{ field: 'receivedOn', message: `receivedOn cannot be before the booking was made (${madeOn})` }],
          'first',
        );
      const entries = await lockedEntries(tx, id);
      const rows = ledgerRowsOf(entries);
      const most = maxReceivable(payable, rows);
      if (most === 0) throw new ConflictError('This booking is paid in full: nothing more can be recorded.');
      if (amountCents > most)
        throwIfInvalid(
          [{ field: 'amountCents', message: `At most ${formatUsd(most / 100)} is still to pay on this booking.` }],
          'first',
        );
      const [account] = await queryRows<{ email: string }>(tx.em, sql`select email from users where id = ${admin.id}`);
      const entry = await addEntry(tx, {
        booking,
        kind: kindOfPayment(payable, rows, amountCents, travellerToday()),
        amountCents,
        method: how!,
        provider: 'offline',
        providerReference: payerReference,
        recordedById: admin.id,
        recordedByEmail: account?.email ?? null,
        receivedOn,
        reverses: null,
        note: null,
      });
      await queuePaymentMail(tx, booking, [...entries, entry], entry);
      return { booking, entry };
    });
  },

  /**
   * Admin: gives money back, at most what was paid. Paid by card through Stripe: refunded through
   * Stripe's Refunds API (unless another method is named); otherwise recorded as refunded offline,
   * by the method named or else the latest payment's.
   */
  async refund(ctx: RequestContext, input: RefundPaymentInput): Promise<{ booking: Booking; entry: PaymentEntry }> {
    const admin = requireAdmin(ctx);
    const errors: FieldError[] = [];
    const id = parseBookingId(input.bookingId);
    const amountCents = cents(input.amountCents, 'amountCents', errors);
    const how = method(input.method, errors, false);
    const reference = line(input.reference, 'reference', REFERENCE_MAX, errors);
    throwIfInvalid(errors, 'list');
    const booking = await ctx.em.findOne(Booking, { id });
    if (!booking) throw new NotFoundError('Booking not found');
    const entries = (await entriesOf(ctx, [id])).get(id) ?? [];
    const byCard = how === null || how === 'card';
    if (byCard && entries.some((e) => e.provider === 'stripe'))
      return refundThroughStripe(ctx, admin, id, amountCents, reference);
    // Without a method the money goes back the way the latest payment still standing came in.
    const reversed = new Set(entries.map((e) => e.reverses?.id));
    const latestPayment = entries.findLast((e) => e.kind !== 'refund' && !e.reverses && !reversed.has(e.id));
    const refundMethod = how ?? latestPayment?.method ?? null;
    if (refundMethod === null)
      throwIfInvalid([{ field: 'method', message: 'method is required: how the money was given back' }], 'first');
    return ctx.transaction(async (tx) => {
      const { booking } = await lockBooking(tx, id);
      const locked = await lockedEntries(tx, id);
      const most = maxRefundable(ledgerRowsOf(locked));
      if (amountCents > most)
        throwIfInvalid(
          [{ field: 'amountCents', message: `At most ${formatUsd(most / 100)} was paid and can be refunded.` }],
          'first',
        );
      const [account] = await queryRows<{ email: string }>(tx.em, sql`select email from users where id = ${admin.id}`);
      const entry = await addEntry(tx, {
        booking,
        kind: 'refund',
        amountCents,
        method: refundMethod!,
        provider: 'offline',
        providerReference: reference,
        recordedById: admin.id,
        recordedByEmail: account?.email ?? null,
        receivedOn: isoDate(new Date()),
        reverses: null,
        note: null,
      });
      await queuePaymentMail(tx, booking, [...locked, entry], entry);
      return { booking, entry };
    });
  },

  /**
   * Admin: corrects a mistake with a row that cancels another (same kind and amount); the wrong row
   * stays in the ledger. A row is reversed once, a reversal never, and a payment whose money was
   * already refunded cannot be reversed before that refund.
   */
  async reverse(
    ctx: RequestContext,
    entryIdRaw: unknown,
    reasonRaw: unknown,
  ): Promise<{ booking: Booking; entry: PaymentEntry }> {
    const admin = requireAdmin(ctx);
    const entryId = requireId(entryIdRaw, 'Payment entry not found');
    const errors: FieldError[] = [];
    const reason = line(reasonRaw, 'reason', NOTE_MAX, errors);
    if (!reason && !errors.length) errors.push({ field: 'reason', message: 'reason is required' });
    throwIfInvalid(errors, 'list');
    const found = await ctx.em.findOne(PaymentEntry, { id: entryId });
    if (!found) throw new NotFoundError('Payment entry not found');
    return ctx.transaction(async (tx) => {
      const { booking } = await lockBooking(tx, found.booking.id);
      const entries = await lockedEntries(tx, booking.id);
      const target = entries.find((e) => e.id === entryId)!;
      if (target.reverses) throw new ConflictError('This row is itself a correction and cannot be reversed.');
      if (entries.some((e) => e.reverses?.id === entryId)) throw new ConflictError('This row is already reversed.');
      const after = ledgerRowsOf(entries).concat({ id: -1, kind: target.kind, amountCents: 0, reverses: entryId });
      const { receivedCents, refundedCents } = ledgerTotals(after);
      if (receivedCents < refundedCents)
        throw new ConflictError('More would be refunded than received: reverse the refund first.');
      const [account] = await queryRows<{ email: string }>(tx.em, sql`select email from users where id = ${admin.id}`);
      const entry = await addEntry(tx, {
        booking,
        kind: target.kind,
        amountCents: target.amountCents,
        method: target.method,
        provider: target.provider,
        providerReference: null,
        recordedById: admin.id,
        recordedByEmail: account?.email ?? null,
        receivedOn: isoDate(new Date()),
        reverses: target,
        note: reason,
      });
      return { booking, entry };
    });
  },

  /**
   * Admin: ids of the open, priced bookings that owe something (the bookings list's payment
   * filter): UNPAID_DEPOSIT, BALANCE_DUE_SOON (within 4 weeks) or OVERDUE.
   */
  async bookingIdsOwing(ctx: RequestContext, filterRaw: string): Promise<number[]> {
    requireAdmin(ctx);
    const filter = filterRaw.trim().toUpperCase();
    const today = travellerToday();
    const owing: Record<string, Sql> = {
      UNPAID_DEPOSIT: sql`${NET_PAID} < b.deposit_cents`,
      BALANCE_DUE_SOON: sql`${NET_PAID} < ${GRAND_TOTAL_SQL} and b.balance_due_date between ${today} and ${addDays(today, BALANCE_DUE_SOON_WINDOW_DAYS)}`,
      OVERDUE: sql`${NET_PAID} < ${GRAND_TOTAL_SQL} and b.balance_due_date < ${today}`,
    };
    const condition = owing[filter];
    if (!condition)
      throwIfInvalid(
        [{ field: 'payment', message: `payment must be one of ${Object.keys(owing).join(', ')}` }],
        'list',
      );
    const rows = await queryRows<{ id: number }>(
      ctx.em,
      sql`select b.id from bookings b
           where b.status in ('Pending', 'Confirmed') and b.total_cents is not null and ${condition!}`,
    );
    return rows.map((r) => r.id);
  },

  /**
   * Sets a booking's new park fees and what it owes with them, inside the caller's transaction
   * (booking row locked): a deposit already paid stays as paid and the balance takes the
   * difference; an unpaid deposit is taken afresh of the new grand total. Returns the booking's
   * payment as it now stands (null when it has no price: only the fees change).
   */
  async changeParkFees(
    tx: TransactionContext,
    booking: Booking,
    parkFeesCents: number,
  ): Promise<PaymentSummary | null> {
    const entries = await lockedEntries(tx, booking.id);
    if (booking.totalCents != null && booking.depositCents != null) {
      const { receivedCents, refundedCents } = ledgerTotals(ledgerRowsOf(entries));
      const paid = receivedCents - refundedCents;
      const totals = refrozenTotalsInCents(
        { totalCents: booking.totalCents, depositCents: booking.depositCents },
        parkFeesCents,
        paid > 0 && paid >= booking.depositCents,
      );
      booking.depositCents = totals.depositCents;
      booking.balanceCents = totals.balanceCents;
    }
    booking.parkFeesCents = parkFeesCents;
    return paymentFrom(booking, entries)?.summary ?? null;
  },

  /**
   * What the confirmation mail of a booking asks for, read in the confirming transaction: the
   * deposit and the balance, the balance alone, everything at once within 30 days of departure, or
   * nothing once paid in full. Null when the booking has no price.
   */
  async dueOnConfirmation(tx: TransactionContext, bookingId: number): Promise<string | null> {
    const booking = await tx.em.findOne(Booking, { id: bookingId }, { refresh: true });
    const payment = booking && paymentFrom(booking, await lockedEntries(tx, bookingId));
    return payment ? dueLine(payment.summary) : null;
  },

  /**
   * Fixes, as a booking is cancelled (inside its transaction, row locked), what the operator keeps
   * of what was paid; everything beyond it, now or paid later, is a refund due.
   */
  async settleCancellation(
    tx: TransactionContext,
    bookingId: number,
    refundFeePercent: number,
  ): Promise<string | null> {
    const booking = await tx.em.findOne(Booking, { id: bookingId }, { refresh: true });
    if (!booking || booking.depositCents == null) return null;
    const entries = await lockedEntries(tx, bookingId);
    const { receivedCents, refundedCents } = ledgerTotals(ledgerRowsOf(entries));
    const paid = receivedCents - refundedCents;
    const refund = refundOnCancellation(
      { startDate: booking.startDate, depositCents: booking.depositCents, totalCents: grandTotalCentsOf(booking) ?? 0 },
      paid,
      travellerToday(),
      refundFeePercent,
    );
    await queryRows(tx.em, sql`update bookings set retained_cents = ${refund.retainedCents} where id = ${bookingId}`);
    return cancellationRefundLine(paid, refund);
  },
};
