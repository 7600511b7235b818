import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { NavBar } from './NavBar';
import { Footer } from './Footer';
import { RouteFallback } from '../RouteFallback';
import { AppReady } from './AppReady';

/**
 * Scrolls to the top on a new page, or to the #anchor (footer quick links), which may only exist
 * once the lazily loaded page and its data have rendered, hence the short retry.
 */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const id = decodeURIComponent(hash.slice(1));
    const find = () => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView();
      else if (tries++ < 20) timer = window.setTimeout(find, 100);
    };
    let timer = window.setTimeout(find, 0);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
}

/** The public pages' frame; `account` is the account control of the navigation bar. */
export function PublicLayout({ account }: { account?: ReactNode }) {
  useScrollOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Each part its own Suspense boundary: React hydrates server HTML boundary by boundary in
          interruptible work, not in one long task (none of them suspends in the browser). */}
      <Suspense fallback={null}>
        <NavBar account={account} />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
          <AppReady />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}
