import { authorizedFetch } from '../../../../auth/authorized';
import { API_BASE } from '../../../../lib/apollo';
import { attachmentName, saveFile } from '../../../../lib/download';

/**
 * Fetches one of a departure's lists as a file (`/bookings/admin/<list>?tourId=&date=…`) with the
 * admin's session and saves it; returns the file name the server gave, else `fallbackName`.
 */
export async function downloadDepartureFile(
  list: 'manifest' | 'permits',
  params: Record<string, string>,
  fallbackName: string,
): Promise<string> {
  const query = new URLSearchParams(params);
  const res = await authorizedFetch(`${API_BASE}/bookings/admin/${list}?${query}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `The server answered ${res.status}.`);
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? fallbackName;
  saveFile(await res.blob(), name);
  return name;
}

/** The printable permit list's address in the admin screens. */
export const permitListPath = (tourId: string, date: string) =>
  `/admin/departures/${encodeURIComponent(tourId)}/${encodeURIComponent(date)}/permits`;
