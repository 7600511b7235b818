import { describe, expect, it } from 'vitest';
import {
  balanceDueDate,
  depositOf,
  fullPaymentRequired,
  holdExpired,
  isPaymentReference,
  kindOfPayment,
  ledgerTotals,
  maxReceivable,
  maxRefundable,
  nextPayment,
  paymentSummary,
  refundOnCancellation,
  reminderDate,
  reminderDue,
  signedAmountCents,
  type LedgerRow,
  type PayableBooking,
} from './payments.js';
import { travellerToday } from './booking.js';
import { lateBookingDueDate } from './pricing.js';

const TODAY = '2027-01-01';
// Starts 60 days after TODAY: the balance falls due on 2027-01-31.
const booking = (over: Partial<PayableBooking> = {}): PayableBooking => ({
  status: 'Pending',
  startDate: '2027-03-02',
  totalCents: 100_000,
  depositCents: 3_000,
  ...over,
});
let nextId = 1;
const row = (kind: LedgerRow['kind'], amountCents: number, reverses: number | null = null): LedgerRow => ({
  id: nextId++,
  kind,
  amountCents,
  reverses,
});

describe('deposit and due dates', () => {
  it('takes 3% of the total, rounded half up to the cent', () => {
    expect(depositOf(100_000)).toBe(3_000);
    expect(depositOf(12_345)).toBe(370); // 370.35
    expect(depositOf(150)).toBe(5); // 4.5 rounds up
    expect(depositOf(0)).toBe(0);
  });

  it('makes the balance due 30 days before departure', () => {
    expect(balanceDueDate('2027-03-02')).toBe('2027-01-31');
    expect(balanceDueDate('2027-03-01')).toBe('2027-01-30');
  });

  it('asks for payment in full from 30 days before departure, the deposit only before that', () => {
    expect(fullPaymentRequired('2027-01-31', TODAY)).toBe(true); // exactly 30 days ahead
    expect(fullPaymentRequired('2027-02-01', TODAY)).toBe(false); // 31 days ahead
    expect(nextPayment(booking({ startDate: '2027-01-31' }), [], TODAY)).toEqual({
      kind: 'full',
      amountCents: 100_000,
    });
    expect(nextPayment(booking({ startDate: '2027-02-01' }), [], TODAY)).toEqual({
      kind: 'deposit',
      amountCents: 3_000,
    });
  });
});

describe("a ledger row's signed amount", () => {
  it('is + for money received, - for a refund, and the opposite for a reversal, so rows sum to the net', () => {
    const deposit = row('deposit', 5_000);
    const undo = row('deposit', 5_000, Number(deposit.id));
    const refund = row('refund', 1_000);
    const undoRefund = row('refund', 1_000, Number(refund.id));
    const rows = [deposit, undo, row('balance', 5_000), refund, undoRefund, row('refund', 500)];
    expect(rows.map(signedAmountCents)).toEqual([5_000, -5_000, 5_000, -1_000, 1_000, -500]);
    const { receivedCents, refundedCents } = ledgerTotals(rows);
    expect(rows.reduce((sum, r) => sum + signedAmountCents(r), 0)).toBe(receivedCents - refundedCents);
  });
});

describe('payment state from the ledger', () => {
  it('goes Unpaid, Deposit paid, Paid in full as money arrives', () => {
    const b = booking();
    const s0 = paymentSummary(b, [], TODAY);
    expect(s0).toMatchObject({ state: 'unpaid', dueNowCents: 3_000, dueNowKind: 'deposit', outstandingCents: 100_000 });
    // Part of the deposit is still Unpaid, with the rest of the deposit due.
    const part = [row('deposit', 1_000)];
    expect(paymentSummary(b, part, TODAY)).toMatchObject({ state: 'unpaid', paidCents: 1_000, dueNowCents: 2_000 });
    const deposit = [row('deposit', 3_000)];
    const s1 = paymentSummary(b, deposit, TODAY);
    expect(s1).toMatchObject({ state: 'deposit_paid', dueNowCents: 0, dueNowKind: null, outstandingCents: 97_000 });
    expect(nextPayment(b, deposit, TODAY)).toEqual({ kind: 'balance', amountCents: 97_000 });
    const all = [...deposit, row('balance', 97_000)];
    expect(paymentSummary(b, all, TODAY)).toMatchObject({ state: 'paid_in_full', outstandingCents: 0 });
    expect(nextPayment(b, all, TODAY)).toBeNull();
  });

  it('asks for the whole balance once it is due, and marks it overdue the day after', () => {
    const b = booking();
    const deposit = [row('deposit', 3_000)];
    expect(paymentSummary(b, deposit, '2027-01-31')).toMatchObject({
      dueNowKind: 'balance',
      dueNowCents: 97_000,
      overdue: false,
    });
    expect(paymentSummary(b, deposit, '2027-02-01').overdue).toBe(true);
    expect(paymentSummary(b, [row('full', 100_000)], '2027-02-01').overdue).toBe(false);
  });

  it('uses the frozen due date of a late booking, so it is not overdue when made', () => {
    const late = booking({ startDate: '2027-01-20', balanceDueDate: TODAY });
    expect(paymentSummary(late, [], TODAY)).toMatchObject({
      overdue: false,
      dueNowKind: 'full',
      balanceDueDate: TODAY,
    });
    expect(paymentSummary(late, [], '2027-01-02').overdue).toBe(true);
  });

  it('ignores a reversed row and its reversal', () => {
    const wrong = row('deposit', 3_000);
    const rows = [wrong, row('deposit', 3_000, Number(wrong.id))];
    expect(ledgerTotals(rows)).toEqual({ receivedCents: 0, refundedCents: 0 });
    expect(paymentSummary(booking(), rows, TODAY).state).toBe('unpaid');
    const refund = row('refund', 500);
    expect(ledgerTotals([row('full', 100_000), refund, row('refund', 500, Number(refund.id))])).toEqual({
      receivedCents: 100_000,
      refundedCents: 0,
    });
  });

  it('turns a payment on a cancelled booking into a refund due, then Refunded once given back', () => {
    const cancelled = booking({ status: 'Cancelled', retainedCents: 3_000 });
    const rows = [row('deposit', 3_000)];
    expect(paymentSummary(cancelled, rows, TODAY)).toMatchObject({ state: 'deposit_paid', refundDueCents: 0 });
    rows.push(row('balance', 10_000));
    expect(paymentSummary(cancelled, rows, TODAY)).toMatchObject({
      state: 'refund_due',
      refundDueCents: 10_000,
      dueNowCents: 0,
      outstandingCents: 0,
      overdue: false,
    });
    rows.push(row('refund', 10_000));
    expect(paymentSummary(cancelled, rows, TODAY)).toMatchObject({ state: 'refunded', refundDueCents: 0 });
    // Nothing kept: everything that arrives is owed back.
    expect(paymentSummary(booking({ status: 'Cancelled' }), [row('deposit', 3_000)], TODAY).refundDueCents).toBe(3_000);
  });
});

describe('overpayment', () => {
  it('records at most what is still to pay, and refunds at most what was paid', () => {
    const b = booking();
    expect(maxReceivable(b, [])).toBe(100_000);
    expect(maxReceivable(b, [row('deposit', 3_000)])).toBe(97_000);
    expect(maxReceivable(b, [row('full', 100_000)])).toBe(0);
    expect(maxReceivable(b, [row('full', 100_000), row('refund', 100_000)])).toBe(100_000);
    expect(maxRefundable([row('deposit', 3_000), row('refund', 1_000)])).toBe(2_000);
    expect(maxRefundable([])).toBe(0);
  });

  it('names a payment by what it pays', () => {
    const b = booking();
    expect(kindOfPayment(b, [], 100_000, TODAY)).toBe('full');
    expect(kindOfPayment(b, [], 3_000, TODAY)).toBe('deposit');
    expect(kindOfPayment(b, [], 1_000, TODAY)).toBe('deposit');
    expect(kindOfPayment(b, [row('deposit', 1_000)], 2_000, TODAY)).toBe('deposit');
    expect(kindOfPayment(b, [row('deposit', 3_000)], 97_000, TODAY)).toBe('balance');
  });

  it('never calls more than the missing deposit a deposit', () => {
    // 99,000 of a 100,000 total holds the deposit and most of the balance: a deposit row of that
    // size would overstate what is non-refundable.
    expect(kindOfPayment(booking(), [], 99_000, TODAY)).toBe('balance');
    expect(kindOfPayment(booking(), [row('deposit', 1_000)], 2_001, TODAY)).toBe('balance');
  });

  it('has no deposit step within 30 days of departure', () => {
    const late = booking({ startDate: '2027-01-20' });
    expect(kindOfPayment(late, [], 100_000, TODAY)).toBe('full');
    expect(kindOfPayment(late, [], 3_000, TODAY)).toBe('balance');
  });
});

describe('refund on cancellation', () => {
  const b = { startDate: '2027-03-02', depositCents: 3_000, totalCents: 100_000 };

  it('gives back everything but the deposit 30 or more days ahead, less the fee', () => {
    expect(refundOnCancellation(b, 100_000, TODAY, 0)).toEqual({
      refundCents: 97_000,
      retainedCents: 3_000,
      adminDecides: false,
      overpaidCents: 0,
    });
    // 2.5% of 97,000 cents is 2,425.
    expect(refundOnCancellation(b, 100_000, TODAY, 2.5)).toEqual({
      refundCents: 94_575,
      retainedCents: 5_425,
      adminDecides: false,
      overpaidCents: 0,
    });
    // A fee of 3% of 33 cents (0.99) rounds to 1 cent.
    expect(refundOnCancellation(b, 3_033, TODAY, 3).refundCents).toBe(32);
    expect(refundOnCancellation(b, 2_000, TODAY, 0)).toEqual({
      refundCents: 0,
      retainedCents: 2_000,
      adminDecides: false,
      overpaidCents: 0,
    });
  });

  it('leaves it to an admin (0 suggested) under 30 days, with the edge at exactly 30', () => {
    expect(refundOnCancellation({ ...b, startDate: '2027-01-31' }, 100_000, TODAY, 0).adminDecides).toBe(false);
    expect(refundOnCancellation({ ...b, startDate: '2027-01-30' }, 100_000, TODAY, 0)).toEqual({
      refundCents: 0,
      retainedCents: 100_000,
      adminDecides: true,
      overpaidCents: 0,
    });
  });

  it('owes back in full, fee-free, whatever was paid beyond the total', () => {
    // Paid twice over within 30 days: the second payment is owed back, the operator keeps at most the total.
    expect(refundOnCancellation({ ...b, startDate: '2027-01-20' }, 200_000, TODAY, 0)).toEqual({
      refundCents: 100_000,
      retainedCents: 100_000,
      adminDecides: true,
      overpaidCents: 100_000,
    });
    // Early, with a 2.5% fee: the fee is taken of the 97,000 beyond the deposit only, not of the 4,000 overpaid.
    expect(refundOnCancellation(b, 104_000, TODAY, 2.5)).toEqual({
      refundCents: 94_575 + 4_000,
      retainedCents: 5_425,
      adminDecides: false,
      overpaidCents: 4_000,
    });
  });
});

describe('hold expiry', () => {
  const made = new Date('2027-01-01T10:00:00Z');
  const pending = { status: 'Pending' as const, createdAt: made, depositCents: 3_000 };
  const at = (hours: number) => new Date(made.getTime() + hours * 3_600_000);

  it('expires an unpaid Pending booking after the hold, not before', () => {
    expect(holdExpired(pending, 0, at(71.9), 72)).toBe(false);
    expect(holdExpired(pending, 0, at(72), 72)).toBe(true);
    expect(holdExpired(pending, 2_999, at(100), 72)).toBe(true);
  });

  it('keeps a booking whose deposit is paid or that an admin confirmed', () => {
    expect(holdExpired(pending, 3_000, at(100), 72)).toBe(false);
    expect(holdExpired({ ...pending, status: 'Confirmed' }, 0, at(100), 72)).toBe(false);
    expect(holdExpired({ ...pending, status: 'Cancelled' }, 0, at(100), 72)).toBe(false);
  });
});

describe('reminders', () => {
  const b = { status: 'Confirmed' as const, startDate: '2027-03-02', balanceDueDate: '2027-01-31' };

  it('sends "due soon" 7 days before the due date and "overdue" the day after', () => {
    expect(reminderDate('balance_due_soon', '2027-01-31')).toBe('2027-01-24');
    expect(reminderDate('balance_overdue', '2027-01-31')).toBe('2027-02-01');
    expect(reminderDue('balance_due_soon', b, 97_000, '2027-01-23')).toBe(false);
    expect(reminderDue('balance_due_soon', b, 97_000, '2027-01-24')).toBe(true);
    expect(reminderDue('balance_due_soon', b, 97_000, '2027-01-31')).toBe(true);
    expect(reminderDue('balance_due_soon', b, 97_000, '2027-02-01')).toBe(false);
    expect(reminderDue('balance_overdue', b, 97_000, '2027-01-31')).toBe(false);
    expect(reminderDue('balance_overdue', b, 97_000, '2027-02-01')).toBe(true);
    expect(reminderDue('balance_overdue', b, 97_000, '2027-03-02')).toBe(false);
  });

  it('sends nothing when paid in full or no longer open', () => {
    expect(reminderDue('balance_overdue', b, 0, '2027-02-01')).toBe(false);
    expect(reminderDue('balance_overdue', { ...b, status: 'Cancelled' }, 97_000, '2027-02-01')).toBe(false);
  });
});

describe('a booking made less than 30 days before departure', () => {
  it('is not overdue until its due date has ended everywhere, at least a day after booking', () => {
    // Booked at 10:24 UTC on 2026-11-27, when the earliest calendar day anywhere is still the 26th.
    const bookedOn = travellerToday(new Date('2026-11-27T10:24:00Z'));
    const dueDate = lateBookingDueDate(bookedOn);
    const late = booking({ startDate: '2026-12-20', balanceDueDate: dueDate });
    const at = (iso: string) => paymentSummary(late, [], travellerToday(new Date(iso)));
    expect(at('2026-11-27T10:24:00Z').overdue).toBe(false);
    expect(at('2026-11-28T11:59:00Z').overdue).toBe(false);
    expect(at('2026-11-28T12:00:00Z').overdue).toBe(true);
    expect(reminderDue('balance_overdue', { ...late, balanceDueDate: dueDate }, 97_000, bookedOn)).toBe(false);
  });
});

describe('payment reference', () => {
  it("is 'TB-' and six characters nobody misreads", () => {
    expect(isPaymentReference('TB-ABCD9A')).toBe(true);
    expect(isPaymentReference('tb-abcd9a')).toBe(true);
    expect(isPaymentReference('TB-ABCD0A')).toBe(false);
    expect(isPaymentReference('TB-ABCDE')).toBe(false);
  });
});
