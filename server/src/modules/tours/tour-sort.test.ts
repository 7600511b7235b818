import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { Tour } from './tour.entity.js';
import { LIST, allPages, allTours, restIds, type T } from '../../test/tour-helpers.js';

let s: TestServer;
let all: T[];
beforeAll(async () => {
  s = await startTestServer();
  // Ties and missing prices, so the tie-break on id and the nulls-last rule are exercised.
  const em = s.orm.em.fork();
  const tours = await em.find(Tour, {}, { orderBy: { id: 'asc' }, limit: 6 });
  for (const t of tours.slice(0, 3)) Object.assign(t, { price: 100, priceText: null, rating: 4.5 });
  for (const t of tours.slice(3, 5)) Object.assign(t, { price: null, priceText: null, originalPrice: null });
  await em.flush();
  all = await allTours(s);
});
afterAll(async () => {
  await s?.stop();
});

const num = (n: number | null) => (n === null ? null : Number(n));

/** The order each sort promises, computed from the tours themselves. */
const EXPECTED: Record<string, (a: T, b: T) => number> = {
  CATALOGUE: (a, b) => Number(a.id) - Number(b.id),
  PRICE_ASC: (a, b) => {
    const pa = num(a.fromPrice),
      pb = num(b.fromPrice);
    if (pa === null || pb === null) return pa === pb ? Number(a.id) - Number(b.id) : pa === null ? 1 : -1;
    return pa - pb || Number(a.id) - Number(b.id);
  },
  PRICE_DESC: (a, b) => {
    const pa = num(a.fromPrice),
      pb = num(b.fromPrice);
    if (pa === null || pb === null) return pa === pb ? Number(b.id) - Number(a.id) : pa === null ? 1 : -1;
    return pb - pa || Number(b.id) - Number(a.id);
  },
  RATING_DESC: (a, b) => b.rating - a.rating || Number(a.id) - Number(b.id),
  NEWEST: (a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id),
};

describe('sorting and keyset paging', () => {
  it('has ties and tours without a price to sort', () => {
    expect(all.filter((t) => t.fromPrice === null).length).toBe(2);
    expect(all.filter((t) => t.fromPrice === 100).length).toBeGreaterThanOrEqual(3);
  });

  for (const sort of Object.keys(EXPECTED)) {
    it(`sorts ${sort} and pages through it without duplicates or gaps, whatever the page size`, async () => {
      const want = [...all].sort(EXPECTED[sort]).map((t) => t.id);
      for (const first of [1, 4, 7, 100]) {
        const { ids, pages, total } = await allPages(s, { sort }, first);
        expect(ids, `${sort} first=${first}`).toEqual(want);
        expect(total).toBe(all.length);
        expect(pages).toBe(Math.max(1, Math.ceil(all.length / first)));
      }
    });
  }

  it('pages a filtered and sorted list the same way', async () => {
    const filter = { bookingType: 'group' };
    const want = all
      .filter((t) => t.bookingType === 'group')
      .sort(EXPECTED.PRICE_DESC)
      .map((t) => t.id);
    const { ids, total } = await allPages(s, { filter, sort: 'PRICE_DESC' }, 5);
    expect(ids).toEqual(want);
    expect(total).toBe(want.length);
  });

  it('sorts over REST too (sort parameter, case-insensitive)', async () => {
    expect(await restIds(s, 'sort=price_asc&limit=1000')).toEqual([...all].sort(EXPECTED.PRICE_ASC).map((t) => t.id));
    expect(await restIds(s, 'sort=NEWEST&limit=3')).toEqual(
      [...all]
        .sort(EXPECTED.NEWEST)
        .slice(0, 3)
        .map((t) => t.id),
    );
  });

  it('refuses a cursor of another sort, a forged cursor, or a tampered key with BAD_USER_INPUT', async () => {
    const { body } = await s.gql(LIST, { sort: 'PRICE_ASC', first: 2 });
    const cursor = body.data.tours.pageInfo.endCursor;
    const other = await s.gql(LIST, { sort: 'NEWEST', first: 2, after: cursor });
    expect(other.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const forged = [
      ['PRICE_ASC', '1; drop table tours', 1],
      ['PRICE_ASC', '12', -1],
      ['NEWEST', 'yesterday', 3],
      ['RATING_DESC', null, 3],
      ['PRICE_ASC', '1e400', 2],
      'not-a-list',
      ['ID', null, 1.5],
    ];
    for (const f of forged) {
      const after = Buffer.from(JSON.stringify(f)).toString('base64url');
      const sort = Array.isArray(f) && f[0] !== 'ID' ? f[0] : 'CATALOGUE';
      const r = await s.gql(LIST, { sort, first: 2, after });
      expect(r.body.errors?.[0]?.extensions.code, JSON.stringify(f)).toBe('BAD_USER_INPUT');
    }
    expect((await s.gql(LIST, { first: 2, after: 'x'.repeat(600) })).body.errors[0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('refuses an unknown sort with BAD_USER_INPUT', async () => {
    const { status, body } = await s.gql(LIST, { sort: 'CHEAPEST' });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
