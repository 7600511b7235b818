import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { allPages, allTours, idsOf, sorted, type T } from '../../test/tour-helpers.js';

// A low exact-count limit and a small ranked set, so the demo catalogue crosses both.
const LIMIT = 3;
let s: TestServer;
let all: T[];
beforeAll(async () => {
  s = await startTestServer({ env: { TOUR_COUNT_EXACT_LIMIT: String(LIMIT), SEARCH_RANKED_TOURS: '2' } });
  all = await allTours(s);
});
afterAll(async () => {
  await s?.stop();
});

const COUNT = `query Count($filter: TourFilter, $search: String) {
  tours(filter: $filter, search: $search, first: 1) { totalCount totalCountIsEstimate }
}`;

async function count(vars: Record<string, unknown>): Promise<{ totalCount: number; totalCountIsEstimate: boolean }> {
  const { body } = await s.gql(COUNT, vars);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.tours;
}

async function searchIds(q: string): Promise<string[]> {
  return (await allPages(s, { search: q }, 100)).ids;
}

describe('totalCount', () => {
  it('is exact and not marked when the matches are at most the limit', async () => {
    const ids = all.slice(0, 2).map((t) => t.id);
    expect(await count({ filter: { ids } })).toEqual({ totalCount: 2, totalCountIsEstimate: false });
    expect(await count({ filter: { ids: all.slice(0, LIMIT).map((t) => t.id) } })).toEqual({
      totalCount: LIMIT,
      totalCountIsEstimate: false,
    });
    expect(await count({ search: 'zzzqqqxxx' })).toEqual({ totalCount: 0, totalCountIsEstimate: false });
  });

  it('is an estimate above the limit, marked as such and never at or below the limit', async () => {
    expect(all.length).toBeGreaterThan(LIMIT);
    const c = await count({});
    expect(c.totalCountIsEstimate).toBe(true);
    expect(c.totalCount).toBeGreaterThan(LIMIT);
    // The sample is repeatable: the same question gets the same estimate.
    expect(await count({})).toEqual(c);
  });

  it('is given over REST with count=true, with the same marker, and refuses a bad flag', async () => {
    const ids = all
      .slice(0, 2)
      .map((t) => t.id)
      .join(',');
    const small = await s.rest('GET', `/api/tours?ids=${ids}&count=true`);
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ totalCount: 2, totalCountIsEstimate: false });
    const large = await s.rest('GET', '/api/tours?count=1&limit=1');
    expect(large.body.totalCountIsEstimate).toBe(true);
    expect(large.body.totalCount).toBeGreaterThan(LIMIT);
    expect((await s.rest('GET', '/api/tours')).body.totalCount).toBeUndefined();
    const bad = await s.rest('GET', '/api/tours?count=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.code ?? bad.body.error?.code).toBe('BAD_USER_INPUT');
  });
});

describe('search over a bounded ranked set', () => {
  it('pages through every match once when there are more matches than ranked tours', async () => {
    const matches = all.filter((t) => /safari/i.test(`${t.title} ${t.description} ${t.destination} ${t.country}`));
    expect(matches.length).toBeGreaterThan(2);
    for (const first of [1, 2, 3, 100]) {
      const { ids } = await allPages(s, { search: 'safari' }, first);
      expect(new Set(ids).size, `page size ${first}`).toBe(ids.length);
      expect(sorted(ids), `page size ${first}`).toEqual(idsOf(matches));
    }
  });

  it('ranks the first ranked matches, then lists the others in catalogue order', async () => {
    const ids = await searchIds('safari');
    expect(ids.slice(2).map(Number)).toEqual([...ids.slice(2).map(Number)].sort((a, b) => a - b));
    expect(sorted(ids.slice(0, 2))).toEqual(sorted(ids).slice(0, 2));
  });
});

describe('misspelt search words', () => {
  it('find what the right spelling finds', async () => {
    expect(await searchIds('serengetti')).toEqual(await searchIds('serengeti'));
    const safari = await searchIds('safari');
    expect(safari.length).toBeGreaterThan(0);
    expect(sorted(await searchIds('safary'))).toEqual(sorted(safari));
  });

  it('are corrected word by word next to rightly spelt ones, every word still having to match', async () => {
    const both = sorted(await searchIds('serengeti safari'));
    expect(both.length).toBeGreaterThan(0);
    expect(sorted(await searchIds('serengeti safary'))).toEqual(both);
    expect(sorted(await searchIds('serengetti safary'))).toEqual(both);
    expect(await searchIds('serengetti qqqzzzxx')).toEqual([]);
  });

  it('also find infix words of three or more letters, and nothing for an unknown word', async () => {
    const ngeti = await searchIds('ngeti');
    for (const t of all.filter((x) => /serengeti/i.test(x.title))) expect(ngeti).toContain(t.id);
    expect(await searchIds('xqzjwv')).toEqual([]);
  });
});
