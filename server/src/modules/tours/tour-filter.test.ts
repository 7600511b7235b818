import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eastAfricaDay, fromPrice, isDayTrip } from '@tembea/schema';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEMO_TOURS } from '../../db/seed/demo-tours.js';
import { Tour } from './tour.entity.js';
import { LIST, allTours, gqlIds, idsOf, restIds, sorted, type T } from '../../test/tour-helpers.js';

let s: TestServer;
let all: T[];
beforeAll(async () => {
  s = await startTestServer();
  all = await allTours(s);
});
afterAll(async () => {
  await s?.stop();
});

/** A tour's calendar day as Tanzania counts it (UTC+3), as its page shows it. */
const day = (iso: string | null) => eastAfricaDay(iso);

describe('tour filters (GraphQL and REST give the same tours)', () => {
  it('has the whole demo catalogue to filter', () => {
    expect(all).toHaveLength(DEMO_TOURS.length);
  });

  const cases: { name: string; filter: Record<string, unknown>; query: string; expect: (t: T) => boolean }[] = [
    {
      name: 'destination',
      filter: { destination: 'zanzibar' },
      query: 'destination=zanzibar',
      expect: (t) => t.destination === 'zanzibar',
    },
    {
      name: 'travelType',
      filter: { travelType: 'Safari' },
      query: 'travelType=Safari',
      expect: (t) => t.travelType === 'Safari',
    },
    {
      name: 'bookingType',
      filter: { bookingType: 'private' },
      query: 'bookingType=private',
      expect: (t) => t.bookingType === 'private',
    },
    { name: 'status', filter: { status: 'draft' }, query: 'status=draft', expect: (t) => t.status === 'draft' },
    {
      name: 'duration text',
      filter: { duration: '7 days' },
      query: 'duration=7%20days',
      expect: (t) => !!t.duration?.toLowerCase().includes('7 days'),
    },
    { name: 'durationDays', filter: { durationDays: 4 }, query: 'durationDays=4', expect: (t) => t.durationDays === 4 },
    {
      name: 'durationNights',
      filter: { durationNights: 0 },
      query: 'durationNights=0',
      expect: (t) => t.durationNights === 0,
    },
    { name: 'featured', filter: { featured: true }, query: 'featured=true', expect: (t) => t.featured },
    { name: 'popular', filter: { popular: true }, query: 'popular=true', expect: (t) => t.popular },
    { name: 'trending', filter: { trending: true }, query: 'trending=true', expect: (t) => t.trending },
    { name: 'not featured', filter: { featured: false }, query: 'featured=false', expect: (t) => !t.featured },
    { name: 'dayTrip true', filter: { dayTrip: true }, query: 'dayTrip=true', expect: (t) => t.dayTrip },
    { name: 'dayTrip false', filter: { dayTrip: false }, query: 'dayTrip=false', expect: (t) => !t.dayTrip },
    {
      name: 'tier in the Tier list',
      filter: { tier: 'Luxury' },
      query: 'tier=Luxury',
      expect: (t) => t.tiers.includes('Luxury'),
    },
    {
      name: 'minPrice',
      filter: { minPrice: 1000 },
      query: 'minPrice=1000',
      expect: (t) => t.fromPrice !== null && t.fromPrice >= 1000,
    },
    {
      name: 'maxPrice',
      filter: { maxPrice: 100 },
      query: 'maxPrice=100',
      expect: (t) => t.fromPrice !== null && t.fromPrice <= 100,
    },
    {
      name: 'price range',
      filter: { minPrice: 500, maxPrice: 1500 },
      query: 'minPrice=500&maxPrice=1500',
      expect: (t) => t.fromPrice !== null && t.fromPrice >= 500 && t.fromPrice <= 1500,
    },
    {
      name: 'the SEE DAY TRIPS link (durationDays 1, durationNights 0, dayTrip)',
      filter: { durationDays: 1, durationNights: 0, dayTrip: true },
      query: 'durationDays=1&durationNights=0&dayTrip=true',
      expect: (t) => t.durationDays === 1 && t.durationNights === 0,
    },
    {
      name: 'combined destination + travelType + bookingType',
      filter: { destination: 'kilimanjaro', travelType: 'trekking', bookingType: 'group' },
      query: 'destination=kilimanjaro&travelType=trekking&bookingType=group',
      expect: (t) => t.destination === 'kilimanjaro' && t.travelType === 'Trekking' && t.bookingType === 'group',
    },
  ];

  for (const c of cases) {
    it(`filters by ${c.name}`, async () => {
      const want = idsOf(all.filter(c.expect));
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(all.length);
      expect(sorted(await gqlIds(s, { filter: c.filter }))).toEqual(want);
      expect(sorted(await restIds(s, `limit=1000&${c.query}`))).toEqual(want);
    });
  }

  it('matches word values case-insensitively', async () => {
    const want = idsOf(all.filter((t) => t.destination === 'zanzibar' && t.travelType === 'Beach sands'));
    expect(want.length).toBeGreaterThan(0);
    expect(sorted(await gqlIds(s, { filter: { destination: 'ZANZIBAR', travelType: 'beach SANDS' } }))).toEqual(want);
    expect(sorted(await restIds(s, 'destination=Zanzibar&travelType=BEACH%20SANDS'))).toEqual(want);
    expect(
      sorted(await gqlIds(s, { filter: { bookingType: 'PRIVATE', status: 'Active', tier: 'mid-RANGE' } })),
    ).toEqual(
      idsOf(all.filter((t) => t.bookingType === 'private' && t.status === 'active' && t.tiers.includes('Mid-range'))),
    );
  });

  it('matches a tier anywhere in a comma-separated Tier list, but not part of a tier name', async () => {
    const midRange = all.filter((t) => t.tiers.includes('Mid-range'));
    expect(midRange.some((t) => t.tiers.length > 1 && t.tiers[0] !== 'Mid-range')).toBe(true);
    expect(sorted(await gqlIds(s, { filter: { tier: 'Mid-range' } }))).toEqual(idsOf(midRange));
    expect(await gqlIds(s, { filter: { tier: 'Mid' } })).toEqual([]);
    expect(await gqlIds(s, { filter: { tier: 'Standard' } })).toEqual([]);
  });

  it('filters on dates: departing from a day or a date-time, returning by a day or a date-time', async () => {
    const dated = all.filter((t) => t.departureTime).sort((a, b) => a.departureTime!.localeCompare(b.departureTime!));
    const pivot = dated[Math.floor(dated.length / 2)]!;
    const from = day(pivot.departureTime)!;
    const wantFrom = idsOf(all.filter((t) => t.departureTime && day(t.departureTime)! >= from));
    expect(sorted(await gqlIds(s, { filter: { date: from } }))).toEqual(wantFrom);
    expect(sorted(await gqlIds(s, { filter: { departureTime: from } }))).toEqual(wantFrom);
    expect(sorted(await restIds(s, `date=${from}`))).toEqual(wantFrom);
    expect(sorted(await restIds(s, `departureTime=${from}`))).toEqual(wantFrom);

    const exact = pivot.departureTime!;
    const wantAt = idsOf(all.filter((t) => t.departureTime && new Date(t.departureTime) >= new Date(exact)));
    expect(sorted(await gqlIds(s, { filter: { departureTime: exact } }))).toEqual(wantAt);

    const until = day(pivot.returnTime)!;
    const wantUntil = idsOf(all.filter((t) => t.returnTime && day(t.returnTime)! <= until));
    expect(sorted(await gqlIds(s, { filter: { returnTime: until } }))).toEqual(wantUntil);
    expect(sorted(await restIds(s, `returnTime=${until}`))).toEqual(wantUntil);

    const both = idsOf(
      all.filter(
        (t) => t.departureTime && day(t.departureTime)! >= from && t.returnTime && day(t.returnTime)! <= until,
      ),
    );
    expect(sorted(await restIds(s, `departureTime=${from}&returnTime=${until}`))).toEqual(both);
    expect(await gqlIds(s, { filter: { date: '2999-01-01' } })).toEqual([]);
  });

  it('filters by ids (GraphQL ids, REST id, one or a comma list)', async () => {
    expect(sorted(await gqlIds(s, { filter: { ids: ['3', '1', '999999'] } }))).toEqual(['1', '3']);
    expect(await restIds(s, 'id=2')).toEqual(['2']);
    expect(sorted(await restIds(s, 'id=2,5'))).toEqual(['2', '5']);
  });

  it('keeps the derived columns in step with the shared rules when a tour changes', async () => {
    for (const t of all) {
      expect(t.fromPrice).toBe(fromPrice(t));
      expect(t.dayTrip).toBe(isDayTrip(t));
    }
    const em = s.orm.em.fork();
    const tour = await em.findOneOrFail(Tour, { id: Number(all[0]!.id) });
    tour.price = 12.5;
    tour.priceText = null;
    tour.tier = ' Budget , Luxury ';
    tour.durationDays = 1;
    tour.durationNights = 0;
    await em.flush();
    expect(await gqlIds(s, { filter: { maxPrice: 12.5, tier: 'budget', dayTrip: true } })).toEqual([all[0]!.id]);
    const { body } = await s.gql(LIST, { filter: { ids: [all[0]!.id] } });
    expect(body.data.tours.nodes[0]).toMatchObject({ fromPrice: 12.5, dayTrip: true, tiers: ['Budget', 'Luxury'] });
  });
});

describe('days are Tanzanian days (UTC+3), as the tour pages show them', () => {
  it('finds a tour leaving at 01:00 on 2 May from 2 May, and counts it back the same day', async () => {
    const em = s.orm.em.fork();
    const tour = await em.findOneOrFail(Tour, { id: Number(all[1]!.id) });
    // 01:00 to 11:00 on 2 May 2031 in Tanzania: still 1 May in UTC when it leaves.
    tour.departureTime = new Date('2031-05-01T22:00:00Z');
    tour.returnTime = new Date('2031-05-02T08:00:00Z');
    tour.durationDays = 2;
    tour.durationNights = 1;
    await em.flush();
    const id = all[1]!.id;
    expect(await gqlIds(s, { filter: { ids: [id], dayTrip: true } })).toEqual([id]);
    expect(await gqlIds(s, { filter: { ids: [id], departureTime: '2031-05-02' } })).toEqual([id]);
    expect(await gqlIds(s, { filter: { ids: [id], date: '2031-05-02' } })).toEqual([id]);
    expect(await restIds(s, `id=${id}&departureTime=2031-05-02&returnTime=2031-05-02`)).toEqual([id]);
    expect(await gqlIds(s, { filter: { ids: [id], departureTime: '2031-05-03' } })).toEqual([]);
    expect(await gqlIds(s, { filter: { ids: [id], returnTime: '2031-05-01' } })).toEqual([]);
  });
});

describe('bad filter values are refused with the failing field, never a 500', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['negative minPrice', { minPrice: -1 }, 'minPrice'],
    ['negative maxPrice', { maxPrice: -0.01 }, 'maxPrice'],
    ['minPrice above maxPrice', { minPrice: 500, maxPrice: 100 }, 'minPrice'],
    ['unknown status', { status: 'published' }, 'status'],
    ['unknown bookingType', { bookingType: 'solo' }, 'bookingType'],
    ['malformed date', { date: '2025-13-45' }, 'date'],
    ['date-time as date', { date: 'tomorrow' }, 'date'],
    ['malformed departureTime', { departureTime: '31/12/2025' }, 'departureTime'],
    ['impossible returnTime', { returnTime: '2025-02-30' }, 'returnTime'],
    ['negative durationDays', { durationDays: -1 }, 'durationDays'],
    ['malformed ids', { ids: ['1', "1' or '1'='1"] }, 'ids'],
    ['too long destination', { destination: 'x'.repeat(101) }, 'destination'],
    ['NUL in destination', { destination: 'zanzibar\u0000' }, 'destination'],
    ['control character in tier', { tier: 'Lux\u0007ury' }, 'tier'],
  ];
  for (const [name, filter, field] of bad) {
    it(`GraphQL: ${name}`, async () => {
      const { status, body } = await s.gql(LIST, { filter });
      expect(status).toBe(200);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(body.errors[0].message).toContain(field);
    });
  }

  const badRest: [string, string][] = [
    ['minPrice=-5', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['minPrice=900&maxPrice=100', 'minPrice'],
    ['status=archived', 'status'],
    ['bookingType=everyone', 'bookingType'],
    ['date=2025-02-30', 'date'],
    ['departureTime=yesterday', 'departureTime'],
    ['returnTime=2025-1-1', 'returnTime'],
    ['durationDays=1.5', 'durationDays'],
    ['durationNights=many', 'durationNights'],
    ['dayTrip=maybe', 'dayTrip'],
    ['featured=2', 'featured'],
    ['id=abc', 'ids'],
    ['sort=cheapest', 'sort'],
    ['destination=a&destination=b', 'destination'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['destination=%00', 'destination'],
    ['travelType=Safari%00', 'travelType'],
    ['tier=x%00', 'tier'],
    ['duration=%00', 'duration'],
    ['search=a%00b', 'search'],
    ['search=a%07b', 'search'],
    ['q=%00', 'search'],
  ];
  for (const [query, field] of badRest) {
    it(`REST: ${query.slice(0, 40)}`, async () => {
      const { status, body } = await s.rest('GET', `/api/tours?${query}`);
      expect(status).toBe(400);
      expect(body.message).toContain(field);
      expect(body.code).toBe('BAD_USER_INPUT');
    });
  }

  it('GraphQL: a NUL or control character in the search', async () => {
    for (const search of ['a\u0000b', 'a\u0007b', '\u0000']) {
      const { status, body } = await s.gql(LIST, { search });
      expect(status).toBe(200);
      expect(body.errors[0]).toMatchObject({
        message: 'search must not contain control characters',
        extensions: {
          code: 'BAD_USER_INPUT',
          fields: [{ field: 'search', message: 'Must not contain control characters' }],
        },
      });
    }
    // Line breaks around the text, as a pasted word may carry, are not part of it.
    expect((await s.gql(LIST, { search: 'zanzibar\n' })).body.errors).toBeUndefined();
  });

  it('ignores unknown query parameters and empty values', async () => {
    expect((await restIds(s, 'limit=1000&utm_source=x&foo=bar&destination=&minPrice=')).length).toBe(DEMO_TOURS.length);
  });

  it('refuses absurd limits and page sizes', async () => {
    for (const limit of ['0', '1001', '-1', '1e3', '99999999999999999999']) {
      expect((await s.rest('GET', `/api/tours?limit=${limit}`)).status).toBe(400);
    }
    for (const first of [0, 101, -5, 2147483647]) {
      const { body } = await s.gql(LIST, { first });
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const huge = await s.gql(LIST, { first: 1e12 });
    expect(huge.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await restIds(s, 'limit=1000')).length).toBe(DEMO_TOURS.length);
    expect((await s.gql(LIST, { first: 100 })).body.data.tours.nodes).toHaveLength(DEMO_TOURS.length);
  });
});
