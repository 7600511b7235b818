import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { destinationDetail, ZONES } from './destinations-data';
import './destinations.css';

/**
 * "Destinations" disclosure of the navigation bar: opens on hover, click or keyboard; Escape or
 * leaving closes it. It shows four zones; a destination opens its guide with a Back to Zones control.
 */
export function DestinationsMenu() {
  const [open, setOpen] = useState(false);
  // A ref, not state: mouseenter and the click that follows can arrive before a re-render.
  const byHover = useRef(false);
  // While a pointer is down, focus leaving is part of a click: closing then would move the click's target.
  const pointerDown = useRef(false);
  const [selected, setSelected] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const detailHeadingRef = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const detail = selected ? destinationDetail(selected) : null;

  useEffect(() => {
    if (detail) detailHeadingRef.current?.focus();
  }, [detail]);

  useEffect(() => {
    if (!open) return;
    const onDown = () => { pointerDown.current = true; };
    const onClick = (e: MouseEvent) => {
      pointerDown.current = false;
      // The path, not contains(): the clicked button may already be replaced by the detail view.
      if (rootRef.current && !e.composedPath().includes(rootRef.current)) close(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  function close(returnFocus: boolean) {
    byHover.current = false;
    setOpen(false);
    setSelected(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      close(true);
    }
  }

  function backToZones() {
    const from = selected;
    setSelected(null);
    // Focus goes back to the destination the user came from.
    requestAnimationFrame(() => {
      rootRef.current?.querySelector<HTMLButtonElement>(`[data-destination="${CSS.escape(from ?? '')}"]`)?.focus();
    });
  }

  return (
    <div
      ref={rootRef}
      className={`destinations-menu${open ? ' is-open' : ''}`}
      onMouseEnter={() => { if (!open) { setOpen(true); byHover.current = true; } }}
      onMouseLeave={() => { if (byHover.current) close(false); }}
      onKeyDown={onKeyDown}
      onBlur={(e) => { if (open && !pointerDown.current && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) close(false); }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="navbar__link destinations-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const hovered = byHover.current;
          byHover.current = false;
          setOpen((o) => (hovered ? true : !o));
        }}
        onKeyDown={(e) => { if (e.key === 'ArrowDown' && !open) { e.preventDefault(); setOpen(true); byHover.current = false; } }}
      >
        Destinations <span aria-hidden="true">▾</span>
      </button>
      <div id={panelId} className="destinations-panel" role="region" aria-label="Destinations" hidden={!open}>
        {detail ? (
          <article className="destination-detail" data-testid="destination-detail">
            <button type="button" className="btn btn--ghost destination-detail__back" onClick={backToZones}>
              <span aria-hidden="true">←</span> Back to Zones
            </button>
            <h3 ref={detailHeadingRef} tabIndex={-1}>{detail.name}</h3>
            <p>{detail.description}</p>
            <h4>Highlights</h4>
            <ul>{detail.highlights.map((h) => <li key={h}>{h}</li>)}</ul>
            <dl>
              <dt>Best time to visit</dt><dd>{detail.bestTime}</dd>
              <dt>Famous for</dt><dd>{detail.famousFor}</dd>
            </dl>
            <h4>Activities</h4>
            <ul className="destination-detail__chips">{detail.activities.map((a) => <li key={a}>{a}</li>)}</ul>
          </article>
        ) : (
          <div className="destinations-panel__zones">
            {ZONES.map((z) => (
              <section key={z.name} className="destinations-zone" aria-labelledby={`${panelId}-${z.name}`}>
                <h3 id={`${panelId}-${z.name}`}>{z.name} Zone</h3>
                <ul>
                  {z.destinations.map((name) => (
                    <li key={name}>
                      <button type="button" data-destination={name} onClick={() => setSelected(name)}>{name}</button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
