import type { TestServer } from './harness.js';

/* Helpers of the catalogue's integration tests. */

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/** Fields the catalogue tests compare against. */
export const TOUR_FIELDS = `id title description destination country travelType tier tiers bookingType status duration
  durationDays durationNights dayTrip departureTime returnTime price priceText originalPrice fromPrice
  featured popular trending rating createdAt`;

export interface T {
  id: string;
  title: string;
  description: string;
  destination: string;
  country: string;
  travelType: string | null;
  tier: string | null;
  tiers: string[];
  bookingType: string | null;
  status: string;
  duration: string | null;
  durationDays: number;
  durationNights: number;
  dayTrip: boolean;
  departureTime: string | null;
  returnTime: string | null;
  price: number | null;
  priceText: string | null;
  originalPrice: number | null;
  fromPrice: number | null;
  featured: boolean;
  popular: boolean;
  trending: boolean;
  rating: number;
  createdAt: string;
}

export const LIST = `query List($filter: TourFilter, $search: String, $sort: TourSort, $first: Int, $after: String) {
  tours(filter: $filter, search: $search, sort: $sort, first: $first, after: $after) {
    totalCount
    nodes { ${TOUR_FIELDS} }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;

/** Every tour of the catalogue through GraphQL (in pages of 100). */
export async function allTours(s: TestServer): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  do {
    const { body } = await s.gql(LIST, { first: 100, after });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    out.push(...body.data.tours.nodes);
    after = body.data.tours.pageInfo.hasNextPage ? body.data.tours.pageInfo.endCursor : null;
  } while (after);
  return out;
}

/** Ids of a GraphQL list answer, failing loudly on errors. */
export async function gqlIds(s: TestServer, vars: Record<string, unknown>): Promise<string[]> {
  const { body } = await s.gql(LIST, { first: 100, ...vars });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  check(
    body.data.tours.totalCount === body.data.tours.nodes.length,
    'totalCount differs from the nodes of a single page',
  );
  return body.data.tours.nodes.map((n: T) => n.id);
}

/** Ids of a REST list answer for a query string. */
export async function restIds(s: TestServer, query: string): Promise<string[]> {
  const { status, body } = await s.rest('GET', `/api/tours?${query}`);
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  check(body.success === true, 'success is not true');
  return body.tours.map((t: { id: string }) => t.id);
}

export const sorted = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));
export const idsOf = (ts: T[]) => sorted(ts.map((t) => t.id));

/** Every page of a list, following endCursor. */
export async function allPages(
  s: TestServer,
  vars: Record<string, unknown>,
  first: number,
): Promise<{ ids: string[]; pages: number; total: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  let total = -1;
  do {
    const { body } = await s.gql(LIST, { ...vars, first, after });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const c = body.data.tours;
    total = c.totalCount;
    check(c.nodes.length <= first, 'page larger than first');
    check(c.pageInfo.hasPreviousPage === (after !== null), 'hasPreviousPage wrong');
    ids.push(...c.nodes.map((n: T) => n.id));
    after = c.pageInfo.hasNextPage ? c.pageInfo.endCursor : null;
    pages++;
    if (pages > 200) throw new Error('paging does not end');
  } while (after);
  return { ids, pages, total };
}

/** A valid TourInput for a one-day tour with no photos, as the admin form sends it. */
export const DAY_TOUR_INPUT = {
  title: 'Materuni Waterfall',
  description: 'Coffee and a waterfall.',
  destination: 'Kilimanjaro',
  country: 'Tanzania',
  durationDays: 1,
  price: '60',
  images: [],
  tier: 'Budget',
  bookingType: 'group',
  status: 'active',
};
