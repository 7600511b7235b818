import { useRef } from 'react';
import { OVERNIGHT_KINDS, type OvernightKind } from '@tembea/schema';
import { moveItem } from '../../../../lib/move-item';
import { OVERNIGHT_LABELS } from '../../shared/park-fee-labels';
import type { ParkAreaOption } from '../../shared/park-areas';
import { rowKey, type ItineraryRow } from '../lib/form-values';

/**
 * Day-by-day programme: add, remove and move days; a day number is 1 or more. Each day names the
 * protected area it is spent in (the park fee schedules' areas) and whether its night is spent
 * inside it, which set the park fees of the trip.
 */
export function ItineraryEditor({
  rows,
  onChange,
  areas = [],
  areasNote,
}: {
  rows: ItineraryRow[];
  onChange(rows: ItineraryRow[]): void;
  /** The areas of the current and upcoming fee schedules. */
  areas?: ParkAreaOption[];
  /** Why the area list is short or empty (still loading, could not be read), shown once above the days. */
  areasNote?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const set = (i: number, patch: Partial<ItineraryRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    const moved = rows[i];
    onChange(moveItem(rows, i, by));
    // Keep focus on the moved day's button so the keyboard user can keep moving it.
    if (moved)
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.key}:${by}"]`)?.focus(),
      );
  };
  const add = () => {
    const last = rows.reduce((m, r) => Math.max(m, Number(r.day) || 0), 0);
    onChange([
      ...rows,
      { key: rowKey(), day: String(last + 1), title: '', description: '', parkArea: '', overnight: '' },
    ]);
  };
  const areaName = new Map(areas.map((a) => [a.code, a.name]));

  return (
    <fieldset className="tour-form__section">
      <legend>Itinerary</legend>
      {rows.length === 0 ? <p className="tour-form__hint">No itinerary days yet.</p> : null}
      {areasNote && rows.length ? <p className="tour-form__hint">{areasNote}</p> : null}
      <ol className="itinerary-editor" ref={list}>
        {rows.map((r, i) => (
          <li key={r.key} className="itinerary-editor__row" data-testid="itinerary-row">
            <div className="admin-field itinerary-editor__day">
              <label htmlFor={`${r.key}-day`}>Day</label>
              <input
                id={`${r.key}-day`}
                type="number"
                min={1}
                step={1}
                value={r.day}
                onChange={(e) => set(i, { day: e.target.value })}
              />
            </div>
            <div className="admin-field itinerary-editor__title">
              <label htmlFor={`${r.key}-title`}>Day title</label>
              <input id={`${r.key}-title`} value={r.title} onChange={(e) => set(i, { title: e.target.value })} />
            </div>
            <div className="admin-field itinerary-editor__desc">
              <label htmlFor={`${r.key}-desc`}>Day description</label>
              <textarea
                id={`${r.key}-desc`}
                rows={2}
                value={r.description}
                onChange={(e) => set(i, { description: e.target.value })}
              />
            </div>
            <div className="admin-field itinerary-editor__area">
              <label htmlFor={`${r.key}-area`}>Protected area</label>
              <select
                id={`${r.key}-area`}
                value={r.parkArea}
                // A night inside an area needs the area: leaving every area drops the night too.
                onChange={(e) =>
                  set(i, e.target.value ? { parkArea: e.target.value } : { parkArea: '', overnight: '' })
                }
              >
                <option value="">Not in a protected area</option>
                {areas.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.name}
                  </option>
                ))}
                {r.parkArea && !areaName.has(r.parkArea) ? (
                  <option value={r.parkArea}>{r.parkArea} (in no current or upcoming schedule)</option>
                ) : null}
              </select>
            </div>
            <div className="admin-field itinerary-editor__night">
              <label htmlFor={`${r.key}-night`}>Night inside the area</label>
              <select
                id={`${r.key}-night`}
                value={r.overnight}
                disabled={!r.parkArea}
                aria-describedby={r.parkArea ? undefined : `${r.key}-night-hint`}
                onChange={(e) => set(i, { overnight: e.target.value as OvernightKind | '' })}
              >
                <option value="">None (spent outside the area)</option>
                {OVERNIGHT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {OVERNIGHT_LABELS[k]}
                  </option>
                ))}
              </select>
              {r.parkArea ? null : (
                <p id={`${r.key}-night-hint`} className="tour-form__hint">
                  Choose the day&apos;s protected area first.
                </p>
              )}
            </div>
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-move={`${r.key}:-1`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Move day ${r.day} up`}
              >
                ↑ Up
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                data-move={`${r.key}:1`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move day ${r.day} down`}
              >
                ↓ Down
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--small"
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
                aria-label={`Remove day ${r.day}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--secondary btn--small" onClick={add}>
        Add day
      </button>
    </fieldset>
  );
}
