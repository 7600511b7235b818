import { useId, useState } from 'react';

interface Day {
  day: number;
  title: string;
  description: string;
}

/** Collapsible days: 'Day N' and the title; each day opens on its own. */
export function ItineraryList({ days }: { days: readonly Day[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const base = useId();
  if (!days.length) return <p>No itinerary information available.</p>;
  const toggle = (i: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ol className="itinerary">
      {days.map((d, i) => {
        const isOpen = open.has(i);
        return (
          <li key={`${d.day}-${i}`} className={`itinerary__day${isOpen ? ' is-open' : ''}`}>
            <h3 className="itinerary__heading">
              <button type="button" aria-expanded={isOpen} aria-controls={`${base}-${i}`} onClick={() => toggle(i)}>
                <span className="itinerary__label">Day {d.day}</span>
                <span className="itinerary__title">{d.title}</span>
                <span className="itinerary__chevron" aria-hidden="true">
                  {isOpen ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={`${base}-${i}`} className="itinerary__body" hidden={!isOpen}>
              <p>{d.description}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
