import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tour } from './tour.entity.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { makeTour } from '../../test/booking-helpers.js';
import { allPages, sorted } from '../../test/tour-helpers.js';

/**
 * A relevance page ranks the first SEARCH_RANKED_TOURS matches in catalogue order, found by a walk
 * of the first tours for common words, an id range sized from the walk for words in between, or the
 * word index alone for rare ones; and a prefix is read as the whole words it starts when they are
 * few. Whichever way, a search finds every match once, the first matches ranked and the rest in
 * catalogue order. Ranked set of 2 here, so the walk covers the first 20 tours.
 */
const RANKED = 2;
const TOURS = 100;
let s: TestServer;
let ids: number[];

/** Tour numbers (1-based, in catalogue order) whose descriptions hold each word. */
const PLACES: Record<string, number[]> = {
  acacia: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 40, 77], // common: the walk finds enough
  baobab: [5, 25, 30, 41, 59], // in between: one in the walk, the rest inside the range it sizes
  marula: [3, 95, 99], // in between, but the range falls short of the second match
  zebu: [70, 80, 96], // rare: none in the walk
};
// Nine words starting 'kibo' and two starting 'uhur': a prefix of many words stays a prefix.
const KIBO = ['kiboa', 'kibob', 'kiboc', 'kibod', 'kiboe', 'kibof', 'kibog', 'kiboh', 'kiboi'];
const UHURU = ['uhurua', 'uhurub'];

/** The words of the description of tour number n. */
function wordsOf(n: number): string[] {
  const words = Object.entries(PLACES)
    .filter(([, at]) => at.includes(n))
    .map(([w]) => w);
  if (n % 7 === 0) words.push(KIBO[n % KIBO.length]!);
  if (n % 30 === 0) words.push(UHURU[(n / 30) % UHURU.length]!);
  return words;
}

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { SEARCH_RANKED_TOURS: String(RANKED) } });
  const em = s.orm.em.fork();
  const tours = Array.from({ length: TOURS }, (_, i) => {
    const n = i + 1;
    return em.create(Tour, {
      title: `Tour number ${n}`,
      description: `Plains ${wordsOf(n).join(' ')}`,
      destination: 'arusha',
      country: 'Tanzania',
      price: 100 + n,
      capacity: 10,
      status: 'active',
      tier: 'Budget',
      bookingType: 'group',
      durationDays: 1,
      durationNights: 0,
    } as Tour);
  });
  await em.flush();
  await s.catalogue.changed();
  ids = tours.map((t) => t.id);
});
afterAll(() => s?.stop());

const idsAt = (numbers: number[]) => sorted(numbers.map((n) => String(ids[n - 1])));
const numbersWith = (word: RegExp) =>
  Array.from({ length: TOURS }, (_, i) => i + 1).filter((n) => wordsOf(n).some((w) => word.test(w)));

describe('relevance pages of common, in-between and rare words', () => {
  for (const [word, at] of Object.entries(PLACES)) {
    it(`"${word}" finds each of its ${at.length} tours once at any page size, the first ${RANKED} ranked and the rest in catalogue order`, async () => {
      for (const first of [1, 2, 3, 50]) {
        const found = (await allPages(s, { search: word }, first)).ids;
        expect(found, `page size ${first}`).toHaveLength(at.length);
        expect(sorted(found), `page size ${first}`).toEqual(idsAt(at));
        expect(sorted(found.slice(0, RANKED))).toEqual(idsAt(at).slice(0, RANKED));
        expect(found.slice(RANKED)).toEqual(idsAt(at).slice(RANKED));
      }
    });
  }

  it('finds the tours holding two words at once, whichever way each is read', async () => {
    expect(sorted((await allPages(s, { search: 'acacia baobab' }, 2)).ids)).toEqual(idsAt([5]));
    expect(sorted((await allPages(s, { search: 'marula acac' }, 2)).ids)).toEqual(idsAt([3]));
  });
});

describe('prefix words', () => {
  it('read as the few whole words they start, find what the prefix finds', async () => {
    expect(sorted((await allPages(s, { search: 'uhu' }, 5)).ids)).toEqual(idsAt(numbersWith(/^uhu/)));
    expect(sorted((await allPages(s, { search: 'baob' }, 5)).ids)).toEqual(idsAt(PLACES.baobab!));
  });

  it('starting more words than are read whole, stay a prefix and still find every tour', async () => {
    const expected = idsAt(numbersWith(/^kibo/));
    expect(expected.length).toBeGreaterThan(8);
    expect(sorted((await allPages(s, { search: 'kibo' }, 5)).ids)).toEqual(expected);
    expect(sorted((await allPages(s, { search: 'kibo', sort: 'PRICE_ASC' }, 5)).ids)).toEqual(expected);
  });

  it('learn of words added after the start: a new tour is found by its prefix at once', async () => {
    const id = await makeTour(s, {
      title: 'Mkomazi rhino sanctuary',
      description: 'Plains',
      destination: 'mkomazi',
      price: 300,
      tier: 'Budget',
    });
    expect((await allPages(s, { search: 'mkoma' }, 5)).ids).toEqual([String(id)]);
  });
});
