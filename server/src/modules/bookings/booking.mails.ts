import { CANCELLATION_POLICY, cancellationTerms, formatUsd } from '@tembea/schema';
import { mailTemplate, type QueuedMail } from '../../common/mail-templates.js';
import {
  mailsToTraveller,
  noteLines,
  renderMail,
  type BookingAccount,
  type ToTraveller,
} from '../../common/mail-layout.js';

import { bookingFacts, totalLines, type Booking, type BookingFacts } from './booking.entity.js';

const money = (cents: number | null | undefined) => (cents == null ? '' : formatUsd(cents / 100));

/** The booking's facts as label/value lines, shared by every booking mail. */
function facts(b: BookingFacts): [string, string][] {
  const lines: [string, string][] = [
    ['Booking', `#${b.id}`],
    ['Tour', b.tourTitle],
    ['Dates', `${b.startDate} to ${b.endDate}`],
    ['People', String(b.numberOfPeople)],
    ['Booking type', b.bookingType],
    ['Tier', b.tier],
    ['Status', b.status],
  ];
  if (b.totalCents == null) {
    lines.push(['Price', 'Contact for pricing: we will send you a quote']);
  } else {
    lines.push(['Price per person', money(b.unitPriceCents)], ['Subtotal', money(b.subtotalCents)]);
    if (b.earlyBird) lines.push(['Early-bird discount (5%)', `-${money(b.earlyBirdDiscountCents)}`]);
    lines.push(...totalLines(b));
    // A cancelled booking owes nothing more: its deposit and balance would read as still due.
    if (b.status !== 'Cancelled')
      lines.push(
        ['Deposit (3%, non-refundable)', money(b.depositCents)],
        ['Balance', `${money(b.balanceCents)} due by ${b.balanceDueDate}`],
      );
  }
  return lines;
}

/** To the traveller when the request is received: the trip, the quote and the policy. */
const bookingReceived = mailTemplate<ToTraveller<{ booking: BookingFacts; publicUrl: string }>>(
  'booking-received',
  ({ booking: b, publicUrl, note }) =>
    renderMail(
      `Hello ${b.name}, thank you for booking with us. We have received your request and will contact you shortly with next steps for your adventure.`,
      facts(b),
      [
        ...noteLines(note),
        `Cancellation policy: ${CANCELLATION_POLICY}`,
        `See or cancel your bookings at ${publicUrl}/my-bookings`,
      ],
      `Booking request received: ${b.tourTitle}`,
    ),
);

/** To the operator for every new booking. */
const operatorNewBooking = mailTemplate<{
  booking: BookingFacts;
  phone: string;
  notes: string | null;
  accountEmail: string;
}>('operator-new-booking', ({ booking: b, phone, notes, accountEmail }) =>
  renderMail(
    `New booking request from ${b.name} (${b.email}, ${phone}), booked with the account ${accountEmail}.`,
    facts(b),
    notes ? [`Special requests: ${notes}`] : [],
    `New booking #${b.id}: ${b.tourTitle}, ${b.startDate}, ${b.numberOfPeople} ${b.numberOfPeople === 1 ? 'person' : 'people'}`,
  ),
);

/** The mails of a new booking: the traveller's (and the account's copy) and the operator's. */
export function newBookingMails(
  b: Booking,
  account: BookingAccount,
  config: { publicUrl: string; mailOperator: string },
): QueuedMail[] {
  const booking = bookingFacts(b);
  return [
    ...mailsToTraveller(bookingReceived, b.email, account, { booking, publicUrl: config.publicUrl }),
    operatorNewBooking.mail(
      config.mailOperator,
      { booking, phone: b.phone, notes: b.notes ?? null, accountEmail: account.email },
      b.email,
    ),
  ];
}

const STATUS_INTRO: Record<string, string> = {
  Confirmed: 'Good news: your booking is confirmed.',
  Completed: 'Your trip is complete. Thank you for travelling with us; we hope to see you again.',
  Cancelled: 'Your booking has been cancelled.',
};

/**
 * To the traveller when the status changes, with what becomes of their money: on a cancellation
 * what is refunded of what was paid, on a confirmation what is left to pay and by when.
 */
const statusChanged = mailTemplate<
  ToTraveller<{
    booking: BookingFacts;
    publicUrl: string;
    moneyLine?: string | null;
    /** The name the money line had in mails queued before confirmations had one. */
    refundLine?: string | null;
    today: string;
  }>
>('booking-status-changed', ({ booking: b, publicUrl, moneyLine, refundLine, today, note }) => {
  const outro = [`See your bookings at ${publicUrl}/my-bookings`];
  const line = moneyLine ?? refundLine;
  if (line) outro.unshift(line);
  if (b.status === 'Cancelled') outro.unshift(cancellationTerms(b.startDate, today).text);
  return renderMail(
    `Hello ${b.name}. ${STATUS_INTRO[b.status] ?? `Your booking is now ${b.status}.`}`,
    facts(b),
    [...noteLines(note), ...outro],
    `Your booking is ${b.status}: ${b.tourTitle}`,
  );
});

export function statusChangedMails(
  b: Booking,
  account: BookingAccount | null,
  publicUrl: string,
  moneyLine: string | null,
  today: string,
): QueuedMail[] {
  return mailsToTraveller(statusChanged, b.email, account, {
    booking: bookingFacts(b),
    publicUrl,
    moneyLine,
    today,
  });
}

/** To the traveller when an unpaid hold ran out: the booking is cancelled and its seats freed. */
const holdExpired = mailTemplate<ToTraveller<{ booking: BookingFacts; publicUrl: string; holdHours: number }>>(
  'booking-hold-expired',
  ({ booking: b, publicUrl, holdHours, note }) =>
    renderMail(
      `Hello ${b.name}. We held your booking for ${holdHours} hours, but its deposit has not arrived, so we have cancelled it and released its places.`,
      facts(b),
      [
        ...noteLines(note),
        'If you have paid in the meantime, reply to this mail with your payment reference and we will sort it out.',
        `You are welcome to book again at ${publicUrl}/tours`,
      ],
      `Booking cancelled: no deposit received for ${b.tourTitle}`,
    ),
);

export function holdExpiredMails(
  b: Booking,
  account: BookingAccount | null,
  publicUrl: string,
  holdHours: number,
): QueuedMail[] {
  return mailsToTraveller(holdExpired, b.email, account, { booking: bookingFacts(b), publicUrl, holdHours });
}

export const bookingMailTemplates = [bookingReceived, operatorNewBooking, statusChanged, holdExpired];
