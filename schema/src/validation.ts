/** Field rules shared by the client forms and the server's input validation. */
// Control characters are refused too: PostgreSQL text cannot hold a NUL, and none belongs in an address.
export const EMAIL_RE = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;
/** Every password the server sets (sign-up, reset, ADMIN_PASSWORD) is 8 to 256 characters. */
export const PASSWORD_MIN = 8;
// Long passphrases are welcome: argon2 hashes any length at the same cost; the cap only bounds the request.
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;
export const MESSAGE_MAX = 5000;

export function isEmail(value: string | null | undefined): boolean {
  return !!value && value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

/** Today's date and a date input's minimums: departure >= today, return >= departure or today. */
export function searchDateMinimums(
  today: string,
  departure?: string | null,
): { departureMin: string; returnMin: string } {
  return { departureMin: today, returnMin: departure && departure >= today ? departure : today };
}

/** Local calendar date (YYYY-MM-DD) for date inputs. */
export function localIsoDate(d: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// Digits with the usual separators and an optional leading +.
const PHONE_RE = /^\+?[0-9 ().-]+$/;

/** A telephone number: digits, spaces, dots, dashes and brackets, an optional leading +, at least 6 digits. */
export function isPhone(value: string | null | undefined): boolean {
  return !!value && value.length <= PHONE_MAX && PHONE_RE.test(value) && value.replace(/\D/g, '').length >= 6;
}

/**
 * The length rule of a new password, counted in characters (code points, so an emoji counts once;
 * a password is never trimmed or cut): the message to show, or null when the length is fine.
 */
export function passwordLengthError(password: string): string | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (n > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether a text holds a control character (PostgreSQL text cannot hold a NUL, and none belongs in
 * a title or a name); a multi-line text may hold tabs and line breaks.
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text);
}

/** A date the database stores and ISO 8601 writes without an expanded year: years 1 to 9999. */
export function isStorableDate(d: Date): boolean {
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999;
}

const ISO_MOMENT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a month and day (1-based) exist in a year: 29 February only in a leap year. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return false;
  if (month === 2 && day === 29) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= DAYS_IN_MONTH[month - 1]!;
}

/**
 * A moment written in ISO 8601: a day (YYYY-MM-DD, midnight UTC) or a day and time
 * (2027-07-01T05:00, seconds, fraction and offset optional; without an offset, local time), or
 * null. Only real calendar days and times pass: JavaScript's own parser turns 2026-02-30 into
 * 2 March and reads '-1' as a day of 2001, so a typing slip would be stored as another date.
 */
export function parseIsoDateTime(text: string): Date | null {
  const m = ISO_MOMENT.exec(text);
  if (!m) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  if (n(10) > 23 || n(11) > 59) return null;
  const millis = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const at = new Date(0);
  if (m[4] !== undefined && !m[8] && !m[9]) {
    at.setFullYear(year, month - 1, day);
    at.setHours(hour, minute, second, millis);
    return at;
  }
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, millis);
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (n(10) * 60 + n(11)) : 0;
  return new Date(at.getTime() - offsetMinutes * 60_000);
}

/**
 * A person's name as a booking carries it: letters (any script, accents included), spaces,
 * apostrophes, hyphens and dots, with at least one letter. The name is printed in mails sent to the
 * address the booker typed, so nothing else may pass: no digits, no slashes, no '@', no link.
 */
const PERSON_NAME_RE = /^[\p{L}\p{M}' \u2019.-]+$/u;

// A link as a mail reader would make one: a scheme ('https://'), 'www.', or a domain name: labels
// joined by single dots ending in a top-level domain of two letters or more ('evil.example',
// 'pay-here.co.tz', also inside an email address). A dot followed by a space, as in 'Dr. Ama',
// joins no labels, and 'e.g.' ends in a one-letter label. Read word by word, in linear time.
const SCHEME_OR_WWW = /:\/\/|www\./i;
const DOMAIN_RUN = /[\p{L}\p{N}.-]+/gu;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[\p{L}\p{N}-]+)$/iu;

function isDomain(run: string): boolean {
  const labels = run.replace(/^[.-]+|[.-]+$/g, '').split('.');
  return labels.length >= 2 && labels.every((l) => l !== '') && TOP_LEVEL.test(labels[labels.length - 1]!);
}

/** Whether a text holds a link: a '://' scheme, 'www.' or a domain name. */
export function hasLink(text: string): boolean {
  if (SCHEME_OR_WWW.test(text)) return true;
  for (const [run] of text.matchAll(DOMAIN_RUN)) {
    if (run.includes('.') && run.split(/\.{2,}/).some(isDomain)) return true;
  }
  return false;
}

/** Whether a name holds only letters, spaces, apostrophes, hyphens and dots (and at least one letter), and no link. */
export function isPersonName(name: string): boolean {
  return PERSON_NAME_RE.test(name) && /\p{L}/u.test(name) && !hasLink(name);
}
