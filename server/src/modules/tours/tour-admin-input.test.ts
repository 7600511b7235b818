import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateTourForm } from '@tembea/schema';
import { DEMO_TOURS } from '../../db/seed/demo-tours.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';

const UPDATE = `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) {
  tour { id price priceText originalPrice fromPrice features departureTime returnTime } } }`;
const TOO_LARGE = 'Price must be at most $9,999,999,999.99';

let s: TestServer;
let admin: string;
let tourId: number;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  tourId = await makeTour(s, { title: 'Mikumi Game Drive', features: ['Lunch box'] });
});
afterAll(() => s?.stop());

/** PUT /api/tours/{id} as multipart form data, as the old admin screens send it. */
async function putForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${s.url}/api/tours/${tourId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const stored = async () => (await api(s, 'GET', `/tours/${tourId}`)).body.tour;

describe('tour prices an admin enters', () => {
  it('are refused with a 400 naming the price when the database cannot hold them, and nothing changes', async () => {
    for (const price of ['10000000000', '99999999999999999999', 'group budget:1e308']) {
      const r = await putForm({ price });
      expect({ price, status: r.status, body: r.body }).toMatchObject({
        price,
        status: 400,
        body: { code: 'BAD_USER_INPUT', message: TOO_LARGE, errors: [{ field: 'price', message: TOO_LARGE }] },
      });
    }
    const viaGraphql = await gql(s, UPDATE, { id: String(tourId), input: { price: '10000000000' } }, { token: admin });
    expect(viaGraphql.body.errors[0]).toMatchObject({ message: TOO_LARGE, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await stored()).price).toBe(250);
  });

  it('say what is wrong with an original price too large to store', async () => {
    const message = 'Original price must be at most $9,999,999,999.99';
    const r = await putForm({ originalPrice: '10000000000' });
    expect(r).toMatchObject({ status: 400, body: { message, errors: [{ field: 'originalPrice', message }] } });
    const viaGraphql = await gql(s, UPDATE, { id: String(tourId), input: { originalPrice: 1e308 } }, { token: admin });
    expect(viaGraphql.body.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('are saved up to the largest amount the columns hold', async () => {
    const r = await putForm({ price: '9999999999.99', originalPrice: '9999999999' });
    expect(r.status).toBe(200);
    expect(r.body.tour).toMatchObject({ price: 9_999_999_999.99, originalPrice: 9_999_999_999 });
    const tiered = await gql(
      s,
      UPDATE,
      { id: String(tourId), input: { price: 'group budget:9999999999.99;private luxury:1200', originalPrice: 0 } },
      { token: admin },
    );
    expect(tiered.body.errors).toBeUndefined();
    expect(tiered.body.data.updateTour.tour).toMatchObject({ price: null, fromPrice: 1200 });
    expect((await putForm({ price: '250' })).status).toBe(200);
  });
});

describe('tour lists an admin enters', () => {
  it('take only texts: anything else is a 400, never stored as "[object Object]"', async () => {
    for (const features of [[{}, null, 5], [5], ['ok', { a: 1 }]]) {
      const r = await api(s, 'PUT', `/tours/${tourId}`, { features }, { token: admin });
      expect({ status: r.status, body: r.body }).toMatchObject({
        status: 400,
        body: { code: 'BAD_USER_INPUT', errors: [{ field: 'features', message: 'features must be a list of texts' }] },
      });
    }
    const form = await putForm({ categories: '[{},5]' });
    expect(form.body.errors).toEqual([
      { field: 'categories', message: 'categories must be a JSON list of texts or comma-separated text' },
    ]);
    expect((await stored()).features).toEqual(['Lunch box']);
    const ok = await api(s, 'PUT', `/tours/${tourId}`, { features: ['Game drives', 'Lunch box'] }, { token: admin });
    expect(ok.body.tour.features).toEqual(['Game drives', 'Lunch box']);
  });
});

describe('tour dates an admin enters', () => {
  const message = (field: string) =>
    `${field} must be a real date and time in ISO 8601, such as 2027-07-01T05:00:00Z or 2027-07-01`;

  it('must be real ISO 8601 dates and times: no rolling 30 February over to March, no reading -1 as 2001', async () => {
    for (const [field, value] of [
      ['departureTime', '2026-02-30'],
      ['departureTime', '-1'],
      ['departureTime', '2027-07-01T25:00:00Z'],
      ['returnTime', '2027-02-29T10:00:00Z'],
      ['returnTime', 'next Tuesday'],
    ] as const) {
      const r = await putForm({ [field]: value });
      expect({ value, status: r.status, body: r.body }).toMatchObject({
        value,
        status: 400,
        body: { code: 'BAD_USER_INPUT', errors: [{ field, message: message(field) }] },
      });
    }
    const viaGraphql = await gql(
      s,
      UPDATE,
      { id: String(tourId), input: { departureTime: '2026-02-30T05:00:00Z' } },
      { token: admin },
    );
    expect(viaGraphql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await stored()).departureTime).toBeNull();
  });

  it('are saved as sent: the admin form sends ISO date-times with an offset, a bare day is midnight UTC', async () => {
    const r = await putForm({ departureTime: '2028-02-29T05:00:00.000Z', returnTime: '2028-03-01' });
    expect(r.status).toBe(200);
    expect(r.body.tour).toMatchObject({
      departureTime: '2028-02-29T05:00:00.000Z',
      returnTime: '2028-03-01T00:00:00.000Z',
    });
    const viaGraphql = await gql(
      s,
      UPDATE,
      { id: String(tourId), input: { departureTime: '2028-02-29T08:00:00+03:00', returnTime: null } },
      { token: admin },
    );
    expect(viaGraphql.body.data.updateTour.tour).toMatchObject({
      departureTime: '2028-02-29T05:00:00.000Z',
      returnTime: null,
    });
  });
});

describe('tour lists and texts an admin enters', () => {
  const refusedViaGraphql = async (input: Record<string, unknown>, field: string, message: string) => {
    const r = await gql(s, UPDATE, { id: String(tourId), input }, { token: admin });
    expect(r.body.errors[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message }] },
    });
  };
  const refusedViaRest = async (body: Record<string, unknown>, field: string, message: string) => {
    const r = await api(s, 'PUT', `/tours/${tourId}`, body, { token: admin });
    expect({ status: r.status, body: r.body }).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message, errors: [{ field, message }] },
    });
  };
  const many = (n: number) => Array.from({ length: n }, () => 'c');

  it('are refused past 100 items, 200 characters an item or 200 characters a text, and nothing changes', async () => {
    const before = await stored();
    await refusedViaGraphql({ categories: many(10_000) }, 'categories', 'Categories must have at most 100 items');
    await refusedViaGraphql({ features: many(150) }, 'features', 'Features must have at most 100 items');
    await refusedViaGraphql(
      { travelType: 't'.repeat(300) },
      'travelType',
      'Travel type must be at most 200 characters',
    );
    await refusedViaGraphql(
      { destination: 'd'.repeat(300) },
      'destination',
      'Destination must be at most 200 characters',
    );
    await refusedViaRest({ categories: many(150) }, 'categories', 'Categories must have at most 100 items');
    await refusedViaRest(
      { features: ['Lunch box', 'f'.repeat(90_000)] },
      'features',
      'Each feature must be at most 200 characters',
    );
    const form = await putForm({ included: JSON.stringify(many(101)) });
    expect(form).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'included', message: 'Included items must have at most 100 items' }] },
    });
    const after = await stored();
    for (const k of ['categories', 'features', 'included', 'travelType', 'destination'])
      expect(after[k], k).toEqual(before[k]);
  });

  it('are saved at the bounds', async () => {
    const r = await api(
      s,
      'PUT',
      `/tours/${tourId}`,
      { categories: many(100), travelType: 't'.repeat(200) },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(r.body.tour.categories).toHaveLength(100);
    expect(
      (await api(s, 'PUT', `/tours/${tourId}`, { categories: [], travelType: null }, { token: admin })).status,
    ).toBe(200);
  });
});

describe('tour lengths and itineraries an admin enters', () => {
  const nights = 'Nights must be at most the number of days (2)';

  it('refuse more nights than days, over GraphQL and REST', async () => {
    const r = await gql(
      s,
      UPDATE,
      { id: String(tourId), input: { durationDays: 2, durationNights: 9 } },
      { token: admin },
    );
    expect(r.body.errors[0]).toMatchObject({
      message: nights,
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'durationNights', message: nights }] },
    });
    const rest = await putForm({ durationDays: '2', durationNights: '9' });
    expect(rest).toMatchObject({ status: 400, body: { errors: [{ field: 'durationNights', message: nights }] } });
    expect(await stored()).toMatchObject({ durationDays: 1, durationNights: 0 });
  });

  it('refuse an itinerary day given twice or after the last day', async () => {
    const twice = await gql(
      s,
      UPDATE,
      {
        id: String(tourId),
        input: {
          durationDays: 3,
          durationNights: 2,
          itinerary: [
            { day: 1, title: 'In' },
            { day: 1, title: 'In again' },
          ],
        },
      },
      { token: admin },
    );
    expect(twice.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'itinerary.1.day', message: 'Day 1 appears more than once in the itinerary' }],
    });
    const late = "Day 9 is after the tour's last day (day 3)";
    const rest = await api(
      s,
      'PUT',
      `/tours/${tourId}`,
      {
        durationDays: 3,
        durationNights: 2,
        itinerary: [
          { day: 1, title: 'In' },
          { day: 9, title: 'Out' },
        ],
      },
      { token: admin },
    );
    expect({ status: rest.status, body: rest.body }).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', errors: [{ field: 'itinerary.1.day', message: late }] },
    });
    expect((await stored()).itinerary ?? []).toEqual([]);
  });
});

describe('tour numbers an admin enters', () => {
  it('are plain decimals: hexadecimal, binary, octal or exponent text is a 400 naming the field, and nothing changes', async () => {
    const before = await stored();
    const json = await api(s, 'PUT', `/tours/${tourId}`, { durationDays: '0x10', capacity: '0b11' }, { token: admin });
    expect({ status: json.status, body: json.body }).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_USER_INPUT',
        message: 'durationDays must be a whole number\ncapacity must be a whole number',
        errors: [
          { field: 'durationDays', message: 'durationDays must be a whole number' },
          { field: 'capacity', message: 'capacity must be a whole number' },
        ],
      },
    });
    const form = await putForm({ discount: '1e1', numRatings: '0o17' });
    expect(form).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_USER_INPUT',
        errors: [
          { field: 'discount', message: 'discount must be a number' },
          { field: 'numRatings', message: 'numRatings must be a whole number' },
        ],
      },
    });
    const day = await api(
      s,
      'PUT',
      `/tours/${tourId}`,
      { durationDays: 3, durationNights: 2, itinerary: [{ day: '0x1', title: 'In' }] },
      { token: admin },
    );
    expect({ status: day.status, body: day.body }).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_USER_INPUT',
        errors: [{ field: 'itinerary.0.day', message: 'Itinerary day must be 1 or more' }],
      },
    });
    expect(await stored()).toMatchObject({
      durationDays: before.durationDays,
      capacity: before.capacity,
      discount: before.discount,
      numRatings: before.numRatings,
      itinerary: before.itinerary,
    });
  });

  it('are saved when written in plain decimals, as text or as JSON numbers', async () => {
    const r = await api(
      s,
      'PUT',
      `/tours/${tourId}`,
      {
        durationDays: '3',
        durationNights: 2,
        capacity: ' 12 ',
        discount: '12.5',
        numRatings: '40',
        itinerary: [{ day: '2', title: 'Walk' }],
      },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(await stored()).toMatchObject({
      durationDays: 3,
      durationNights: 2,
      capacity: 12,
      discount: 12.5,
      numRatings: 40,
      itinerary: [expect.objectContaining({ day: 2, title: 'Walk' })],
    });
  });
});

describe('the demo catalogue', () => {
  it('keeps to the tour form rules, every tour of it', () => {
    for (const t of DEMO_TOURS) {
      const errors = validateTourForm({
        ...t,
        price: t.price === null ? (t.priceText ?? '') : String(t.price),
      });
      expect(errors, t.title).toEqual([]);
    }
  });
});
