import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { destinationDetail, ZONES } from './destinations-data';
import { useHoverIntent } from './hover-intent';
import './destinations.css';

/**
 * "Destinations" disclosure of the navigation bar: opens on hover, click or keyboard; Escape, a
 * click outside or focus leaving closes it. It shows four zones; a destination opens its guide
 * with a Back to Zones control.
 *
 * Opened by hover, it stays open while the pointer heads from the trigger into the popup: the
 * popup is far wider than its trigger, so the way to a far column crosses the bar beside the
 * trigger, and closing on that first step out dropped the click that followed. Clicking the
 * trigger pins it open until the user closes it.
 */
export function DestinationsMenu() {
  const [open, setOpen] = useState(false);
  // Refs, not state: pointerenter and the click that follows can arrive before a re-render.
  const byHover = useRef(false);
  // While a pointer is pressed, focus leaving is part of a click: the click itself decides, since
  // closing at mousedown would shift the mobile menu's layout under the pointer before mouseup.
  const pointerPressed = useRef(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const detailHeadingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const intent = useHoverIntent(panelRef, () => close(false));
  const detail = selected ? destinationDetail(selected) : null;

  useEffect(() => {
    if (detail) detailHeadingRef.current?.focus();
  }, [detail]);

  useEffect(() => {
    if (!focusFirst) return;
    setFocusFirst(false);
    rootRef.current?.querySelector<HTMLButtonElement>('[data-destination]')?.focus();
  }, [focusFirst]);

  useEffect(() => {
    if (!open) return;
    const onDown = () => {
      pointerPressed.current = true;
    };
    const onUp = () => {
      pointerPressed.current = false;
    };
    // Capture phase: the click's path is taken before any handler re-renders the popup.
    const onClick = (e: MouseEvent) => {
      if (rootRef.current && !e.composedPath().includes(rootRef.current)) close(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointerup', onUp, true);
    document.addEventListener('pointercancel', onUp, true);
    document.addEventListener('click', onClick, true);
    return () => {
      pointerPressed.current = false;
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointerup', onUp, true);
      document.removeEventListener('pointercancel', onUp, true);
      document.removeEventListener('click', onClick, true);
    };
    // close() reads refs and state setters only: the listeners belong to the popup being open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function close(returnFocus: boolean) {
    intent.stay();
    byHover.current = false;
    setOpen(false);
    setSelected(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  function openPinned(focusFirstDestination: boolean) {
    intent.stay();
    byHover.current = false;
    setOpen(true);
    if (focusFirstDestination) setFocusFirst(true);
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
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        intent.stay();
        if (!open) {
          byHover.current = true;
          setOpen(true);
        }
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse' && byHover.current) intent.leave({ x: e.clientX, y: e.clientY });
      }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Only focus moving elsewhere on the page (Tab onwards) closes it; a focused button replaced
        // by the guide leaves focus nowhere (relatedTarget null), which is not leaving.
        const to = e.relatedTarget as Node | null;
        if (open && !pointerPressed.current && to && !e.currentTarget.contains(to)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="navbar__link destinations-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // A click on a hover-opened popup pins it open; otherwise the trigger toggles.
          if (open && !byHover.current) close(false);
          else openPinned(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            openPinned(true);
          }
        }}
      >
        Destinations <span aria-hidden="true">▾</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="destinations-panel"
        role="region"
        aria-label="Destinations"
        hidden={!open}
      >
        {detail ? (
          <article className="destination-detail" data-testid="destination-detail">
            <button type="button" className="btn btn--ghost destination-detail__back" onClick={backToZones}>
              <span aria-hidden="true">←</span> Back to Zones
            </button>
            <h3 ref={detailHeadingRef} tabIndex={-1}>
              {detail.name}
            </h3>
            <p>{detail.description}</p>
            <h4>Highlights</h4>
            <ul>
              {detail.highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
            <dl>
              <dt>Best time to visit</dt>
              <dd>{detail.bestTime}</dd>
              <dt>Famous for</dt>
              <dd>{detail.famousFor}</dd>
            </dl>
            <h4>Activities</h4>
            <ul className="destination-detail__chips">
              {detail.activities.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </article>
        ) : (
          <div className="destinations-panel__zones">
            {ZONES.map((z) => (
              <section key={z.name} className="destinations-zone" aria-labelledby={`${panelId}-${z.name}`}>
                <h3 id={`${panelId}-${z.name}`}>{z.name} Zone</h3>
                <ul>
                  {z.destinations.map((name) => (
                    <li key={name}>
                      <button type="button" data-destination={name} onClick={() => setSelected(name)}>
                        {name}
                      </button>
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
