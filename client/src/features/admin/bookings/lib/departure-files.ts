import { downloadApiFile } from '../../../../lib/download';

/**
 * Fetches one of a departure's lists as a file (`/bookings/admin/<list>?tourId=&date=…`) with the
 * admin's session and saves it; returns the file name the server gave, else `fallbackName`.
 */
export function downloadDepartureFile(
  list: 'manifest' | 'permits',
  params: Record<string, string>,
  fallbackName: string,
): Promise<string> {
  return downloadApiFile(`/bookings/admin/${list}?${new URLSearchParams(params)}`, fallbackName);
}

/** The printable permit list's address in the admin screens. */
export const permitListPath = (tourId: string, date: string) =>
  `/admin/departures/${encodeURIComponent(tourId)}/${encodeURIComponent(date)}/permits`;
