import { useState, type FormEvent } from 'react';
import { isIsoDay } from '@tembea/schema';
import { authorizedFetch } from '../../../../auth/authorized';
import { TextField } from '../../../../components/FormField';
import { API_BASE } from '../../../../lib/apollo';
import { attachmentName, saveFile } from '../../../../lib/download';
import { errorMessage } from '../../../../lib/errors';
import { TourPicker, type TourChoice } from './TourPicker';

export const MANIFEST_FAILED = 'Failed to download the manifest.';

/** Fetches one departure's manifest (CSV) with the admin's session and saves it. */
export async function downloadManifest(tourId: string, date: string): Promise<string> {
  const query = new URLSearchParams({ tourId, date });
  const res = await authorizedFetch(`${API_BASE}/bookings/admin/manifest?${query}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `The server answered ${res.status}.`);
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? `manifest-tour-${tourId}-${date}.csv`;
  saveFile(await res.blob(), name);
  return name;
}

/** The departure manifest: the travellers of a chosen tour on a chosen start date, as a CSV file. */
export function ManifestDownload({
  tours,
  tourId: initialTour,
  date: initialDate,
}: {
  tours: readonly TourChoice[];
  tourId: string;
  date: string;
}) {
  const [tourId, setTourId] = useState(initialTour);
  const [date, setDate] = useState(initialDate);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    if (!tourId || !isIsoDay(date)) {
      setError('Choose a tour and a start date.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setSaved(await downloadManifest(tourId, date));
    } catch (err) {
      setError(`${MANIFEST_FAILED} ${errorMessage(err, '')}`.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-bookings__panel" aria-labelledby="manifest-heading">
      <h2 id="manifest-heading">Departure manifest</h2>
      <p className="admin-bookings__lead">
        Every traveller of one tour on one start date (cancelled bookings left out), for the guides.
      </p>
      <form className="admin-bookings__form" onSubmit={submit} noValidate>
        <TourPicker label="Manifest tour" value={tourId} tours={tours} onChange={setTourId} />
        <TextField label="Departure date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <div className="admin-bookings__form-actions">
          <button type="submit" className="btn btn--secondary" disabled={busy}>
            {busy ? 'Preparing...' : 'Download manifest (CSV)'}
          </button>
        </div>
      </form>
      {error ? (
        <p className="admin-bookings__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-bookings__ok" role="status">
        {saved ? `Downloaded ${saved}.` : ''}
      </p>
    </section>
  );
}
