/** Display formats shared by the screens. */
import { EAST_AFRICA_OFFSET_MS } from '@tembea/schema';

// Dates are written by hand in British English, as Intl's en-GB writes them ("Sept" included): the
// first Intl.DateTimeFormat a page builds loads the browser's calendar data, one long task of about
// 25 ms (100 ms on a slow phone) in the middle of hydrating a public page, for text this simple.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The UTC calendar day of a moment as "12 Mar 2027". */
function utcDayText(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A YYYY-MM-DD day as "12 Mar 2027" (the day itself, whatever the viewer's time zone). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : utcDayText(d);
}

/** A moment in Tanzanian time as "Sat, 12 Sept 2026, 08:30", whatever the viewer's time zone. */
export function formatTanzaniaTime(d: Date): string {
  const local = new Date(d.getTime() + EAST_AFRICA_OFFSET_MS);
  return `${WEEKDAYS[local.getUTCDay()]}, ${utcDayText(local)}, ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
}

/** Two days as "12 Mar 2027 – 19 Mar 2027", or one day when both are the same. */
export function formatDayRange(start: string, end: string): string {
  return start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
}

/** "group" -> "Group". */
export const titleCase = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** "1 person", "3 people". */
export function peopleCount(n: number): string {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

/** A moment (ISO 8601) as "24 Nov 2026, 18:12:05 UTC": the same for every viewer, as logs are read. */
export function formatMoment(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${utcDayText(d)}, ${d.toISOString().slice(11, 19)} UTC`;
}
