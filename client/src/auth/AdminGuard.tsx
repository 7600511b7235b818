import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useAuth } from './AuthProvider';

/** Extra wait after the auth check before deciding (about 100 ms). */
export const ADMIN_GUARD_DELAY_MS = 100;

/**
 * Guards the /admin routes: a spinner until the auth check has ended plus 100 ms, then an
 * unauthenticated visitor goes to /login, a signed-in non-admin to /unauthorized, an admin sees it.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { loading, user, isAdmin } = useAuth();
  const location = useLocation();
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (loading) {
      setSettled(false);
      return;
    }
    const t = window.setTimeout(() => setSettled(true), ADMIN_GUARD_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [loading]);

  if (loading || !settled) return <Spinner label="Checking your access…" />;
  if (!user)
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  if (!isAdmin) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
