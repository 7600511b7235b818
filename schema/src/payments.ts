import type { BookingStatus } from './booking.js';
import { daysUntil, FULL_REFUND_DAYS_BEFORE } from './booking.js';
import { addDays, BALANCE_DUE_DAYS_BEFORE, DEPOSIT_PERCENT, percentOf } from './pricing.js';

/** What a ledger row records: a payment towards the booking (three kinds) or money given back. */
export const PAYMENT_KINDS = ['deposit', 'balance', 'full', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How the money moved. Card payments come through Stripe; the others are recorded by an admin. */
export const PAYMENT_METHODS = ['bank_transfer', 'mpesa', 'tigo_pesa', 'airtel_money', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Who moved it: the operator's own accounts (recorded by an admin) or Stripe (recorded by its webhook). */
export const PAYMENT_PROVIDERS = ['offline', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A booking's payment state, derived from its ledger. */
export const PAYMENT_STATES = ['unpaid', 'deposit_paid', 'paid_in_full', 'refund_due', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  deposit_paid: 'Deposit paid',
  paid_in_full: 'Paid in full',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  mpesa: 'M-Pesa',
  tigo_pesa: 'Tigo Pesa',
  airtel_money: 'Airtel Money',
  card: 'Card',
};

/** Hours an unpaid Pending booking keeps its seats unless configured otherwise (PAYMENT_HOLD_HOURS). */
export const DEFAULT_PAYMENT_HOLD_HOURS = 72;
/** The "balance due soon" mail goes this many days before the balance due date. */
export const BALANCE_REMINDER_DAYS_BEFORE = 7;
/** The admin list's "balance due soon" filter looks this many days ahead. */
export const BALANCE_DUE_SOON_WINDOW_DAYS = 28;

/** One ledger row as the rules read it. `reverses` names the row a correcting row cancels. */
export interface LedgerRow {
  id: number | string;
  kind: PaymentKind;
  amountCents: number;
  reverses?: number | string | null;
}

/** The facts of a booking the payment rules read. */
export interface PayableBooking {
  status: BookingStatus;
  startDate: string;
  totalCents: number;
  depositCents: number;
  /**
   * The due date frozen when it was booked: 30 days before departure, or `lateBookingDueDate` when
   * that had passed (a late booking is not overdue the moment it is made). Start − 30 days when absent.
   */
  balanceDueDate?: string | null;
  /**
   * What the operator keeps of what was paid, fixed when the booking was cancelled; anything paid
   * beyond it is owed back. Null while the booking is not cancelled (and for one cancelled with
   * nothing kept).
   */
  retainedCents?: number | null;
}

/** Totals of a ledger: every row counts except a reversing row and the row it reverses. */
export function ledgerTotals(rows: readonly LedgerRow[]): { receivedCents: number; refundedCents: number } {
  const reversed = new Set(rows.filter((r) => r.reverses != null).map((r) => String(r.reverses)));
  let receivedCents = 0;
  let refundedCents = 0;
  for (const r of rows) {
    if (r.reverses != null || reversed.has(String(r.id))) continue;
    if (r.kind === 'refund') refundedCents += r.amountCents;
    else receivedCents += r.amountCents;
  }
  return { receivedCents, refundedCents };
}

/**
 * A row's signed effect on the money held, in cents: a payment +, a refund −, a reversal the
 * opposite of the row it cancels (it has that row's kind). Which kinds are received and which
 * refunded is ledgerTotals' rule (the one the payment summaries and the ledger's totals follow), so
 * these amounts sum to the net paid, received less refunded.
 */
export function signedAmountCents(row: LedgerRow): number {
  const { receivedCents, refundedCents } = ledgerTotals([{ ...row, reverses: null }]);
  const effect = receivedCents - refundedCents;
  return row.reverses != null ? -effect : effect;
}

/** The day the balance falls due: 30 days before departure. */
export function balanceDueDate(startDate: string): string {
  return addDays(startDate, -BALANCE_DUE_DAYS_BEFORE);
}

/** The 3% non-refundable deposit of a total, rounded half up to the cent. */
export function depositOf(totalCents: number): number {
  return percentOf(totalCents, DEPOSIT_PERCENT);
}

/** A trip starting within 30 days (its balance due date reached) is paid in full, with no deposit-only step. */
export function fullPaymentRequired(startDate: string, today: string): boolean {
  return today >= balanceDueDate(startDate);
}

const isOpen = (status: BookingStatus) => status === 'Pending' || status === 'Confirmed';

/** Everything a screen or a mail says about a booking's money on a day. */
export interface PaymentSummary {
  state: PaymentState;
  /** Received less refunded. */
  paidCents: number;
  refundedCents: number;
  /** Owed back to the traveller now. */
  refundDueCents: number;
  /** Still to pay for the trip (0 once cancelled or paid in full). */
  outstandingCents: number;
  /** What must be paid now, and as what: the deposit, or the whole rest once the balance is due. */
  dueNowCents: number;
  dueNowKind: Exclude<PaymentKind, 'refund'> | null;
  /**
   * What the traveller pays when they start a payment: what is due now, else (deposit paid, balance
   * not yet due) the balance ahead of time; null when nothing is owed.
   */
  next: { kind: Exclude<PaymentKind, 'refund'>; amountCents: number } | null;
  balanceDueDate: string;
  /** Open, the balance due date passed and not paid in full. */
  overdue: boolean;
}

/**
 * The payment state of a booking from its ledger on `today`. A cancelled booking owes back what
 * was paid beyond what the operator keeps (so a payment arriving after the cancellation is a refund
 * due); an open one is Unpaid until the deposit is in, then Deposit paid, then Paid in full.
 */
export function paymentSummary(b: PayableBooking, rows: readonly LedgerRow[], today: string): PaymentSummary {
  const { receivedCents, refundedCents } = ledgerTotals(rows);
  const paidCents = receivedCents - refundedCents;
  const due = b.balanceDueDate ?? balanceDueDate(b.startDate);
  const open = isOpen(b.status);
  const refundDueCents =
    b.status === 'Cancelled' ? Math.max(0, paidCents - (b.retainedCents ?? 0)) : Math.max(0, paidCents - b.totalCents);
  const outstandingCents = b.status === 'Cancelled' ? 0 : Math.max(0, b.totalCents - paidCents);
  let dueNowCents = 0;
  let dueNowKind: PaymentSummary['dueNowKind'] = null;
  if (open && outstandingCents > 0) {
    if (fullPaymentRequired(b.startDate, today)) {
      dueNowCents = outstandingCents;
      dueNowKind = paidCents > 0 ? 'balance' : 'full';
    } else if (paidCents < b.depositCents) {
      dueNowCents = b.depositCents - paidCents;
      dueNowKind = 'deposit';
    }
  }
  let state: PaymentState;
  if (refundDueCents > 0) state = 'refund_due';
  else if (b.status === 'Cancelled' && refundedCents > 0) state = 'refunded';
  else if (paidCents >= b.totalCents && paidCents > 0) state = 'paid_in_full';
  else if (paidCents >= b.depositCents && paidCents > 0) state = 'deposit_paid';
  else state = b.totalCents === 0 ? 'paid_in_full' : 'unpaid';
  return {
    state,
    paidCents,
    refundedCents,
    refundDueCents,
    outstandingCents,
    dueNowCents,
    dueNowKind,
    next: dueNowKind
      ? { kind: dueNowKind, amountCents: dueNowCents }
      : open && outstandingCents > 0
        ? { kind: 'balance', amountCents: outstandingCents }
        : null,
    balanceDueDate: due,
    overdue: open && outstandingCents > 0 && today > due,
  };
}

/**
 * What a traveller pays when they start a payment: what is due now, else (deposit paid, balance
 * not yet due) the balance ahead of time; null when nothing is owed.
 */
export function nextPayment(
  b: PayableBooking,
  rows: readonly LedgerRow[],
  today: string,
): { kind: Exclude<PaymentKind, 'refund'>; amountCents: number } | null {
  return paymentSummary(b, rows, today).next;
}

/**
 * The most that can be recorded as received: what is still to pay. Nobody pays more than is due;
 * on a cancelled booking money that arrives anyway is accepted up to the total, and becomes a
 * refund due.
 */
export function maxReceivable(b: PayableBooking, rows: readonly LedgerRow[]): number {
  const { receivedCents, refundedCents } = ledgerTotals(rows);
  return Math.max(0, b.totalCents - (receivedCents - refundedCents));
}

/**
 * The kind of a payment of `amountCents` received on `today`, given what was paid before it: the
 * whole total at once is "full"; a payment that stays within the deposit, while there is a deposit
 * step (departure 30 or more days away), is "deposit"; anything else pays towards the balance. A
 * payment larger than the missing deposit is "balance", so the ledger's deposit rows never claim
 * more than the non-refundable deposit.
 */
export function kindOfPayment(
  b: PayableBooking,
  rows: readonly LedgerRow[],
  amountCents: number,
  today: string,
): PaymentKind {
  const { receivedCents, refundedCents } = ledgerTotals(rows);
  const paid = receivedCents - refundedCents;
  if (paid <= 0 && amountCents >= b.totalCents) return 'full';
  if (fullPaymentRequired(b.startDate, today)) return 'balance';
  return Math.max(0, paid) + amountCents <= b.depositCents ? 'deposit' : 'balance';
}

/** The most that can be refunded: what was paid and not yet given back. */
export function maxRefundable(rows: readonly LedgerRow[]): number {
  const { receivedCents, refundedCents } = ledgerTotals(rows);
  return Math.max(0, receivedCents - refundedCents);
}

/** What a cancellation gives back, and whether the amount is the admin's to decide. */
export interface CancellationRefund {
  /** The refund owed (or suggested, when the admin decides). */
  refundCents: number;
  /** What the operator keeps: paid minus the refund. */
  retainedCents: number;
  /** True when the cancellation came less than 30 days before departure. */
  adminDecides: boolean;
  /** Paid beyond the booking's total: part of the refund whatever the date. */
  overpaidCents: number;
}

/**
 * The refund of a cancellation on `today` of a booking with `paidCents` received (net). Money paid
 * beyond the booking's total is always owed back in full. Of the rest: 30 or more days before
 * departure, everything but the non-refundable deposit and REFUND_FEE_PERCENT of what remains;
 * later, nothing is owed by right and an admin decides (the overpayment alone suggested).
 */
export function refundOnCancellation(
  b: { startDate: string; depositCents: number; totalCents: number },
  paidCents: number,
  today: string,
  refundFeePercent: number,
): CancellationRefund {
  const paid = Math.max(0, paidCents);
  const overpaidCents = Math.max(0, paid - b.totalCents);
  const towardsTrip = paid - overpaidCents;
  if (daysUntil(b.startDate, today) < FULL_REFUND_DAYS_BEFORE)
    return { refundCents: overpaidCents, retainedCents: towardsTrip, adminDecides: true, overpaidCents };
  const deposit = Math.min(towardsTrip, b.depositCents);
  const rest = towardsTrip - deposit;
  const refundCents = rest - percentOf(rest, refundFeePercent) + overpaidCents;
  return { refundCents, retainedCents: paid - refundCents, adminDecides: false, overpaidCents };
}

/**
 * A Pending booking whose deposit is still unpaid `holdHours` after it was made gives its seats
 * back. A Confirmed booking is never cancelled this way: an admin confirmed it knowingly.
 */
export function holdExpired(
  b: { status: BookingStatus; createdAt: Date; depositCents: number },
  paidCents: number,
  now: Date,
  holdHours: number,
): boolean {
  if (b.status !== 'Pending' || paidCents >= b.depositCents) return false;
  return now.getTime() - b.createdAt.getTime() >= holdHours * 3_600_000;
}

/** The reminders about a balance: one before the due date, one after it. */
export const PAYMENT_REMINDER_KINDS = ['balance_due_soon', 'balance_overdue'] as const;
export type PaymentReminderKind = (typeof PAYMENT_REMINDER_KINDS)[number];

/** The day each reminder goes: 7 days before the due date, and the day after it. */
export function reminderDate(kind: PaymentReminderKind, dueDate: string): string {
  return kind === 'balance_due_soon' ? addDays(dueDate, -BALANCE_REMINDER_DAYS_BEFORE) : addDays(dueDate, 1);
}

/**
 * Whether a reminder is due on `today` for an open booking with something left to pay: "due soon"
 * from its day until the due date, "overdue" from its day until departure. A booking made after
 * a reminder's window closed never gets it.
 */
export function reminderDue(
  kind: PaymentReminderKind,
  b: { status: BookingStatus; startDate: string; balanceDueDate: string },
  outstandingCents: number,
  today: string,
): boolean {
  if (!isOpen(b.status) || outstandingCents <= 0) return false;
  if (today < reminderDate(kind, b.balanceDueDate)) return false;
  return kind === 'balance_due_soon' ? today <= b.balanceDueDate : today < b.startDate;
}

/**
 * A booking's payment reference is 'TB-' and six of these: letters and digits that cannot be mistaken
 * for one another when read aloud or typed (no 0/O, 1/I/L). The database draws them.
 */
export const PAYMENT_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERENCE_PATTERN = new RegExp(`^TB-[${PAYMENT_REFERENCE_ALPHABET}]{6}$`);

/** A receipt's number: the booking's payment reference and the ledger row's id, "TB-7KQ2MX-14". */
export function receiptNumber(paymentReference: string, entryId: number | string): string {
  return `${paymentReference}-${entryId}`;
}

/** True for a well-formed payment reference; lower case is accepted (people type it). */
export function isPaymentReference(text: string): boolean {
  return REFERENCE_PATTERN.test(text.trim().toUpperCase());
}

export { amountInWords, numberInWords } from './money-words.js';
