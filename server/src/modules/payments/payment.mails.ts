import { amountInWords, formatUsd, PAYMENT_METHOD_LABELS, type PaymentSummary } from '@tembea/schema';
import type { MailMessage } from '../../common/mail.js';
import type { Config } from '../../config.js';
import { grandTotalCentsOf, type Booking } from '../bookings/booking.entity.js';
import { mailsToTraveller, renderMail, type BookingAccount } from '../../common/mail-layout.js';
import type { PaymentEntry } from './payment.entity.js';

const money = (cents: number) => formatUsd(cents / 100);

/** The booking a payment mail is about, and its money. */
function facts(b: Booking, s: PaymentSummary): [string, string][] {
  const rows: [string, string][] = [
    ['Booking', `#${b.id}`],
    ['Payment reference', b.paymentReference],
    ['Tour', b.tourTitle],
    ['Dates', `${b.startDate} to ${b.endDate}`],
  ];
  if (b.parkFeesCents != null)
    rows.push(['Tour price', money(b.totalCents ?? 0)], ['Park fees, paid on to the parks', money(b.parkFeesCents)]);
  rows.push(
    ['Total', money(grandTotalCentsOf(b) ?? 0)],
    ['Deposit (3%, non-refundable)', money(b.depositCents ?? 0)],
    ['Paid', money(s.paidCents)],
    ['Balance due by', s.balanceDueDate],
  );
  return rows;
}

function render(intro: string, b: Booking, s: PaymentSummary, outro: string[], subject: string, to: string) {
  return renderMail(intro, facts(b, s), outro, subject, to);
}

const toTravellers = (
  b: Booking,
  account: BookingAccount | null,
  build: (to: string, note: string | null) => MailMessage,
) => mailsToTraveller(b.email, account, build);

/** How to pay the rest: the reference, the operator's accounts and the card page. */
export function howToPay(b: Booking, config: Config): string[] {
  const p = config.payments;
  const lines = [`Quote your payment reference ${b.paymentReference} with every payment.`];
  if (p.bank) {
    const bank = [p.bank.name, `account name ${p.bank.accountName}`, `account number ${p.bank.accountNumber}`];
    if (p.bank.swift) bank.push(`SWIFT ${p.bank.swift}`);
    if (p.bank.branch) bank.push(`branch ${p.bank.branch}`);
    lines.push(`Bank transfer: ${bank.join(', ')}.`);
  }
  for (const m of p.mobileMoney) lines.push(`${PAYMENT_METHOD_LABELS[m.provider]}: ${m.number}.`);
  if (p.stripe) lines.push(`Pay by card at ${config.publicUrl}/my-bookings`);
  else if (!p.bank && !p.mobileMoney.length) lines.push('Reply to this mail and we will tell you how to pay.');
  return lines;
}

function statusLine(s: PaymentSummary): string {
  const parts = [`Paid so far: ${money(s.paidCents)}`];
  if (s.outstandingCents > 0) parts.push(`still to pay: ${money(s.outstandingCents)} by ${s.balanceDueDate}`);
  if (s.refundDueCents > 0) parts.push(`to be refunded to you: ${money(s.refundDueCents)}`);
  return `${parts.join('; ')}.`;
}

/** To the traveller when a payment is recorded: a receipt. */
export function paymentReceivedMails(
  b: Booking,
  account: BookingAccount | null,
  entry: PaymentEntry,
  s: PaymentSummary,
  config: Config,
): MailMessage[] {
  return toTravellers(b, account, (to, note) =>
    render(
      `Hello ${b.name}. Thank you: we have received ${money(entry.amountCents)} (${amountInWords(entry.amountCents)}) by ${PAYMENT_METHOD_LABELS[entry.method]} on ${entry.receivedOn} for your booking, reference ${b.paymentReference}.`,
      b,
      s,
      [
        ...(note ? [note] : []),
        `Receipt number ${entry.id}.`,
        statusLine(s),
        ...(s.outstandingCents > 0 ? howToPay(b, config) : []),
        `See your bookings and print this receipt at ${config.publicUrl}/my-bookings`,
      ],
      `Payment received: ${money(entry.amountCents)} for ${b.tourTitle}`,
      to,
    ),
  );
}

/** To the traveller when money is given back. */
export function refundIssuedMails(
  b: Booking,
  account: BookingAccount | null,
  entry: PaymentEntry,
  s: PaymentSummary,
  config: Config,
): MailMessage[] {
  const via = entry.provider === 'stripe' ? 'to the card you paid with' : `by ${PAYMENT_METHOD_LABELS[entry.method]}`;
  return toTravellers(b, account, (to, note) =>
    render(
      `Hello ${b.name}. We have refunded ${money(entry.amountCents)} (${amountInWords(entry.amountCents)}) ${via} for your booking, reference ${b.paymentReference}.`,
      b,
      s,
      [
        ...(note ? [note] : []),
        ...(entry.provider === 'stripe' ? ['A card refund usually shows on your statement within 5 to 10 days.'] : []),
        statusLine(s),
        `See your bookings at ${config.publicUrl}/my-bookings`,
      ],
      `Refund issued: ${money(entry.amountCents)} for ${b.tourTitle}`,
      to,
    ),
  );
}

/** To the traveller 7 days before the balance is due, and the day after it if still unpaid. */
export function balanceReminderMails(
  kind: 'balance_due_soon' | 'balance_overdue',
  b: Booking,
  account: BookingAccount | null,
  s: PaymentSummary,
  config: Config,
): MailMessage[] {
  const amount = `${money(s.outstandingCents)} (${amountInWords(s.outstandingCents)})`;
  const intro =
    kind === 'balance_due_soon'
      ? `Hello ${b.name}. A friendly reminder: the balance of your booking, ${amount}, is due by ${s.balanceDueDate}.`
      : `Hello ${b.name}. The balance of your booking, ${amount}, was due on ${s.balanceDueDate} and we have not received it yet. Please pay it now to keep your places.`;
  return toTravellers(b, account, (to, note) =>
    render(
      intro,
      b,
      s,
      [
        ...(note ? [note] : []),
        statusLine(s),
        ...howToPay(b, config),
        'If you have paid in the last few days, thank you, and please ignore this mail.',
      ],
      kind === 'balance_due_soon'
        ? `Balance due by ${s.balanceDueDate}: ${b.tourTitle}`
        : `Balance overdue: ${b.tourTitle}`,
      to,
    ),
  );
}
