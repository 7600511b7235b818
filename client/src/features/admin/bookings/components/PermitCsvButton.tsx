import { useState } from 'react';
import { errorMessage } from '../../../../lib/errors';
import { downloadDepartureFile } from '../lib/departure-files';

export const PERMITS_FAILED = 'Failed to download the permit list.';

/** Downloads a departure's permit list as CSV, saying what it saved or why it could not. */
export function PermitCsvButton({ tourId, date, disabled }: { tourId: string; date: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const download = async () => {
    setBusy(true);
    setNote(null);
    try {
      const name = await downloadDepartureFile(
        'permits',
        { tourId, date, format: 'csv' },
        `permits-tour-${tourId}-${date}.csv`,
      );
      setNote({ ok: true, text: `Downloaded ${name}.` });
    } catch (err) {
      setNote({ ok: false, text: `${PERMITS_FAILED} ${errorMessage(err, '')}`.trim() });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--secondary" onClick={download} disabled={busy || disabled}>
        {busy ? 'Preparing...' : 'Download permit list (CSV)'}
      </button>
      <span className={note?.ok === false ? 'admin-bookings__error' : 'admin-bookings__ok'} role="status">
        {note?.text ?? ''}
      </span>
    </>
  );
}
