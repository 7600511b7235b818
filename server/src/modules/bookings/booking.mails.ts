import { CANCELLATION_POLICY, cancellationTerms, formatUsd, travellerToday } from '@tembea/schema';
import type { MailMessage } from '../../common/mail.js';
import { mailsToTraveller, renderMail, type BookingAccount } from '../../common/mail-layout.js';

import { grandTotalCentsOf, type Booking } from './booking.entity.js';

const money = (cents: number | null | undefined) => (cents == null ? '' : formatUsd(cents / 100));

/** The booking's facts as label/value lines, shared by every booking mail. */
function facts(b: Booking): [string, string][] {
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
    if (b.parkFeesCents != null)
      lines.push(['Tour price', money(b.totalCents)], ['Park fees, paid on to the parks', money(b.parkFeesCents)]);
    lines.push(
      ['Total', money(grandTotalCentsOf(b))],
      ['Deposit (3%, non-refundable)', money(b.depositCents)],
      ['Balance', `${money(b.balanceCents)} due by ${b.balanceDueDate}`],
    );
  }
  return lines;
}

/** A booking mail: the intro, the booking's facts as a table, then the closing paragraphs. */
function render(
  intro: string,
  b: Booking,
  outro: string[],
  subject: string,
  to: string,
  replyTo?: string,
): MailMessage {
  return renderMail(intro, facts(b), outro, subject, to, replyTo);
}

const toTravellers = (
  b: Booking,
  account: BookingAccount | null,
  build: (to: string, note: string | null) => MailMessage,
) => mailsToTraveller(b.email, account, build);

/** To the traveller when the request is received: the trip, the quote and the policy. */
export function bookingReceivedMails(b: Booking, account: BookingAccount, publicUrl: string): MailMessage[] {
  return toTravellers(b, account, (to, note) =>
    render(
      `Hello ${b.name}, thank you for booking with us. We have received your request and will contact you shortly with next steps for your adventure.`,
      b,
      [
        ...(note ? [note] : []),
        `Cancellation policy: ${CANCELLATION_POLICY}`,
        `See or cancel your bookings at ${publicUrl}/my-bookings`,
      ],
      `Booking request received: ${b.tourTitle}`,
      to,
    ),
  );
}

/** To the operator for every new booking. */
export function operatorNewBookingMail(b: Booking, account: BookingAccount, to: string): MailMessage {
  return render(
    `New booking request from ${b.name} (${b.email}, ${b.phone}), booked with the account ${account.email}.`,
    b,
    b.notes ? [`Special requests: ${b.notes}`] : [],
    `New booking #${b.id}: ${b.tourTitle}, ${b.startDate}, ${b.numberOfPeople} ${b.numberOfPeople === 1 ? 'person' : 'people'}`,
    to,
    b.email,
  );
}

const STATUS_INTRO: Record<string, string> = {
  Confirmed: 'Good news: your booking is confirmed.',
  Completed: 'Your trip is complete. Thank you for travelling with us; we hope to see you again.',
  Cancelled: 'Your booking has been cancelled.',
};

/** To the traveller when the status changes; a cancellation says what is refunded of what was paid. */
export function statusChangedMails(
  b: Booking,
  account: BookingAccount | null,
  publicUrl: string,
  refundLine: string | null = null,
): MailMessage[] {
  const outro = [`See your bookings at ${publicUrl}/my-bookings`];
  if (refundLine) outro.unshift(refundLine);
  if (b.status === 'Cancelled') outro.unshift(cancellationTerms(b.startDate, travellerToday()).text);
  if (b.status === 'Confirmed' && b.balanceDueDate)
    outro.unshift(`Please pay the deposit now and the balance by ${b.balanceDueDate}.`);
  return toTravellers(b, account, (to, note) =>
    render(
      `Hello ${b.name}. ${STATUS_INTRO[b.status] ?? `Your booking is now ${b.status}.`}`,
      b,
      [...(note ? [note] : []), ...outro],
      `Your booking is ${b.status}: ${b.tourTitle}`,
      to,
    ),
  );
}

/** To the traveller when an unpaid hold ran out: the booking is cancelled and its seats freed. */
export function holdExpiredMails(
  b: Booking,
  account: BookingAccount | null,
  publicUrl: string,
  holdHours: number,
): MailMessage[] {
  return toTravellers(b, account, (to, note) =>
    render(
      `Hello ${b.name}. We held your booking for ${holdHours} hours, but its deposit has not arrived, so we have cancelled it and released its places.`,
      b,
      [
        ...(note ? [note] : []),
        'If you have paid in the meantime, reply to this mail with your payment reference and we will sort it out.',
        `You are welcome to book again at ${publicUrl}/tours`,
      ],
      `Booking cancelled: no deposit received for ${b.tourTitle}`,
      to,
    ),
  );
}
