import { useRef } from 'react';
import { moveItem } from '../../../../lib/move-item';
import { rowKey, type ItineraryRow } from '../lib/form-values';

/** Day-by-day programme: add, remove and move days; a day number is 1 or more. */
export function ItineraryEditor({ rows, onChange }: { rows: ItineraryRow[]; onChange(rows: ItineraryRow[]): void }) {
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
    onChange([...rows, { key: rowKey(), day: String(last + 1), title: '', description: '' }]);
  };

  return (
    <fieldset className="tour-form__section">
      <legend>Itinerary</legend>
      {rows.length === 0 ? <p className="tour-form__hint">No itinerary days yet.</p> : null}
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
