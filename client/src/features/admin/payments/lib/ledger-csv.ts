import { authorizedFetch } from '../../../../auth/authorized';
import { API_BASE } from '../../../../lib/apollo';
import { attachmentName, saveFile } from '../../../../lib/download';

/**
 * Fetches the ledger as CSV with the admin's session and saves it (the server writes each cell so
 * a spreadsheet never runs it as a formula, as for the manifest). Answers the file's name.
 */
export async function downloadLedger(filter: { from?: string; to?: string; method?: string; kind?: string }) {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => !!v) as [string, string][]);
  const qs = query.toString();
  const res = await authorizedFetch(`${API_BASE}/bookings/admin/payments${qs ? `?${qs}` : ''}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `The server answered ${res.status}.`);
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? 'payments.csv';
  saveFile(await res.blob(), name);
  return name;
}
