import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockClient } from '../../../test/auth';
import { adminTour } from '../../../test/admin-fixtures';
import { ADMIN_TOURS_PAGE, useAdminTours } from './useAdminTours';

describe('useAdminTours', () => {
  it('walks every page once: each tour is listed once, whatever the cache merges', async () => {
    const all = Array.from({ length: ADMIN_TOURS_PAGE * 2 + 3 }, (_, i) =>
      adminTour({ id: String(i + 1), title: `Tour ${i + 1}` }),
    );
    const { client, calls } = mockClient(({ variables }) => {
      const start = variables.after ? Number(variables.after) : 0;
      const nodes = all.slice(start, start + ADMIN_TOURS_PAGE);
      const end = start + nodes.length;
      return {
        data: {
          tours: {
            __typename: 'TourConnection',
            pageInfo: { __typename: 'PageInfo', hasNextPage: end < all.length, endCursor: String(end) },
            nodes,
          },
        },
      };
    }, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApolloProvider client={client}>{children}</ApolloProvider>
    );
    const { result } = renderHook(() => useAdminTours(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls).toHaveLength(3);
    expect(result.current.tours.map((t) => t.id)).toEqual(all.map((t) => t.id));
  });
});
