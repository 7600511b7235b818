import { escapeHtml } from './mail.js';
import type { MailTemplate, QueuedMail, RenderedMail } from './mail-templates.js';

/** A mail to a traveller: the intro, facts as a label/value table, then the closing paragraphs. */
export function renderMail(intro: string, rows: [string, string][], outro: string[], subject: string): RenderedMail {
  return {
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
 * Why a booking mail went to this address when it goes to two: a mail to the contact address names
 * the account that booked (`bookedWith`), the account's copy names the contact address (`copyTo`).
 */
export type RecipientNote = { bookedWith: string } | { copyTo: string };

/** The data of a traveller's mail: what the event tells, and the note of this address. */
export type ToTraveller<D> = D & { note: RecipientNote | null };

/** The note as the mail's first closing paragraph (none for the only address). */
export function noteLines(note: RecipientNote | null): string[] {
  if (!note) return [];
  if ('bookedWith' in note)
    return [
      `This booking was made with the Tembea account ${note.bookedWith}. If you do not know it, you may ignore this mail or reply to tell us.`,
    ];
  return [`A copy of this mail went to ${note.copyTo}, the contact address given with the booking.`];
}

/**
 * One mail of a booking for each address it goes to: the contact address typed into the booking,
 * and the booking account's own address when that is another one. A mail to an address other than
 * the account's names the account that booked, so nobody can send a booking mail in someone else's
 * name to a stranger unseen; the account's copy says where the other went.
 */
export function mailsToTraveller<D>(
  template: MailTemplate<ToTraveller<D>>,
  contactEmail: string,
  account: BookingAccount | null,
  data: D,
): QueuedMail[] {
  // A booking whose account was deleted has only its contact address left.
  if (!account || contactEmail.toLowerCase() === account.email.toLowerCase())
    return [template.mail(contactEmail, { ...data, note: null })];
  return [
    template.mail(contactEmail, { ...data, note: { bookedWith: account.email } }),
    template.mail(account.email, { ...data, note: { copyTo: contactEmail } }),
  ];
}
