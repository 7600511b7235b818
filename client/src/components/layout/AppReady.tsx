import { useEffect } from 'react';

/**
 * Marks the document once the page itself runs (hydrated or rendered): a server-rendered page is
 * readable and its links work before, but its buttons and forms answer only after. The layouts
 * render it inside the page's Suspense boundary, after the page, so the mark comes with the page's
 * own commit: the app's outer parts commit earlier, while the page's boundary may still be waiting
 * for its screen's code, and a click there would be lost. Browser tests wait on it.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
