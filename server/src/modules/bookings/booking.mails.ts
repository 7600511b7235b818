import { CANCELLATION_POLICY, cancellationTerms, formatUsd, travellerToday } from '@tembea/schema';
import { escapeHtml, type MailMessage } from '../../common/mail.js';
import type { Booking } from './booking.entity.js';

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
    lines.push(
      ['Total', money(b.totalCents)],
      ['Deposit (3%, non-refundable)', money(b.depositCents)],
      ['Balance', `${money(b.balanceCents)} due by ${b.balanceDueDate}`],
    );
  }
  return lines;
}

function render(
  intro: string,
  b: Booking,
  outro: string[],
  subject: string,
  to: string,
  replyTo?: string,
): MailMessage {
  const rows = facts(b);
  return {
    to,
    replyTo,
    subject,
    text: `${intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${outro.join('\n\n')}`,
    html:
      `<p>${escapeHtml(intro)}</p><table style="border-collapse:collapse;font-size:14px">` +
      rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#575650">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`,
        )
        .join('') +
      `</table>${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}`,
  };
}

/** The account a booking was made with: its own address gets every mail of its bookings. */
export interface BookingAccount {
  email: string;
}

/**
 * One mail of a booking for each address it goes to: the contact address typed into the booking,
 * and the booking account's own address when that is another one. A mail to an address other than
 * the account's names the account that booked, so nobody can send a booking mail in someone else's
 * name to a stranger unseen; the account's copy says where the other went.
 */
function toTravellers(
  b: Booking,
  account: BookingAccount | null,
  build: (to: string, note: string | null) => MailMessage,
): MailMessage[] {
  // A booking whose account was deleted has only its contact address left.
  if (!account || b.email.toLowerCase() === account.email.toLowerCase()) return [build(b.email, null)];
  return [
    build(
      b.email,
      `This booking was made with the Tembea account ${account.email}. If you do not know it, you may ignore this mail or reply to tell us.`,
    ),
    build(account.email, `A copy of this mail went to ${b.email}, the contact address given with the booking.`),
  ];
}

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

/** To the traveller when the status changes. */
export function statusChangedMails(b: Booking, account: BookingAccount | null, publicUrl: string): MailMessage[] {
  const outro = [`See your bookings at ${publicUrl}/my-bookings`];
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
