import { escapeHtml, type MailMessage } from './mail.js';

/** A mail to a traveller: the intro, facts as a label/value table, then the closing paragraphs. */
export function renderMail(
  intro: string,
  rows: [string, string][],
  outro: string[],
  subject: string,
  to: string,
  replyTo?: string,
): MailMessage {
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
export function mailsToTraveller(
  contactEmail: string,
  account: BookingAccount | null,
  build: (to: string, note: string | null) => MailMessage,
): MailMessage[] {
  // A booking whose account was deleted has only its contact address left.
  if (!account || contactEmail.toLowerCase() === account.email.toLowerCase()) return [build(contactEmail, null)];
  return [
    build(
      contactEmail,
      `This booking was made with the Tembea account ${account.email}. If you do not know it, you may ignore this mail or reply to tell us.`,
    ),
    build(account.email, `A copy of this mail went to ${contactEmail}, the contact address given with the booking.`),
  ];
}
