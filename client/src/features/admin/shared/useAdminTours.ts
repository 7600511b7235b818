import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { AdminTourFieldsFragment, AdminToursQuery } from '../../../gql/admin/graphql';
import { ADMIN_TOURS } from './admin-tours.operations';

export type AdminTour = AdminTourFieldsFragment;

/**
 * Tours per request: the admin list walks every page so no tour is left out. Each tour comes with
 * every field (its lists and up to 60 itinerary days, each with its park area), so a page of 20
 * keeps the request within the server's query cost limit, which counts every list at the most
 * items it can hold.
 */
export const ADMIN_TOURS_PAGE = 20;

export interface AdminToursState {
  tours: AdminTour[];
  loading: boolean;
  error: unknown;
  /** Loads the whole list again from the server; resolves true when it loaded. */
  reload(): Promise<boolean>;
  /** Drops a deleted tour from the list without asking the server. */
  removeLocal(id: string): void;
}

/** Every tour of the catalogue, whatever its status, fetched fresh from the server. */
export function useAdminTours(enabled = true): AdminToursState {
  const client = useApolloClient();
  const [tours, setTours] = useState<AdminTour[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<unknown>(null);
  const run = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++run.current;
    setLoading(true);
    setError(null);
    try {
      const all: AdminTour[] = [];
      let after: string | null = null;
      do {
        const { data }: { data?: AdminToursQuery } = await client.query({
          query: ADMIN_TOURS,
          variables: { first: ADMIN_TOURS_PAGE, after },
          // Each page as the server sent it: through the cache, the paging field policy would hand
          // back every page merged so far, and the walk would collect its tours twice.
          fetchPolicy: 'no-cache',
        });
        if (!data) throw new Error('Failed to fetch tours');
        all.push(...data.tours.nodes);
        after = data.tours.pageInfo.hasNextPage ? data.tours.pageInfo.endCursor : null;
      } while (after);
      if (mine === run.current) setTours(all);
      return true;
    } catch (e) {
      if (mine === run.current) setError(e);
      return false;
    } finally {
      if (mine === run.current) setLoading(false);
    }
  }, [client]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  const removeLocal = useCallback((id: string) => setTours((ts) => ts.filter((t) => t.id !== id)), []);
  return { tours, loading, error, reload, removeLocal };
}
