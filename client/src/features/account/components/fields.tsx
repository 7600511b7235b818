import { useEffect, useState } from 'react';

/** Sets the document title of a screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Tembea`;
  }, [title]);
}

/** Runs `action` once, `ms` after `active` turns true; cancelled when the screen unmounts. */
export function useDelayedAction(active: boolean, ms: number, action: () => void): void {
  const [run] = useState(() => ({ current: action }));
  run.current = action;
  useEffect(() => {
    if (!active) return;
    const t = window.setTimeout(() => run.current(), ms);
    return () => window.clearTimeout(t);
  }, [active, ms, run]);
}
