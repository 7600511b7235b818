import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { createApolloCache } from './apollo';

// Parsed from strings, not tagged: these test-only operations stay out of the generated types.
const TOURS = parse(`
  query Tours($filter: TourFilter, $first: Int, $after: String) {
    tours(filter: $filter, first: $first, after: $after) {
      __typename
      totalCount
      pageInfo { __typename hasNextPage endCursor }
      nodes { __typename id title }
    }
  }
`);

const DELIVERIES = parse(`
  query Deliveries($status: WebhookDeliveryStatus, $first: Int, $after: String) {
    webhookDeliveries(status: $status, first: $first, after: $after) {
      __typename
      pageInfo { __typename hasNextPage endCursor }
      nodes { __typename id }
    }
  }
`);

const tour = (id: string) => ({ __typename: 'Tour', id, title: `Tour ${id}` });
const tours = (ids: string[], endCursor: string, hasNextPage: boolean, totalCount = 4) => ({
  tours: {
    __typename: 'TourConnection',
    totalCount,
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor },
    nodes: ids.map(tour),
  },
});

interface ToursData {
  tours: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: { id: string }[] };
}

describe('cursorPaging field policy', () => {
  it('appends the next page to the list, drops a node already shown and keeps the latest page info', () => {
    const cache = createApolloCache();
    const filter = { destination: 'Arusha' };
    cache.writeQuery({ query: TOURS, variables: { filter, first: 2 }, data: tours(['1', '2'], 'c2', true, 3) });
    cache.writeQuery({
      query: TOURS,
      variables: { filter, first: 2, after: 'c2' },
      data: tours(['2', '3', '4'], 'c4', false),
    });
    const read = cache.readQuery<ToursData>({ query: TOURS, variables: { filter, first: 2 } });
    expect(read?.tours.nodes.map((n) => n.id)).toEqual(['1', '2', '3', '4']);
    expect(read?.tours.pageInfo).toMatchObject({ hasNextPage: false, endCursor: 'c4' });
    expect(read?.tours.totalCount).toBe(4);
  });

  it('starts a new list for a new filter and replaces a list read again without a cursor', () => {
    const cache = createApolloCache();
    cache.writeQuery({
      query: TOURS,
      variables: { filter: { destination: 'Arusha' }, first: 2 },
      data: tours(['1', '2'], 'c2', true),
    });
    cache.writeQuery({
      query: TOURS,
      variables: { filter: { destination: 'Arusha' }, first: 2, after: 'c2' },
      data: tours(['3'], 'c3', false),
    });
    cache.writeQuery({
      query: TOURS,
      variables: { filter: { destination: 'Moshi' }, first: 2 },
      data: tours(['7'], 'c7', false),
    });
    const ids = (destination: string) =>
      cache
        .readQuery<ToursData>({ query: TOURS, variables: { filter: { destination }, first: 2 } })
        ?.tours.nodes.map((n) => n.id);
    expect(ids('Moshi')).toEqual(['7']);
    expect(ids('Arusha')).toEqual(['1', '2', '3']);

    cache.writeQuery({
      query: TOURS,
      variables: { filter: { destination: 'Arusha' }, first: 2 },
      data: tours(['1', '2'], 'c2', true),
    });
    expect(ids('Arusha')).toEqual(['1', '2']);
  });

  it('pages the other connection fields alike (webhook deliveries of one status)', () => {
    const cache = createApolloCache();
    const page = (ids: string[], endCursor: string, hasNextPage: boolean) => ({
      webhookDeliveries: {
        __typename: 'WebhookDeliveryConnection',
        pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor },
        nodes: ids.map((id) => ({ __typename: 'WebhookDelivery', id })),
      },
    });
    cache.writeQuery({
      query: DELIVERIES,
      variables: { status: 'FAILED', first: 2 },
      data: page(['9', '8'], 'd8', true),
    });
    cache.writeQuery({
      query: DELIVERIES,
      variables: { status: 'FAILED', first: 2, after: 'd8' },
      data: page(['8', '7'], 'd7', false),
    });
    const read = cache.readQuery<{ webhookDeliveries: { nodes: { id: string }[] } }>({
      query: DELIVERIES,
      variables: { status: 'FAILED', first: 2 },
    });
    expect(read?.webhookDeliveries.nodes.map((n) => n.id)).toEqual(['9', '8', '7']);
  });
});
