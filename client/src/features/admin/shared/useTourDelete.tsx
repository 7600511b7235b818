import { useEffect, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { AlertDialog, ConfirmDialog } from '../../../components/Dialog';
import { DELETE_TOUR } from './admin-tours.operations';
import { ADMIN_TEXTS, adminFailure, forgetTourLists, verifyAdmin } from './admin-session';

/** How long the 'Deleted!' dialog stays before closing itself. */
export const DELETED_DIALOG_MS = 2000;

export type StatusTone = 'success' | 'info' | 'error';
export interface StatusMessage {
  tone: StatusTone;
  text: string;
}

interface Options {
  /** A line for the page's status bar. */
  onStatus(message: StatusMessage): void;
  /** The tour is gone on the server: drop it from the list. */
  onRemoved(id: string): void;
  /** The delete failed: the list may be stale, reload it. */
  onFailed(): void;
}

/**
 * The delete flow of the admin tour lists: ask 'Are you sure?', check the session is still an
 * admin's (fetched fresh), delete, then say 'Deleted!' for two seconds; a failure says
 * 'Failed to delete tour' with the server's reason.
 */
export function useTourDelete({ onStatus, onRemoved, onFailed }: Options): {
  deletingId: string | null;
  request(tour: { id: string; title: string }): void;
  dialogs: ReactNode;
} {
  const client = useApolloClient();
  const [asking, setAsking] = useState<{ id: string; title: string } | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!deleted) return;
    const t = window.setTimeout(() => setDeleted(false), DELETED_DIALOG_MS);
    return () => window.clearTimeout(t);
  }, [deleted]);

  const fail = (message: string) => {
    setFailure(message);
    onStatus({ tone: 'error', text: `${ADMIN_TEXTS.deleteFailed}: ${message}` });
    onFailed();
  };

  const run = async (tour: { id: string; title: string }) => {
    setAsking(null);
    if (!tour.id) {
      fail(ADMIN_TEXTS.invalidId);
      return;
    }
    setDeletingId(tour.id);
    onStatus({ tone: 'info', text: ADMIN_TEXTS.deleting });
    try {
      const check = await verifyAdmin(client);
      if (check.status === 'failed') return fail(ADMIN_TEXTS.verificationFailed);
      if (check.status === 'not-admin') return fail(ADMIN_TEXTS.sessionExpired);
      await client.mutate({ mutation: DELETE_TOUR, variables: { id: tour.id } });
      forgetTourLists(client.cache, tour.id);
      onRemoved(tour.id);
      onStatus({ tone: 'success', text: `Deleted "${tour.title}".` });
      setDeleted(true);
    } catch (e) {
      fail(adminFailure(e, ADMIN_TEXTS.deleteFailed).message);
    } finally {
      setDeletingId(null);
    }
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={!!asking}
        title="Are you sure?"
        message="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void run(asking)}
      />
      <AlertDialog
        open={deleted}
        variant="success"
        title="Deleted!"
        message="Tour has been deleted successfully."
        actionLabel={null}
        onClose={() => setDeleted(false)}
      />
      <AlertDialog
        open={!!failure}
        variant="error"
        title={ADMIN_TEXTS.deleteFailed}
        message={failure}
        onClose={() => setFailure(null)}
      />
    </>
  );

  return { deletingId, request: setAsking, dialogs };
}
