import { downloadApiFile } from '../../../../lib/download';

/**
 * Fetches the ledger as CSV with the admin's session and saves it (the server writes each cell so
 * a spreadsheet never runs it as a formula, as for the manifest). Answers the file's name.
 */
export function downloadLedger(filter: {
  from?: string;
  to?: string;
  method?: string;
  kind?: string;
}): Promise<string> {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => !!v) as [string, string][]);
  const qs = query.toString();
  return downloadApiFile(`/bookings/admin/payments${qs ? `?${qs}` : ''}`, 'payments.csv');
}
