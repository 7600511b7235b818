import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../components/usePageMeta';
import { AdminToursTable } from '../shared/AdminToursTable';
import { ADMIN_TEXTS, adminFailure, verifyAdmin } from '../shared/admin-session';
import { useAdminTours } from '../shared/useAdminTours';
import { useTourDelete, type StatusMessage } from '../shared/useTourDelete';
import { StatusBar } from './components/StatusBar';
import { applyFilters, NO_FILTERS, TourFilters } from './components/TourFilters';
import { TourGrid } from './components/TourGrid';
import '../shared/admin.css';

type Access = 'checking' | 'admin' | 'denied' | 'expired';
type View = 'grid' | 'list';

/** /admin: every tour as cards or a table, filters, and the delete flow, after a fresh admin check. */
export function AdminDashboardPage() {
  usePageMeta('Admin Dashboard');
  const client = useApolloClient();
  const navigate = useNavigate();
  const [access, setAccess] = useState<Access>('checking');
  const [view, setView] = useState<View>('grid');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const list = useAdminTours(access === 'admin');

  useEffect(() => {
    let live = true;
    void verifyAdmin(client).then((check) => {
      if (live) setAccess(check.status === 'admin' ? 'admin' : check.status === 'not-admin' ? 'denied' : 'expired');
    });
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    if (access !== 'admin' || list.loading) return;
    if (!list.error) {
      // A delete's outcome outlives the reload that follows it.
      setStatus((s) => (s && s.tone !== 'info' ? s : { tone: 'success', text: ADMIN_TEXTS.loaded }));
      return;
    }
    const failure = adminFailure(list.error, ADMIN_TEXTS.loadFailed);
    setStatus({ tone: 'error', text: failure.message });
    if (failure.lostRights) setAccess('expired');
  }, [access, list.loading, list.error]);

  const remove = useTourDelete({
    onStatus: setStatus,
    onRemoved: list.removeLocal,
    onFailed: () => void list.reload(),
  });

  const shown = useMemo(() => applyFilters(list.tours, filters), [list.tours, filters]);

  if (access === 'checking') return <Spinner label="Checking your access…" />;
  if (access === 'denied') {
    return (
      <section className="admin-page admin-state">
        <h1>Access Denied</h1>
        <p>You don't have permission to access this page.</p>
      </section>
    );
  }
  if (access === 'expired') {
    return (
      <section className="admin-page admin-state">
        <StatusBar message={status} />
        <h1>Session Expired</h1>
        <p>Your session has expired. Please log in again to continue.</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/login')}>
          Go to Login
        </button>
      </section>
    );
  }

  return (
    <section className="admin-page">
      <h1>Admin Dashboard</h1>
      <StatusBar message={status} />
      <div className="admin-toolbar">
        <TourFilters tours={list.tours} value={filters} onChange={setFilters} />
        <div className="view-toggle" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            List
          </button>
        </div>
      </div>
      {list.loading && list.tours.length === 0 ? (
        <p className="admin-state" role="status">
          Loading tours...
        </p>
      ) : shown.length === 0 ? (
        <p className="admin-state">No tours found</p>
      ) : view === 'grid' ? (
        <TourGrid tours={shown} deletingId={remove.deletingId} onDelete={remove.request} />
      ) : (
        <AdminToursTable tours={shown} deletingId={remove.deletingId} onDelete={remove.request} caption="Tours" />
      )}
      {remove.dialogs}
    </section>
  );
}
