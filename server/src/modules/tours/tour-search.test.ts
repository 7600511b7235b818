import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { LIST, allTours, gqlIds, restIds, type T } from '../../test/tour-helpers.js';

let s: TestServer;
let all: T[];
beforeAll(async () => {
  s = await startTestServer();
  all = await allTours(s);
});
afterAll(async () => {
  await s?.stop();
});

const byId = (id: string) => all.find((t) => t.id === id)!;

async function search(q: string, extra: Record<string, unknown> = {}): Promise<T[]> {
  const { body } = await s.gql(LIST, { search: q, first: 100, ...extra });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.tours.nodes;
}

describe('full-text search', () => {
  it('finds whole words in the title, description, destination and country', async () => {
    const migration = await search('migration');
    expect(migration.length).toBeGreaterThan(0);
    expect(migration.every((t) => `${t.title} ${t.description}`.toLowerCase().includes('migrat'))).toBe(true);
    const zanzibar = await search('zanzibar');
    for (const t of all.filter((x) => x.destination === 'zanzibar')) expect(zanzibar.map((z) => z.id)).toContain(t.id);
    expect((await search('Tanzania')).length).toBe(
      all.filter((t) => t.country === 'Tanzania' || /tanzania/i.test(t.title + t.description)).length,
    );
  });

  it('finds partial words: "seren" finds Serengeti, "kili" finds Kilimanjaro', async () => {
    const seren = await search('seren');
    const serengeti = all.filter((t) => /serengeti/i.test(t.title));
    expect(serengeti.length).toBeGreaterThan(0);
    for (const t of serengeti) expect(seren.map((x) => x.id)).toContain(t.id);
    const kili = await search('kili');
    const kilimanjaro = all.filter((t) => /kilimanjaro/i.test(t.title));
    for (const t of kilimanjaro) expect(kili.map((x) => x.id)).toContain(t.id);
    expect(kili.every((t) => /kili/i.test(`${t.title} ${t.description} ${t.destination}`))).toBe(true);
  });

  it('tolerates a misspelt word through trigram similarity', async () => {
    const ids = (await search('serengetti')).map((t) => t.id);
    for (const t of all.filter((x) => /serengeti/i.test(x.title))) expect(ids).toContain(t.id);
  });

  it('finds a word written in another form than the catalogue holds it ("cities" finds a city, "communities" a community)', async () => {
    for (const [asked, held] of [
      ['cities', 'city'],
      ['communities', 'community'],
    ] as const) {
      const want = all.filter((t) => new RegExp(`\\b${held}\\b`, 'i').test(`${t.title} ${t.description}`));
      expect(want.length).toBeGreaterThan(0);
      const ids = (await search(asked)).map((t) => t.id);
      for (const t of want) expect(ids).toContain(t.id);
    }
  });

  it('needs every word to match (narrowing), ranking exact word matches above fuzzy ones', async () => {
    const both = await search('kilimanjaro trek');
    const words = both.filter(
      (t) =>
        /kilimanjaro/i.test(`${t.title} ${t.description} ${t.destination}`) &&
        /trek/i.test(`${t.title} ${t.description}`),
    );
    expect(words.length).toBeGreaterThan(0);
    expect(
      both
        .slice(0, words.length)
        .map((t) => t.id)
        .sort(),
    ).toEqual(words.map((t) => t.id).sort());
  });

  it('orders by relevance with the CATALOGUE sort: title matches before description-only ones', async () => {
    const found = await search('zanzibar');
    const firstDescOnly = found.findIndex((t) => !/zanzibar/i.test(t.title) && t.destination !== 'zanzibar');
    const lastTitle = found.map((t) => /zanzibar/i.test(t.title)).lastIndexOf(true);
    expect(lastTitle).toBeGreaterThanOrEqual(0);
    if (firstDescOnly >= 0) expect(lastTitle).toBeLessThan(firstDescOnly);
    // Not the id order: relevance decides.
    const kili = await search('kilimanjaro');
    const titled = kili.map((t) => /kilimanjaro/i.test(t.title));
    expect(titled[0]).toBe(true);
    expect(titled.lastIndexOf(true)).toBeLessThan(titled.indexOf(false) === -1 ? Infinity : titled.indexOf(false));
    expect(kili.some((t) => !/kilimanjaro/i.test(t.title))).toBe(true);
  });

  it('combines the search with filters and any sort', async () => {
    const found = await search('safari', { filter: { destination: 'serengeti' }, sort: 'PRICE_ASC' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((t) => t.destination === 'serengeti')).toBe(true);
    const prices = found.map((t) => t.fromPrice ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('searches over REST with search or q, the same tours as GraphQL', async () => {
    const gql = await gqlIds(s, { search: 'kili' });
    expect(await restIds(s, 'search=kili')).toEqual(gql);
    expect(await restIds(s, 'q=kili')).toEqual(gql);
  });

  it('pages through search results by relevance without duplicates or gaps', async () => {
    const full = (await search('safari')).map((t) => t.id);
    expect(full.length).toBeGreaterThan(4);
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const { body } = await s.gql(LIST, { search: 'safari', first: 3, after });
      paged.push(...body.data.tours.nodes.map((n: T) => n.id));
      expect(body.data.tours.totalCount).toBe(full.length);
      after = body.data.tours.pageInfo.hasNextPage ? body.data.tours.pageInfo.endCursor : null;
    } while (after);
    expect(paged).toEqual(full);
  });

  it('answers hostile or odd search text sensibly, never with a 500', async () => {
    const odd = [
      "'; DROP TABLE tours; --",
      '" OR 1=1 --',
      "kili' OR '1'='1",
      'safari)',
      '!!!&|:*()<>',
      '\\',
      '%',
      '_',
      '🦁🐘',
      '🦁 serengeti',
      'SELECT * FROM users',
      '$$',
      'null',
      'a'.repeat(200),
      'ça va',
      '東京',
      'kili:*',
      '-safari',
      '"great migration"',
    ];
    for (const q of odd) {
      const { status, body } = await s.gql(LIST, { search: q, first: 5 });
      expect(status, q).toBe(200);
      expect(body.errors, q).toBeUndefined();
      const r = await s.rest('GET', `/api/tours?search=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
    }
    expect(await search('🦁🐘')).toEqual([]);
    expect((await search('🦁 serengeti')).length).toBeGreaterThan(0);
    expect(byId('1')).toBeDefined();
    // The catalogue is still there.
    expect((await allTours(s)).length).toBe(all.length);
  });

  it('refuses search text longer than 200 characters with BAD_USER_INPUT (a 10k-character one too)', async () => {
    for (const q of ['x'.repeat(201), 'safari '.repeat(1500)]) {
      const { body } = await s.gql(LIST, { search: q });
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.fields[0].field).toBe('search');
      const r = await s.rest('GET', `/api/tours?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(400);
    }
  });

  it('treats a blank search as no search', async () => {
    expect((await search('   ')).length).toBe(all.length);
  });
});
