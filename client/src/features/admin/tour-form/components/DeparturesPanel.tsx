import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ConfirmDialog } from '../../../../components/Dialog';
import { errorMessage } from '../../../../lib/errors';
import type { DepartureFieldsFragment } from '../../../../gql/admin/graphql';
import { ADD_DEPARTURE, DELETE_DEPARTURE, TOUR_DEPARTURES, UPDATE_DEPARTURE } from '../api/tour-form.operations';

const STATUS_LABEL: Record<string, string> = {
  AVAILABLE: 'Available',
  LIMITED: 'Limited',
  SOLD_OUT: 'Sold out',
  CLOSED: 'Closed',
};
const today = () => new Date().toISOString().slice(0, 10);

/** A tour's departures: add one, change its capacity, close or reopen it, delete it. */
export function DeparturesPanel({ tourId, defaultCapacity }: { tourId: string; defaultCapacity: number }) {
  const id = useId();
  const { data, loading, error, refetch } = useQuery(TOUR_DEPARTURES, {
    variables: { tourId },
    fetchPolicy: 'network-only',
  });
  const [add, adding] = useMutation(ADD_DEPARTURE);
  const [update] = useMutation(UPDATE_DEPARTURE);
  const [remove] = useMutation(DELETE_DEPARTURE);
  const [startDate, setStartDate] = useState('');
  const [capacity, setCapacity] = useState(String(defaultCapacity));
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DepartureFieldsFragment | null>(null);

  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    setMessage(null);
    try {
      await run();
      await refetch();
      setMessage({ tone: 'success', text: done });
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e, 'Failed to update the departure') });
    } finally {
      setBusy(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seats = Number(capacity);
    if (!startDate || !Number.isInteger(seats) || seats < 1) {
      setMessage({ tone: 'error', text: 'Choose a start date and a capacity of at least 1' });
      return;
    }
    void act(
      'add',
      () => add({ variables: { tourId, startDate, capacity: seats } }),
      `Departure on ${startDate} added.`,
    ).then(() => setStartDate(''));
  };

  const departures = data?.departures ?? [];
  return (
    <section className="tour-form__section departures" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Departures</h2>
      <div role="status" aria-live="polite">
        {message ? <p className={`admin-status admin-status--${message.tone}`}>{message.text}</p> : null}
      </div>
      {loading && !data ? <p>Loading departures...</p> : null}
      {error ? (
        <p className="admin-status admin-status--error">{errorMessage(error, 'Failed to load departures')}</p>
      ) : null}
      {data && departures.length === 0 ? <p className="tour-form__hint">No departures scheduled.</p> : null}
      {departures.length ? (
        <div className="admin-table-wrap" role="region" aria-label="Scheduled departures" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Capacity</th>
                <th scope="col">Seats taken</th>
                <th scope="col">Seats left</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {departures.map((d) => (
                <DepartureRow
                  key={d.id}
                  departure={d}
                  busy={busy === d.id}
                  onCapacity={(seats) =>
                    act(
                      d.id,
                      () => update({ variables: { id: d.id, capacity: seats } }),
                      `Capacity of ${d.startDate} set to ${seats}.`,
                    )
                  }
                  onToggle={() =>
                    act(
                      d.id,
                      () => update({ variables: { id: d.id, closed: !d.closed } }),
                      `Departure on ${d.startDate} ${d.closed ? 'reopened' : 'closed'}.`,
                    )
                  }
                  onDelete={() => setDeleting(d)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form className="tour-form__row departures__add" onSubmit={submit} noValidate aria-label="Add a departure">
        <div className="admin-field">
          <label htmlFor={`${id}-date`}>Start date</label>
          <input
            id={`${id}-date`}
            type="date"
            min={today()}
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-capacity`}>Seats</label>
          <input
            id={`${id}-capacity`}
            type="number"
            min={1}
            step={1}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--small" disabled={adding.loading}>
          {adding.loading ? 'Adding...' : 'Add departure'}
        </button>
      </form>
      <ConfirmDialog
        open={!!deleting}
        title="Delete this departure?"
        message={deleting ? `The departure on ${deleting.startDate} will be removed.` : undefined}
        confirmLabel="Delete departure"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const d = deleting!;
          setDeleting(null);
          void act(d.id, () => remove({ variables: { id: d.id } }), `Departure on ${d.startDate} deleted.`);
        }}
      />
    </section>
  );
}

function DepartureRow({
  departure: d,
  busy,
  onCapacity,
  onToggle,
  onDelete,
}: {
  departure: DepartureFieldsFragment;
  busy: boolean;
  onCapacity(seats: number): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const [seats, setSeats] = useState(String(d.capacity));
  const changed = Number(seats) !== d.capacity && Number.isInteger(Number(seats)) && Number(seats) >= 1;
  return (
    <tr data-testid="departure-row">
      <th scope="row">{d.startDate}</th>
      <td>
        <form
          className="departures__capacity"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed) onCapacity(Number(seats));
          }}
        >
          <label className="visually-hidden" htmlFor={`cap-${d.id}`}>
            Capacity of {d.startDate}
          </label>
          <input
            id={`cap-${d.id}`}
            type="number"
            min={Math.max(1, d.seatsTaken)}
            step={1}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
          <button type="submit" className="btn btn--ghost btn--small" disabled={!changed || busy}>
            Save
          </button>
        </form>
      </td>
      <td>{d.seatsTaken}</td>
      <td>{d.seatsLeft}</td>
      <td>
        <span className={`status-tag departure-status--${d.status.toLowerCase()}`}>
          {STATUS_LABEL[d.status] ?? d.status}
        </span>
      </td>
      <td>
        <div className="admin-actions">
          <button type="button" className="btn btn--secondary btn--small" onClick={onToggle} disabled={busy}>
            {d.closed ? 'Reopen' : 'Close'}
          </button>
          <button
            type="button"
            className="btn btn--danger btn--small"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete departure ${d.startDate}`}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
