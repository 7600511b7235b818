import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Whether a navigation bar's menu is unfolded. Below 860 px the menu folds behind a button (CSS
 * hides it unless it has `is-open`); every navigation folds it again, so a chosen page is not
 * covered by the menu that led to it.
 */
export function useFoldingMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return { open, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}

/** The ☰ / ✕ button that unfolds the menu `controls` (its id) on a narrow screen; hidden on a wide one. */
export function MenuToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle(): void }) {
  return (
    <button
      type="button"
      className="navbar__toggle"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '✕' : '☰'}</span>
    </button>
  );
}
