import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonths, travellerToday } from '@tembea/schema';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { signUpAndLogin } from '../../test/auth-helpers.js';
import { book, makeTour, request } from '../../test/booking-helpers.js';

const QUOTE = `query($tourId: ID!, $startDate: String!) {
  quote(tourId: $tourId, startDate: $startDate, numberOfPeople: 2, bookingType: "group", tier: "Budget") {
    earlyBird earlyBirdDiscount total deposit balance balanceDueDate
  }
}`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
});
afterAll(() => s?.stop());
afterEach(() => vi.useRealTimers());

describe('quote and booking agree on the price', () => {
  // Before noon UTC the traveller's today (the last time zone's, UTC-12) is still yesterday in UTC:
  // the day the booking rules count from.
  it.each(['2030-01-10T06:00:00Z', '2030-01-10T18:00:00Z'])(
    'at %s, on the first early-bird day and inside 30 days',
    async (now) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      const traveller = await signUpAndLogin(s);
      const tourId = await makeTour(s, { price: 1000, capacity: 20 });
      const today = travellerToday();
      for (const startDate of [addMonths(today, 6), '2030-01-20']) {
        const quoted = (await s.gql(QUOTE, { tourId: String(tourId), startDate })).body;
        expect(quoted.errors).toBeUndefined();
        const booked = await book(
          s,
          traveller.accessToken,
          request(tourId, { startDate, endDate: startDate, numberOfPeople: 2, tier: 'Budget' }),
        );
        expect(booked.body.errors).toBeUndefined();
        const price = booked.body.data.createBooking.booking.price;
        const { earlyBird, earlyBirdDiscount, total, deposit, balance, balanceDueDate } = quoted.data.quote;
        expect(
          { earlyBird, earlyBirdDiscount, total, deposit, balance, balanceDueDate },
          `${now} ${startDate}`,
        ).toEqual({
          earlyBird: price.earlyBird,
          earlyBirdDiscount: price.earlyBirdDiscount,
          total: price.total,
          deposit: price.deposit,
          balance: price.balance,
          balanceDueDate: price.balanceDueDate,
        });
      }
    },
  );
});

describe('quote and booking agree on the tier', () => {
  it("prices a tier the tour offers in any case, refuses one it does not as a booking would, and takes the tour's first when none is asked", async () => {
    const tourId = String(await makeTour(s, { price: 1000, capacity: 20 }));
    const startDate = addMonths(travellerToday(), 2);
    const ask = (tier: string) =>
      s.gql(
        `query($tourId: ID!, $startDate: String!, $tier: String!) {
          quote(tourId: $tourId, startDate: $startDate, numberOfPeople: 1, bookingType: "group", tier: $tier) { tier total }
        }`,
        { tourId, startDate, tier },
      );
    expect((await ask('budget')).body.data.quote).toMatchObject({ tier: 'Budget', total: expect.any(Number) });
    expect((await ask('')).body.data.quote.tier).toBe('Budget');
    const refused = (await ask('Platinum')).body;
    expect(refused.data).toBeNull();
    expect(refused.errors[0]).toMatchObject({
      message: 'Tier must be one of Budget, Luxury',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'tier', message: 'Tier must be one of Budget, Luxury' }],
      },
    });
  });
});

describe('a booking past what one booking can hold', () => {
  it('is refused with a reason by the quote and by the booking, never stored half-way', async () => {
    const traveller = await signUpAndLogin(s);
    const tourId = await makeTour(s, { price: 9_999_999, capacity: 20 });
    const startDate = addMonths(travellerToday(), 2);
    const reason =
      'This booking would come to more than $21,474,836.47, the most one booking can hold: please contact us';
    const quoted = (
      await s.gql(
        `query($tourId: ID!, $startDate: String!) {
          quote(tourId: $tourId, startDate: $startDate, numberOfPeople: 3, bookingType: "group", tier: "Budget") { total }
        }`,
        { tourId: String(tourId), startDate },
      )
    ).body;
    expect(quoted.errors[0]).toMatchObject({ message: reason, extensions: { code: 'BAD_USER_INPUT' } });
    const booked = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate, endDate: startDate, numberOfPeople: 3, tier: 'Budget' }),
    );
    expect(booked.body.errors[0]).toMatchObject({ message: reason, extensions: { code: 'BAD_USER_INPUT' } });
    const one = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate, endDate: startDate, numberOfPeople: 1, tier: 'Budget' }),
    );
    expect(one.body.errors).toBeUndefined();
  });
});
