import { useState } from 'react';
import { downloadApiFile } from '../../../lib/download';

export const DATA_EXPORT_FAILED = 'Failed to download your data.';

/** Downloads everything kept about the account (its bookings and who travels on them) as a JSON file. */
export function DataExportButton() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const download = async () => {
    setBusy(true);
    setNote(null);
    try {
      const name = await downloadApiFile('/users/me/export', 'tembea-account.json');
      setNote({ ok: true, text: `Downloaded ${name}.` });
    } catch (e) {
      setNote({ ok: false, text: `${DATA_EXPORT_FAILED} ${e instanceof Error ? e.message : ''}`.trim() });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--secondary" onClick={download} disabled={busy}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
      <span className={note?.ok === false ? 'account-message--error' : undefined} role="status">
        {note?.text ?? ''}
      </span>
    </>
  );
}
