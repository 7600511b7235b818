/** Field rules shared by the client forms and the server's input validation (spec 5). */
// Control characters are refused too: PostgreSQL text cannot hold a NUL, and none belongs in an address.
export const EMAIL_RE = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;
export const SIGNUP_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;
export const MESSAGE_MAX = 5000;

export function isEmail(value: string | null | undefined): boolean {
  return !!value && value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

/** Today's date and a date input's minimums: departure >= today, return >= departure or today. */
export function searchDateMinimums(today: string, departure?: string | null): { departureMin: string; returnMin: string } {
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
