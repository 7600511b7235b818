import { mailsToTraveller, renderMail, type BookingAccount } from '../../common/mail-layout.js';
import type { MailMessage } from '../../common/mail.js';
import type { Booking } from '../bookings/booking.entity.js';

/**
 * To the traveller a few days before the last day to complete the list of who travels: what is
 * still missing, until when, and where to add it. Names what is missing (a field), never a value.
 */
export function travellerDetailsReminderMails(
  b: Booking,
  account: BookingAccount | null,
  missing: readonly string[],
  deadline: string,
  publicUrl: string,
): MailMessage[] {
  return mailsToTraveller(b.email, account, (to, note) =>
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
        ...(note ? [note] : []),
        `Still missing:\n${missing.map((m) => `- ${m}`).join('\n')}`,
        `Add them in My bookings: ${publicUrl}/my-bookings`,
        `After ${deadline} the details can only be changed by contacting us.`,
      ],
      `Traveller details needed by ${deadline}: ${b.tourTitle}`,
      to,
    ),
  );
}
