import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useAuth } from './AuthProvider';

/**
 * A screen for signed-in users: a spinner while the stored session is checked, then a visitor goes
 * to /login, which brings them back here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session…" />;
  if (!user)
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  return <>{children}</>;
}
