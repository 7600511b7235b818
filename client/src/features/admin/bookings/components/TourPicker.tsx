import { useEffect, useId, useState } from 'react';

export interface TourChoice {
  id: string;
  title: string;
}

/** The tour id a typed text names: a catalogue title (any case), or a tour id typed as digits. */
export function tourIdOf(text: string, tours: readonly TourChoice[]): string | null {
  const t = text.trim();
  if (!t) return null;
  const byTitle = tours.find((c) => c.title.toLowerCase() === t.toLowerCase());
  if (byTitle) return byTitle.id;
  const id = /^#?(\d{1,9})$/.exec(t)?.[1];
  return id ?? null;
}

function textOf(id: string, tours: readonly TourChoice[]): string {
  return id ? (tours.find((c) => c.id === id)?.title ?? id) : '';
}

/**
 * A tour chosen from the catalogue (a list of titles to pick from) or typed as its id. `value` is
 * the chosen tour id ('' for none); a text that names no tour is flagged and leaves it unchanged,
 * or, with `unknownClears`, clears it (where acting on the previous tour would mislead: a download).
 */
export function TourPicker({
  label,
  value,
  tours,
  onChange,
  hint,
  unknownClears = false,
}: {
  label: string;
  value: string;
  tours: readonly TourChoice[];
  onChange: (tourId: string) => void;
  hint?: string;
  unknownClears?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(() => textOf(value, tours));
  const [typed, setTyped] = useState(false);
  const [prevValue, setPrevValue] = useState(value);
  // The last id this picker sent: the value coming back from the parent (perhaps renders later,
  // through the address) is the user's own choice and keeps the text as typed.
  const [sent, setSent] = useState<string | null>(null);
  // A value set from outside (cleared filters, a linked address) shows as its title, also once the
  // catalogue arrives after it.
  if (value !== prevValue) {
    setPrevValue(value);
    if (value !== sent) {
      setTyped(false);
      setText(textOf(value, tours));
    }
  } else if (!typed && text !== textOf(value, tours)) {
    setText(textOf(value, tours));
  }
  // A title typed before the catalogue arrived names its tour once it has.
  useEffect(() => {
    const tourId = typed && text.trim() ? tourIdOf(text, tours) : null;
    if (tourId !== null && tourId !== value) {
      setSent(tourId);
      onChange(tourId);
    }
    // Typing sends its own changes; this is for the catalogue arriving only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tours.length]);
  const unknown = text.trim() !== '' && tourIdOf(text, tours) === null;
  const describedBy = [`${id}-hint`, unknown ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={`form-field ${unknown ? 'form-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        list={`${id}-tours`}
        autoComplete="off"
        value={text}
        aria-invalid={unknown || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const next = e.target.value;
          setTyped(true);
          setText(next);
          const named = next.trim() ? tourIdOf(next, tours) : '';
          const tourId = named ?? (unknownClears ? '' : null);
          if (tourId !== null && tourId !== value) {
            setSent(tourId);
            onChange(tourId);
          }
        }}
      />
      <datalist id={`${id}-tours`}>
        {tours.map((t) => (
          <option key={t.id} value={t.title}>{`#${t.id}`}</option>
        ))}
      </datalist>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint ?? 'A tour title from the list, or a tour id.'}
      </p>
      {unknown ? (
        <p id={`${id}-error`} className="form-field__error">
          No tour has this title or id.
        </p>
      ) : null}
    </div>
  );
}
