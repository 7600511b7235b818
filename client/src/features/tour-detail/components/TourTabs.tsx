import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef {
  key: string;
  label: string;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs and select them; one tab stop. */
export function TourTabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.key);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const current = tabs.find((t) => t.key === active) ?? tabs[0];

  function onKeyDown(e: KeyboardEvent, i: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    e.preventDefault();
    setActive(tab.key);
    refs.current[next]?.focus();
  }

  if (!current) return null;
  return (
    <div className="tour-tabs">
      <div role="tablist" aria-label={label} className="tour-tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.key}`}
            aria-selected={t.key === current.key}
            aria-controls={`${base}-panel-${t.key}`}
            tabIndex={t.key === current.key ? 0 : -1}
            className="tour-tabs__tab"
            onClick={() => setActive(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.key}`}
        aria-labelledby={`${base}-tab-${current.key}`}
        tabIndex={0}
        className="tour-tabs__panel"
      >
        {current.content}
      </div>
    </div>
  );
}
