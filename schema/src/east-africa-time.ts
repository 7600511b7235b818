/**
 * Tanzania's clock, East Africa Time: UTC+3 all year (it has no daylight saving). A tour's calendar
 * days (its departure day, whether it returns the same day, a search from a day) are the days the
 * traveller lives in Tanzania, the days every screen shows, not UTC's: a tour leaving at 01:00 on
 * 2 May leaves on 2 May, though that is still 1 May in UTC.
 */
export const EAST_AFRICA_OFFSET_MS = 3 * 3_600_000;

/** The calendar day (YYYY-MM-DD) of a moment in East Africa Time; null for no moment. */
export function eastAfricaDay(moment: string | Date | null | undefined): string | null {
  if (moment == null || moment === '') return null;
  const t = new Date(moment).getTime();
  if (Number.isNaN(t)) return null;
  return new Date(t + EAST_AFRICA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment a YYYY-MM-DD day begins in East Africa Time (21:00 UTC the day before). */
export function eastAfricaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - EAST_AFRICA_OFFSET_MS);
}
