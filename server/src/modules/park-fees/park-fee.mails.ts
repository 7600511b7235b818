import { formatUsd, type PaymentSummary } from '@tembea/schema';
import { mailTemplate, type QueuedMail } from '../../common/mail-templates.js';
import {
  mailsToTraveller,
  noteLines,
  renderMail,
  type BookingAccount,
  type ToTraveller,
} from '../../common/mail-layout.js';
import { bookingFacts, type Booking, type BookingFacts } from '../bookings/booking.entity.js';
import type { ParkFeeChangeCause } from './park-fee-freeze.service.js';

const money = (cents: number) => formatUsd(cents / 100);

/** A change of a booking's park fees as its mail tells it. */
interface FeeChange {
  oldCents: number;
  newCents: number;
  grandTotalCents: number | null;
  summary: Pick<PaymentSummary, 'paidCents' | 'outstandingCents' | 'refundDueCents' | 'balanceDueDate'> | null;
  /** What changed the fees; absent in mails queued before it was told, which say it neutrally. */
  cause?: ParkFeeChangeCause;
}

/** Why the fees changed, as the mail opens: only the cause that is known is named. */
const BECAUSE: Record<ParkFeeChangeCause, string> = {
  FEES: 'The parks have changed their fees for the days of your trip, so the park fees of your booking have changed.',
  TRAVELLERS:
    'The parks charge each visitor by residency and by age on the day. The details of the travellers now given for your booking change what the parks charge for your trip, so the park fees of your booking have changed.',
  MIXED:
    'The park fees of your booking have been worked out again, at the fees the parks charge now and for the travellers on it, and they have changed.',
};

/**
 * To the traveller when the park fees of their trip changed (the parks' fees, or who travels as
 * the parks charge them) and the operator passed the change on: why, the old and new fees, the
 * new totals, and what they now owe.
 */
const parkFeesChanged = mailTemplate<ToTraveller<{ booking: BookingFacts; change: FeeChange; publicUrl: string }>>(
  'park-fees-changed',
  ({ booking: b, change, publicUrl, note }) => {
    const diff = change.newCents - change.oldCents;
    const s = change.summary;
    const rows: [string, string][] = [
      ['Booking', `#${b.id}`],
      ['Tour', b.tourTitle],
      ['Dates', `${b.startDate} to ${b.endDate}`],
      ['Park fees before', money(change.oldCents)],
      ['Park fees now', money(change.newCents)],
      [diff >= 0 ? 'Increase' : 'Decrease', money(Math.abs(diff))],
    ];
    // A booking the operator still has to price owes nothing yet: only the fees are told.
    if (s && b.totalCents != null && change.grandTotalCents != null)
      rows.push(
        ['Tour price', money(b.totalCents)],
        ['New total', money(change.grandTotalCents)],
        ['Deposit (3%, non-refundable)', money(b.depositCents ?? 0)],
        ['Paid so far', money(s.paidCents)],
        ['Still to pay', `${money(s.outstandingCents)} by ${s.balanceDueDate}`],
      );
    const outro = [
      'The park and conservation fees are set by the parks and paid on to them in full; as our terms allow, a change of these fees after booking is passed on at cost.',
    ];
    if (s && s.refundDueCents > 0)
      outro.push(`You have paid ${money(s.refundDueCents)} more than you now owe: we will refund it.`);
    outro.push(`See your bookings at ${publicUrl}/my-bookings`);
    return renderMail(
      `Hello ${b.name}. ${BECAUSE[change.cause ?? 'MIXED']}`,
      rows,
      [...noteLines(note), ...outro],
      `Park fees changed for your booking: ${b.tourTitle}`,
    );
  },
);

export function parkFeesChangedMails(
  b: Booking,
  account: BookingAccount | null,
  change: {
    oldCents: number;
    newCents: number;
    grandTotalCents: number | null;
    summary: PaymentSummary | null;
    cause: ParkFeeChangeCause;
  },
  publicUrl: string,
): QueuedMail[] {
  const s = change.summary;
  return mailsToTraveller(parkFeesChanged, b.email, account, {
    booking: bookingFacts(b),
    change: {
      ...change,
      summary: s && {
        paidCents: s.paidCents,
        outstandingCents: s.outstandingCents,
        refundDueCents: s.refundDueCents,
        balanceDueDate: s.balanceDueDate,
      },
    },
    publicUrl,
  });
}

export const parkFeeMailTemplates = [parkFeesChanged];
