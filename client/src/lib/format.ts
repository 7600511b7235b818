/** Display formats shared by the screens. */

// Built once: an Intl formatter costs far more to build than to use.
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A YYYY-MM-DD day as "12 Mar 2027" (the day itself, whatever the viewer's time zone). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : DAY_FORMAT.format(d);
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
  const day = d.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  return `${day}, ${d.toISOString().slice(11, 19)} UTC`;
}
