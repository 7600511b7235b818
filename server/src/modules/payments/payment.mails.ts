import {
  amountInWords,
  formatUsd,
  receiptNumber,
  PAYMENT_METHOD_LABELS,
  type CancellationRefund,
  type PaymentSummary,
} from '@tembea/schema';
import type { Config } from '../../config.js';
import type { PaymentConfig } from '../../payment-config.js';
import { mailTemplate, type QueuedMail } from '../../common/mail-templates.js';
import { bookingFacts, totalLines, type Booking, type BookingFacts } from '../bookings/booking.entity.js';
import {
  mailsToTraveller,
  noteLines,
  renderMail,
  type BookingAccount,
  type ToTraveller,
} from '../../common/mail-layout.js';
import type { PaymentEntry } from './payment.entity.js';

const money = (cents: number) => formatUsd(cents / 100);

/** What a payment mail tells of the booking's payments. */
type PaymentFacts = Pick<PaymentSummary, 'paidCents' | 'outstandingCents' | 'refundDueCents' | 'balanceDueDate'>;
/** What it tells of one ledger row. */
type EntryFacts = Pick<PaymentEntry, 'id' | 'amountCents' | 'method' | 'provider' | 'receivedOn'>;
/** The ways to pay the operator takes (never its card provider's secrets). */
interface PayWays {
  bank: PaymentConfig['bank'];
  mobileMoney: PaymentConfig['mobileMoney'];
  card: boolean;
}

/** The data every payment mail has. */
type PaymentMailData = ToTraveller<{ booking: BookingFacts; summary: PaymentFacts; publicUrl: string }>;

/** The booking a payment mail is about, and its money. */
function facts(b: BookingFacts, s: PaymentFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Booking', `#${b.id}`],
    ['Payment reference', b.paymentReference],
    ['Tour', b.tourTitle],
    ['Dates', `${b.startDate} to ${b.endDate}`],
  ];
  rows.push(
    ...totalLines(b),
    ['Deposit (3%, non-refundable)', money(b.depositCents ?? 0)],
    ['Paid', money(s.paidCents)],
  );
  // Only while something is still to pay: a booking paid in full or cancelled has no balance due.
  if (s.outstandingCents > 0) rows.push(['Balance due by', s.balanceDueDate]);
  return rows;
}

/** How to pay the rest: the reference, the operator's accounts and the card page. */
function howToPay(b: BookingFacts, ways: PayWays, publicUrl: string): string[] {
  const lines = [`Quote your payment reference ${b.paymentReference} with every payment.`];
  if (ways.bank) {
    const bank = [ways.bank.name, `account name ${ways.bank.accountName}`, `account number ${ways.bank.accountNumber}`];
    if (ways.bank.swift) bank.push(`SWIFT ${ways.bank.swift}`);
    if (ways.bank.branch) bank.push(`branch ${ways.bank.branch}`);
    lines.push(`Bank transfer: ${bank.join(', ')}.`);
  }
  for (const m of ways.mobileMoney) lines.push(`${PAYMENT_METHOD_LABELS[m.provider]}: ${m.number}.`);
  if (ways.card) lines.push(`Pay by card at ${publicUrl}/my-bookings`);
  else if (!ways.bank && !ways.mobileMoney.length) lines.push('Reply to this mail and we will tell you how to pay.');
  return lines;
}

function statusLine(s: PaymentFacts): string {
  const parts = [`Paid so far: ${money(s.paidCents)}`];
  if (s.outstandingCents > 0) parts.push(`still to pay: ${money(s.outstandingCents)} by ${s.balanceDueDate}`);
  if (s.refundDueCents > 0) parts.push(`to be refunded to you: ${money(s.refundDueCents)}`);
  return `${parts.join('; ')}.`;
}

/** To the traveller when a payment is recorded: a receipt. */
const paymentReceived = mailTemplate<PaymentMailData & { entry: EntryFacts; ways: PayWays }>(
  'payment-received',
  ({ booking: b, summary: s, entry, ways, publicUrl, note }) =>
    renderMail(
      `Hello ${b.name}. Thank you: we have received ${money(entry.amountCents)} (${amountInWords(entry.amountCents)}) by ${PAYMENT_METHOD_LABELS[entry.method]} on ${entry.receivedOn} for your booking, reference ${b.paymentReference}.`,
      facts(b, s),
      [
        ...noteLines(note),
        `Receipt number ${receiptNumber(b.paymentReference, entry.id)}.`,
        statusLine(s),
        ...(s.outstandingCents > 0 ? howToPay(b, ways, publicUrl) : []),
        `See your bookings and print this receipt at ${publicUrl}/my-bookings`,
      ],
      `Payment received: ${money(entry.amountCents)} for ${b.tourTitle}`,
    ),
);

/** To the traveller when money is given back. */
const refundIssued = mailTemplate<PaymentMailData & { entry: EntryFacts }>(
  'refund-issued',
  ({ booking: b, summary: s, entry, publicUrl, note }) => {
    const via = entry.provider === 'stripe' ? 'to the card you paid with' : `by ${PAYMENT_METHOD_LABELS[entry.method]}`;
    return renderMail(
      `Hello ${b.name}. We have refunded ${money(entry.amountCents)} (${amountInWords(entry.amountCents)}) ${via} for your booking, reference ${b.paymentReference}.`,
      facts(b, s),
      [
        ...noteLines(note),
        ...(entry.provider === 'stripe' ? ['A card refund usually shows on your statement within 5 to 10 days.'] : []),
        statusLine(s),
        `See your bookings at ${publicUrl}/my-bookings`,
      ],
      `Refund issued: ${money(entry.amountCents)} for ${b.tourTitle}`,
    );
  },
);

/** To the traveller 7 days before the balance is due, and the day after it if still unpaid. */
const balanceReminder = mailTemplate<PaymentMailData & { kind: 'balance_due_soon' | 'balance_overdue'; ways: PayWays }>(
  'balance-reminder',
  ({ kind, booking: b, summary: s, ways, publicUrl, note }) => {
    const amount = `${money(s.outstandingCents)} (${amountInWords(s.outstandingCents)})`;
    const intro =
      kind === 'balance_due_soon'
        ? `Hello ${b.name}. A friendly reminder: the balance of your booking, ${amount}, is due by ${s.balanceDueDate}.`
        : `Hello ${b.name}. The balance of your booking, ${amount}, was due on ${s.balanceDueDate} and we have not received it yet. Please pay it now to keep your places.`;
    return renderMail(
      intro,
      facts(b, s),
      [
        ...noteLines(note),
        statusLine(s),
        ...howToPay(b, ways, publicUrl),
        'If you have paid in the last few days, thank you, and please ignore this mail.',
      ],
      kind === 'balance_due_soon'
        ? `Balance due by ${s.balanceDueDate}: ${b.tourTitle}`
        : `Balance overdue: ${b.tourTitle}`,
    );
  },
);

function common(b: Booking, s: PaymentSummary, config: Config) {
  const { paidCents, outstandingCents, refundDueCents, balanceDueDate } = s;
  return {
    booking: bookingFacts(b),
    summary: { paidCents, outstandingCents, refundDueCents, balanceDueDate },
    publicUrl: config.publicUrl,
  };
}

const payWays = ({ payments: p }: Config): PayWays => ({ bank: p.bank, mobileMoney: p.mobileMoney, card: !!p.stripe });

const entryFacts = (e: PaymentEntry): EntryFacts => ({
  id: e.id,
  amountCents: e.amountCents,
  method: e.method,
  provider: e.provider,
  receivedOn: e.receivedOn,
});

export function paymentReceivedMails(
  b: Booking,
  account: BookingAccount | null,
  entry: PaymentEntry,
  s: PaymentSummary,
  config: Config,
): QueuedMail[] {
  return mailsToTraveller(paymentReceived, b.email, account, {
    ...common(b, s, config),
    entry: entryFacts(entry),
    ways: payWays(config),
  });
}

export function refundIssuedMails(
  b: Booking,
  account: BookingAccount | null,
  entry: PaymentEntry,
  s: PaymentSummary,
  config: Config,
): QueuedMail[] {
  return mailsToTraveller(refundIssued, b.email, account, { ...common(b, s, config), entry: entryFacts(entry) });
}

export function balanceReminderMails(
  kind: 'balance_due_soon' | 'balance_overdue',
  b: Booking,
  account: BookingAccount | null,
  s: PaymentSummary,
  config: Config,
): QueuedMail[] {
  return mailsToTraveller(balanceReminder, b.email, account, { ...common(b, s, config), kind, ways: payWays(config) });
}

export const paymentMailTemplates = [paymentReceived, refundIssued, balanceReminder];

/** What the traveller's cancellation mail says about their money; null when nothing was paid. */
export function cancellationRefundLine(paidCents: number, refund: CancellationRefund): string | null {
  if (paidCents <= 0) return null;
  const paid = formatUsd(paidCents / 100);
  const refundText = `${formatUsd(refund.refundCents / 100)} (${amountInWords(refund.refundCents)})`;
  if (refund.adminDecides && refund.overpaidCents > 0)
    return `You have paid ${paid}; ${refundText}, paid beyond the trip's total, will be refunded to you. As the cancellation comes less than 30 days before departure, we will let you know what, if anything more, can be refunded.`;
  if (refund.adminDecides)
    return `You have paid ${paid}. As the cancellation comes less than 30 days before departure, we will let you know what, if anything, can be refunded.`;
  if (refund.refundCents <= 0) return `You have paid ${paid}, the non-refundable deposit: nothing is due back.`;
  return `You have paid ${paid}; ${refundText} will be refunded to you.`;
}

/** What the traveller's confirmation mail asks them to pay, from the booking's payments on the day. */
export function dueLine(s: PaymentSummary): string {
  if (s.outstandingCents <= 0) return 'Your booking is paid in full: nothing more is due.';
  if (s.dueNowKind === 'deposit')
    return `Please pay the deposit of ${money(s.dueNowCents)} now and the balance of ${money(s.outstandingCents - s.dueNowCents)} by ${s.balanceDueDate}.`;
  if (s.dueNowKind)
    return `Please pay the ${money(s.outstandingCents)} still due now: a trip this close to departure is paid in full before it starts.`;
  return `Please pay the balance of ${money(s.outstandingCents)} by ${s.balanceDueDate}.`;
}
