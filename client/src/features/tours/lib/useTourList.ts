import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { NetworkStatus } from '@apollo/client';
import { CATALOGUE_TOURS } from '../api/tours.queries';
import type { ListFilter } from './filter-params';
import type { TourSort } from '../../../gql/graphql';

export const PAGE_SIZE = 12;

/** A cursor-paged tour list: the first page, then "load more" appends the next one. */
export function useTourList(filter: ListFilter, search?: string, sort?: TourSort) {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(CATALOGUE_TOURS, {
    variables: { filter, search: search || undefined, sort, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const conn = data?.tours;
  const busy =
    networkStatus === NetworkStatus.loading ||
    networkStatus === NetworkStatus.setVariables ||
    networkStatus === NetworkStatus.refetch;
  return {
    tours: conn?.nodes ?? [],
    totalCount: conn?.totalCount ?? 0,
    /** True when totalCount is an estimate (too many matches to count exactly). */
    totalCountIsEstimate: conn?.totalCountIsEstimate ?? false,
    hasMore: !!conn?.pageInfo.hasNextPage,
    loading: busy,
    loadingMore: networkStatus === NetworkStatus.fetchMore,
    error: busy ? undefined : error,
    retry: () => {
      void refetch();
    },
    loadMore: () => {
      if (!conn?.pageInfo.endCursor) return;
      // The cache's field policy appends the page (lib/paging.ts).
      void fetchMore({ variables: { after: conn.pageInfo.endCursor } });
    },
  };
}

/** The value, once it has stopped changing for `ms` (search as you type without a query per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** A tour list as useTourList gives it: its tours, counts, states and actions. */
export type TourList = ReturnType<typeof useTourList>;
