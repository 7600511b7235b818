import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, TRAVEL_TYPES, addDays, addMonths, lateBookingDueDate, travellerToday } from '@tembea/schema';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEMO_TOURS } from '../../db/seed/demo-tours.js';

const FILTERS = `{ tourFilters { destinations travelTypes tiers bookingTypes priceRange { minPrice maxPrice } } }`;

const QUOTE = `query Q($tourId: ID!, $startDate: String!, $numberOfPeople: Int!, $bookingType: String!, $tier: String!) {
  quote(tourId: $tourId, startDate: $startDate, numberOfPeople: $numberOfPeople, bookingType: $bookingType, tier: $tier) {
    tourId startDate numberOfPeople bookingType tier priced priceLabel unitPrice subtotal earlyBird earlyBirdDiscount
    total deposit balance balanceDueDate currency grandTotal parkFees { totalCents }
  }
}`;

const uniqCi = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));

describe('tour filter options', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('lists the distinct values of the catalogue (tiers split from the Tier lists) and the original price range', async () => {
    const { body } = await s.gql(FILTERS);
    expect(body.errors).toBeUndefined();
    const o = body.data.tourFilters;
    expect(uniqCi(o.destinations)).toEqual(uniqCi(DEMO_TOURS.map((t) => t.destination)));
    expect(o.destinations).toHaveLength(uniqCi(DEMO_TOURS.map((t) => t.destination)).size);
    expect(uniqCi(o.travelTypes)).toEqual(uniqCi(DEMO_TOURS.map((t) => t.travelType)));
    expect(new Set(o.tiers)).toEqual(new Set(DEMO_TOURS.flatMap((t) => t.tier.split(',').map((x) => x.trim()))));
    expect(o.tiers.some((t: string) => t.includes(','))).toBe(false);
    expect(new Set(o.bookingTypes)).toEqual(new Set(['group', 'private']));
    const prices = DEMO_TOURS.map((t) => t.originalPrice);
    expect(o.priceRange).toEqual({ minPrice: Math.min(...prices), maxPrice: Math.max(...prices) });
  });

  it('answers the same over REST: GET /api/tours/filters', async () => {
    const { status, body } = await s.rest('GET', '/api/tours/filters');
    expect(status).toBe(200);
    const g = (await s.gql(FILTERS)).body.data.tourFilters;
    expect(body).toEqual({ success: true, ...g });
  });
});

describe('tour filter options of an empty catalogue', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("falls back to the spec's built-in lists and the 200-5000 price range", async () => {
    const want = {
      destinations: [...DESTINATIONS],
      travelTypes: [...TRAVEL_TYPES],
      tiers: ['Budget', 'Mid-range', 'Luxury'],
      bookingTypes: ['group', 'private'],
      priceRange: { minPrice: 200, maxPrice: 5000 },
    };
    expect((await s.gql(FILTERS)).body.data.tourFilters).toEqual(want);
    expect((await s.rest('GET', '/api/tours/filters')).body).toEqual({ success: true, ...want });
    const list = await s.rest('GET', '/api/tours');
    expect(list.body).toMatchObject({ success: true, tours: [] });
  });
});

describe('quote', () => {
  let s: TestServer;
  // Quotes count days from the traveller's today, as bookings do.
  const today = travellerToday();
  const numericTour = DEMO_TOURS.findIndex((t) => t.price !== null && t.discount > 0) + 1;
  const textTour = DEMO_TOURS.findIndex((t) => t.priceText?.includes('private luxury')) + 1;
  // A tour priced for private bookings only: a group booking of a tier it offers has no price.
  const privateOnlyTour = DEMO_TOURS.findIndex((t) => t.priceText && !t.priceText.includes('group')) + 1;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  const q = (vars: Record<string, unknown>) =>
    s.gql(QUOTE, {
      tourId: String(numericTour),
      startDate: addDays(today, 60),
      numberOfPeople: 2,
      bookingType: 'group',
      tier: 'Budget',
      ...vars,
    });

  it('prices a numeric-price tour: subtotal, no early bird, 3% deposit, balance due 30 days before', async () => {
    const demo = DEMO_TOURS[numericTour - 1]!;
    const start = addDays(today, 60);
    const { body } = await q({ startDate: start, numberOfPeople: 3 });
    expect(body.errors).toBeUndefined();
    const total = demo.price! * 3;
    // The deposit and the balance are of the price plus the park fees of the tour's park days (as
    // many non-resident adults, no party being given); a tour without park days has none.
    const parkFeesCents = body.data.quote.parkFees?.totalCents ?? 0;
    const grandCents = total * 100 + parkFeesCents;
    const depositCents = Math.round((grandCents * 3) / 100);
    expect(body.data.quote).toEqual({
      tourId: String(numericTour),
      startDate: start,
      numberOfPeople: 3,
      bookingType: 'group',
      tier: 'Budget',
      priced: true,
      priceLabel: `$${demo.price!.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      unitPrice: demo.price,
      subtotal: total,
      earlyBird: false,
      earlyBirdDiscount: 0,
      total,
      deposit: depositCents / 100,
      balance: (grandCents - depositCents) / 100,
      balanceDueDate: addDays(start, -30),
      currency: 'USD',
      grandTotal: grandCents / 100,
      parkFees: parkFeesCents ? { totalCents: parkFeesCents } : null,
    });
  });

  it('gives 5% early bird from exactly six months ahead, not a day before', async () => {
    const six = addMonths(today, 6);
    const at = (await q({ startDate: six })).body.data.quote;
    expect(at.earlyBird).toBe(true);
    expect(at.earlyBirdDiscount).toBe(Math.round(at.subtotal * 5) / 100);
    expect(at.total).toBeCloseTo(at.subtotal - at.earlyBirdDiscount, 2);
    const before = (await q({ startDate: addDays(six, -1) })).body.data.quote;
    expect(before.earlyBird).toBe(false);
    expect(before.total).toBe(before.subtotal);
  });

  it('prices a price-text tour by booking type and tier (case-insensitive contains-match)', async () => {
    const demo = DEMO_TOURS[textTour - 1]!;
    const want = Number(/private luxury:(\d+)/.exec(demo.priceText!)![1]);
    const r = (await q({ tourId: String(textTour), bookingType: 'PRIVATE', tier: 'luxury', numberOfPeople: 1 })).body
      .data.quote;
    expect(r).toMatchObject({
      priced: true,
      unitPrice: want,
      bookingType: 'private',
      // The tier as the tour spells it, as a booking of it would be stored.
      tier: 'Luxury',
      priceLabel: `$${want.toLocaleString('en-US')}.00`,
    });
  });

  it("answers 'Contact for pricing' when no price matches a tier the tour offers", async () => {
    const tier = DEMO_TOURS[privateOnlyTour - 1]!.tier.split(',')[0]!;
    const r = (await q({ tourId: String(privateOnlyTour), bookingType: 'group', tier, numberOfPeople: 1 })).body.data
      .quote;
    expect(r).toMatchObject({
      priced: false,
      priceLabel: 'Contact for pricing',
      unitPrice: null,
      subtotal: null,
      total: null,
      deposit: null,
      balance: null,
      balanceDueDate: null,
      earlyBird: false,
      currency: 'USD',
    });
  });

  it('sets the balance due the day after the earliest today when departure is less than 30 days away', async () => {
    const r = (await q({ startDate: addDays(today, 10) })).body.data.quote;
    expect(r.balanceDueDate).toBe(lateBookingDueDate(today));
  });

  it('refuses bad input with the failing field', async () => {
    const capacity = DEMO_TOURS[numericTour - 1]!.capacity;
    const cases: [Record<string, unknown>, string][] = [
      [{ numberOfPeople: 0 }, 'numberOfPeople'],
      [{ numberOfPeople: capacity + 1 }, 'numberOfPeople'],
      [{ startDate: '2020-01-01' }, 'startDate'],
      [{ startDate: addDays(today, -2) }, 'startDate'],
      [{ startDate: '2030-02-30' }, 'startDate'],
      [{ startDate: 'next week' }, 'startDate'],
      [{ bookingType: 'solo' }, 'bookingType'],
      // A tier the tour does not offer, as a booking of it would be refused.
      [{ tier: 'Platinum' }, 'tier'],
    ];
    for (const [vars, field] of cases) {
      const { body } = await q(vars);
      expect(body.errors?.[0]?.extensions.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await q({ numberOfPeople: capacity })).body.errors).toBeUndefined();
  });

  it('answers NOT_FOUND for an unknown or malformed tour', async () => {
    for (const tourId of ['999999', 'abc', "1' or 1=1"]) {
      const { body } = await q({ tourId });
      expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
    }
  });
});
