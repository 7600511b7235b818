import { useState, type FormEvent } from 'react';
import { isIsoDay } from '@tembea/schema';
import { Link } from 'react-router-dom';
import { TextField } from '../../../../components/FormField';
import { errorMessage } from '../../../../lib/errors';
import { downloadDepartureFile, permitListPath } from '../lib/departure-files';
import { PermitCsvButton } from './PermitCsvButton';
import { TourPicker, type TourChoice } from './TourPicker';

export const MANIFEST_FAILED = 'Failed to download the manifest.';

/** Fetches one departure's manifest (CSV) with the admin's session and saves it. */
export function downloadManifest(tourId: string, date: string): Promise<string> {
  return downloadDepartureFile('manifest', { tourId, date }, `manifest-tour-${tourId}-${date}.csv`);
}

/**
 * The lists of a chosen tour on a chosen start date: the manifest of every traveller as a CSV
 * file, and the permit list for the park gates, to print or download.
 */
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
        Every traveller of one tour on one start date (cancelled bookings left out), for the guides; and the permit list
        of park days and fees for the park gates.
      </p>
      <form className="admin-bookings__form" onSubmit={submit} noValidate>
        <TourPicker
          label="Manifest tour"
          value={tourId}
          tours={tours}
          unknownClears
          onChange={(next) => {
            setTourId(next);
            setSaved(null);
          }}
        />
        <TextField
          label="Departure date"
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setSaved(null);
          }}
        />
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
      {tourId && isIsoDay(date) ? (
        <div className="admin-bookings__permits">
          <Link className="btn btn--secondary" to={permitListPath(tourId, date)}>
            Permit list (print)
          </Link>
          <PermitCsvButton tourId={tourId} date={date} />
        </div>
      ) : null}
    </section>
  );
}
