import { mailTemplate, type QueuedMail } from '../../common/mail-templates.js';
import {
  mailsToTraveller,
  noteLines,
  renderMail,
  type BookingAccount,
  type ToTraveller,
} from '../../common/mail-layout.js';
import { bookingFacts, type Booking, type BookingFacts } from '../bookings/booking.entity.js';

/**
 * To the traveller a few days before the last day to complete the list of who travels: what is
 * still missing, until when, and where to add it. Names what is missing (a field), never a value.
 */
const travellerDetailsReminder = mailTemplate<
  ToTraveller<{ booking: BookingFacts; missing: string[]; deadline: string; publicUrl: string }>
>('traveller-details-reminder', ({ booking: b, missing, deadline, publicUrl, note }) =>
  renderMail(
    `Hello ${b.name}. The park gates ask for the details of everyone on your trip. Please complete them by ${deadline}.`,
    [
      ['Booking', `#${b.id}`],
      ['Tour', b.tourTitle],
      ['Dates', `${b.startDate} to ${b.endDate}`],
      ['People', String(b.numberOfPeople)],
      ['Complete by', deadline],
    ],
    [
      ...noteLines(note),
      `Still missing:\n${missing.map((m) => `- ${m}`).join('\n')}`,
      `Add them in My bookings: ${publicUrl}/my-bookings`,
      `After ${deadline} the details can only be changed by contacting us.`,
    ],
    `Traveller details needed by ${deadline}: ${b.tourTitle}`,
  ),
);

export function travellerDetailsReminderMails(
  b: Booking,
  account: BookingAccount | null,
  missing: readonly string[],
  deadline: string,
  publicUrl: string,
): QueuedMail[] {
  return mailsToTraveller(travellerDetailsReminder, b.email, account, {
    booking: bookingFacts(b),
    missing: [...missing],
    deadline,
    publicUrl,
  });
}

export const travellerMailTemplates = [travellerDetailsReminder];
