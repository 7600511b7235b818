import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type TestServer } from '../test/harness.js';
import { api, gql, signUpAndLogin, type Res } from '../test/auth-helpers.js';
import {
  ADMIN_ENV,
  CANCEL_MINE,
  DEPARTURES,
  adminToken,
  book,
  inDays,
  makeTour,
  request,
} from '../test/booking-helpers.js';
import { makeParkTour, saveTestSchedule } from '../test/park-helpers.js';
import { queryRows, sql } from './sql.js';

const LIST = `query Catalogue($f: TourFilter) { tours(filter: $f, first: 20) { totalCount nodes { id title price } } }`;
const TOUR = `query Tour($id: ID!) { tour(id: $id) { id title price } }`;
const FILTERS = `{ tourFilters { destinations priceRange { minPrice maxPrice } } }`;
const QUOTE = `query Quote($t: ID!, $d: String!) { quote(tourId: $t, startDate: $d, numberOfPeople: 1, bookingType: "group", tier: "Budget") { total seatsLeft availability } }`;
const UPDATE_TOUR = `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { id price } } }`;
const DELETE_TOUR = `mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }`;
const ADD_DEP = `mutation($t: ID!, $d: String!, $c: Int!) { addDeparture(tourId: $t, startDate: $d, capacity: $c) { departure { id } } }`;
const UPDATE_DEP = `mutation($id: ID!, $c: Int, $closed: Boolean) { updateDeparture(id: $id, capacity: $c, closed: $closed) { departure { id } } }`;
const DELETE_DEP = `mutation($id: ID!) { deleteDeparture(id: $id) { deletedDepartureId } }`;

const INPUT = {
  title: 'Tarangire Elephant Trails',
  description: 'Baobabs and herds.',
  destination: 'tarangire',
  country: 'Tanzania',
  durationDays: 2,
  durationNights: 1,
  price: '480',
  capacity: 10,
  status: 'active',
  tier: 'Budget',
  bookingType: 'group',
};

const cacheOf = (r: Res) => r.headers.get('x-catalogue-cache');

/** An anonymous GraphQL query that must succeed. */
async function anon(s: TestServer, query: string, variables: Record<string, unknown> = {}): Promise<Res> {
  const r = await gql(s, query, variables);
  expect(r.body.errors).toBeUndefined();
  return r;
}

/** Asks twice: the second answer must come from the cache and equal the first. */
async function cachedTwice(s: TestServer, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const first = await anon(s, query, variables);
  const second = await anon(s, query, variables);
  expect(cacheOf(second)).toBe('hit');
  expect(second.body).toEqual(first.body);
  return second.body.data;
}

async function restTwice(s: TestServer, p: string): Promise<Res> {
  const first = await api(s, 'GET', p);
  const second = await api(s, 'GET', p);
  expect(cacheOf(second)).toBe('hit');
  expect(second.body).toEqual(first.body);
  return second;
}

describe('anonymous catalogue answers, cached in memory', () => {
  let s: TestServer;
  let admin: string;
  let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
    admin = await adminToken(s);
    traveller = await signUpAndLogin(s);
  });
  afterAll(() => s?.stop());

  it('shows a tour change, and a deleted tour gone, to the very next anonymous request (GraphQL and REST)', async () => {
    const id = String(await makeTour(s, { title: 'Tarangire Elephant Trails', destination: 'tarangire', price: 480 }));
    const f = { destination: 'tarangire' };
    expect((await cachedTwice(s, LIST, { f })).tours.nodes).toEqual([
      { id, title: 'Tarangire Elephant Trails', price: 480 },
    ]);
    expect((await cachedTwice(s, TOUR, { id })).tour.price).toBe(480);
    expect((await cachedTwice(s, FILTERS)).tourFilters.priceRange).toEqual({ minPrice: 200, maxPrice: 5000 });
    expect((await restTwice(s, `/tours/${id}`)).body.tour.price).toBe(480);
    expect((await restTwice(s, '/tours?destination=tarangire')).body.tours).toHaveLength(1);

    const updated = await gql(
      s,
      UPDATE_TOUR,
      { id, input: { ...INPUT, price: '520', originalPrice: 600 } },
      { token: admin },
    );
    expect(updated.body.data.updateTour.tour.price).toBe(520);
    expect((await anon(s, LIST, { f })).body.data.tours.nodes[0].price).toBe(520);
    expect((await anon(s, TOUR, { id })).body.data.tour.price).toBe(520);
    expect((await anon(s, FILTERS)).body.data.tourFilters.priceRange).toEqual({ minPrice: 600, maxPrice: 600 });
    expect((await api(s, 'GET', `/tours/${id}`)).body.tour.price).toBe(520);
    expect((await api(s, 'GET', '/tours/filters')).body.priceRange).toEqual({ minPrice: 600, maxPrice: 600 });

    expect((await cachedTwice(s, LIST, { f })).tours.totalCount).toBe(1);
    expect((await gql(s, DELETE_TOUR, { id }, { token: admin })).body.data.deleteTour).toEqual({ deletedTourId: id });
    expect((await anon(s, LIST, { f })).body.data.tours).toEqual({ totalCount: 0, nodes: [] });
    expect((await anon(s, TOUR, { id })).body.data.tour).toBeNull();
    expect((await api(s, 'GET', `/tours/${id}`)).status).toBe(404);
    expect((await api(s, 'GET', '/tours?destination=tarangire')).body.tours).toEqual([]);
  });

  it('shows a departure added, resized, closed and deleted to the very next anonymous request', async () => {
    const tourId = String(await makeTour(s, { capacity: 12 }));
    const day = inDays(50);
    const seats = async () =>
      (await anon(s, DEPARTURES, { tourId })).body.data.departures.map((d: any) => [
        d.startDate,
        d.seatsLeft,
        d.status,
      ]);
    expect((await cachedTwice(s, DEPARTURES, { tourId })).departures).toEqual([]);
    const dep = (await gql(s, ADD_DEP, { t: tourId, d: day, c: 15 }, { token: admin })).body.data.addDeparture
      .departure;
    expect(await seats()).toEqual([[day, 15, 'AVAILABLE']]);
    await cachedTwice(s, DEPARTURES, { tourId });
    await restTwice(s, `/tours/${tourId}/departures`);
    await gql(s, UPDATE_DEP, { id: dep.id, c: 4 }, { token: admin });
    expect(await seats()).toEqual([[day, 4, 'AVAILABLE']]);
    expect((await api(s, 'GET', `/tours/${tourId}/departures`)).body.departures[0].capacity).toBe(4);
    await cachedTwice(s, DEPARTURES, { tourId });
    await gql(s, UPDATE_DEP, { id: dep.id, closed: true }, { token: admin });
    expect(await seats()).toEqual([[day, 0, 'CLOSED']]);
    await cachedTwice(s, DEPARTURES, { tourId });
    expect((await gql(s, DELETE_DEP, { id: dep.id }, { token: admin })).body.data.deleteDeparture).toEqual({
      deletedDepartureId: dep.id,
    });
    expect(await seats()).toEqual([]);
  });

  it('shows the seats a booking takes and a cancellation gives back to the very next anonymous request', async () => {
    const tourId = String(await makeTour(s, { capacity: 8 }));
    const d = inDays(60);
    const quote = async () => (await anon(s, QUOTE, { t: tourId, d })).body.data.quote;
    expect((await cachedTwice(s, QUOTE, { t: tourId, d })).quote).toMatchObject({
      seatsLeft: 8,
      availability: 'AVAILABLE',
    });
    const first = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate: d, endDate: d, numberOfPeople: 5 }),
    );
    expect(first.body.errors).toBeUndefined();
    expect(await quote()).toMatchObject({ seatsLeft: 3, availability: 'LIMITED' });
    expect((await cachedTwice(s, DEPARTURES, { tourId })).departures[0].seatsLeft).toBe(3);

    const second = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate: d, endDate: d, numberOfPeople: 2 }),
    );
    expect((await anon(s, DEPARTURES, { tourId })).body.data.departures[0].seatsLeft).toBe(1);
    await cachedTwice(s, QUOTE, { t: tourId, d });

    // The traveller cancels one booking, an admin the other (REST status change): each gives its seats back.
    const mine = await gql(
      s,
      CANCEL_MINE,
      { id: first.body.data.createBooking.booking.id },
      { token: traveller.accessToken },
    );
    expect(mine.body.data.cancelMyBooking.booking.status).toBe('Cancelled');
    expect(await quote()).toMatchObject({ seatsLeft: 6, availability: 'AVAILABLE' });
    await cachedTwice(s, DEPARTURES, { tourId });
    const byAdmin = await api(
      s,
      'PATCH',
      `/bookings/${second.body.data.createBooking.booking.id}/status`,
      { status: 'cancelled' },
      { token: admin },
    );
    expect(byAdmin.status).toBe(200);
    expect((await anon(s, DEPARTURES, { tourId })).body.data.departures[0].seatsLeft).toBe(8);
    expect((await api(s, 'GET', `/tours/${tourId}/departures`)).body.departures[0].seatsLeft).toBe(8);
  });

  it('a booking makes only its own tour’s seat answers obsolete; a tour edit makes every answer obsolete', async () => {
    const booked = String(await makeTour(s, { title: 'Mikumi Plains Drive', destination: 'mikumi', capacity: 8 }));
    const other = String(await makeTour(s, { title: 'Ruaha Lion Country', destination: 'ruaha', capacity: 8 }));
    const d = inDays(50);
    const f = { destination: 'mikumi' };
    // Every kind of answer is cached before the booking.
    await cachedTwice(s, LIST, { f });
    await cachedTwice(s, TOUR, { id: booked });
    await cachedTwice(s, FILTERS);
    await cachedTwice(s, QUOTE, { t: booked, d });
    await cachedTwice(s, QUOTE, { t: other, d });
    await cachedTwice(s, DEPARTURES, { tourId: other });
    await restTwice(s, `/tours/${booked}`);
    await restTwice(s, `/tours/${other}/departures`);

    const b = await book(s, traveller.accessToken, request(booked, { startDate: d, endDate: d, numberOfPeople: 3 }));
    expect(b.body.errors).toBeUndefined();
    // The booked tour's seats are read afresh …
    const quote = await anon(s, QUOTE, { t: booked, d });
    expect(cacheOf(quote)).toBe('miss');
    expect(quote.body.data.quote.seatsLeft).toBe(5);
    expect((await api(s, 'GET', `/tours/${booked}/departures`)).body.departures[0].seatsLeft).toBe(5);
    // … while the lists, the tour page, the filters and the other tour's seats stay cached.
    for (const [query, vars] of [
      [LIST, { f }],
      [TOUR, { id: booked }],
      [FILTERS, {}],
      [QUOTE, { t: other, d }],
      [DEPARTURES, { tourId: other }],
    ] as const)
      expect(cacheOf(await anon(s, query, vars))).toBe('hit');
    expect(cacheOf(await api(s, 'GET', `/tours/${booked}`))).toBe('hit');
    expect(cacheOf(await api(s, 'GET', `/tours/${other}/departures`))).toBe('hit');

    // A tour edit changes what every answer may show: none is served from before it.
    await gql(s, UPDATE_TOUR, { id: other, input: { ...INPUT, destination: 'ruaha', price: '510' } }, { token: admin });
    for (const [query, vars] of [
      [LIST, { f }],
      [TOUR, { id: booked }],
      [QUOTE, { t: booked, d }],
      [DEPARTURES, { tourId: other }],
    ] as const)
      expect(cacheOf(await anon(s, query, vars))).toBe('miss');
    expect((await anon(s, TOUR, { id: other })).body.data.tour.price).toBe(510);

    // /metrics tells what share of lookups the cache answered.
    const ratio = /^tembea_catalogue_cache_hit_ratio (\S+)$/m.exec(await (await fetch(`${s.url}/metrics`)).text());
    expect(Number(ratio?.[1])).toBeGreaterThan(0);
    expect(Number(ratio?.[1])).toBeLessThan(1);
  });

  it('prices the very next anonymous quote at a park fee schedule just saved', async () => {
    const tourId = String(await makeParkTour(s, 'Serengeti Cache Safari'));
    const PARK_QUOTE = `query($t: ID!, $d: String!) { quote(tourId: $t, startDate: $d, numberOfPeople: 1, bookingType: "group", tier: "Budget") { parkFees { totalCents unpricedDays { date } } } }`;
    const d = inDays(20);
    // No schedule yet: the park days are unpriced, and that answer is cached.
    const before = (await cachedTwice(s, PARK_QUOTE, { t: tourId, d })).quote.parkFees;
    expect(before).toMatchObject({ totalCents: 0 });
    expect(before.unpricedDays).toHaveLength(3);
    await saveTestSchedule(s, admin);
    // Two Serengeti days at $70 and a crater day at $60, each with 18% VAT.
    const after = await anon(s, PARK_QUOTE, { t: tourId, d });
    expect(cacheOf(after)).toBe('miss');
    expect(after.body.data.quote.parkFees).toEqual({ totalCents: 2 * 8260 + 7080, unpricedDays: [] });
  });

  it('never serves a signed-in user, an admin or a refused token from the cache, and keeps nothing read for them', async () => {
    const id = String(await makeTour(s, { title: 'Pemba Reef Dives', price: 300 }));
    await cachedTwice(s, TOUR, { id });
    // A change past the services: the cache still holds the old price for anonymous visitors...
    await queryRows(s.orm.em.fork(), sql`update tours set price = 333 where id = ${Number(id)}`);
    expect((await anon(s, TOUR, { id })).body.data.tour.price).toBe(300);
    // ...but callers with credentials read the database.
    for (const token of [traveller.accessToken, admin, 'not-a-token']) {
      const r = await gql(s, TOUR, { id }, { token });
      expect(r.body.data.tour.price).toBe(333);
      expect(cacheOf(r)).toBeNull();
      const rest = await api(s, 'GET', `/tours/${id}`, undefined, { token });
      expect(rest.body.tour.price).toBe(333);
      expect(cacheOf(rest)).toBeNull();
    }
    // Answers read for a user are not kept: the next anonymous request of the same query reads afresh.
    const other = String(await makeTour(s, { title: 'Mafia Island Whale Sharks', price: 410 }));
    expect((await gql(s, TOUR, { id: other }, { token: traveller.accessToken })).body.data.tour.price).toBe(410);
    await queryRows(s.orm.em.fork(), sql`update tours set price = 444 where id = ${Number(other)}`);
    const after = await anon(s, TOUR, { id: other });
    expect(after.body.data.tour.price).toBe(444);
    expect(cacheOf(after)).toBe('miss');
  });

  it('caches GET queries only as Apollo accepts them, and never errors or mutations', async () => {
    const id = String(await makeTour(s, { title: 'Mikumi Day Safari', price: 260 }));
    const url = `${s.url}/graphql?query=${encodeURIComponent(TOUR)}&variables=${encodeURIComponent(JSON.stringify({ id }))}`;
    const preflight = { 'apollo-require-preflight': 'true' };
    await fetch(url, { headers: preflight });
    const hit = await fetch(url, { headers: preflight });
    expect(hit.headers.get('x-catalogue-cache')).toBe('hit');
    expect(((await hit.json()) as any).data.tour.price).toBe(260);
    // A revalidation with the ETag is answered 304 from the cache too (fetch adds no-cache to a conditional request unless told otherwise).
    const again = await fetch(url, {
      headers: { ...preflight, 'if-none-match': hit.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    // Without the preflight header Apollo's CSRF prevention refuses the GET, cached or not.
    expect((await fetch(url)).status).toBe(400);

    const bad = `query($id: ID!) { tour(id: $id) { id nope } }`;
    for (let i = 0; i < 2; i++) {
      const r = await gql(s, bad, { id });
      expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(cacheOf(r)).not.toBe('hit');
    }
    const pastDay = await gql(s, QUOTE, { t: id, d: '2020-01-01' });
    expect(pastDay.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(cacheOf(await gql(s, QUOTE, { t: id, d: '2020-01-01' }))).toBe('miss');
    const mixed = `query($id: ID!) { tour(id: $id) { id } me { id } }`;
    expect(cacheOf(await gql(s, mixed, { id }))).toBeNull();
  });
});

describe('anonymous catalogue answers shared through Redis by two instances', () => {
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = { ...ADMIN_ENV, REDIS_URL, REDIS_PREFIX: `tembea:cache:test:${randomBytes(6).toString('hex')}:` };
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let admin: string;
  beforeAll(async () => {
    db = await freshDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    a = await startTestServer({ seedDemo: false, env: { ...env, DATABASE_URL: db.url } });
    b = await startTestServer({ seedDemo: false, env: { ...env, DATABASE_URL: db.url } });
    admin = await adminToken(a);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it('shows a change made through one instance to the next anonymous request on the other', async () => {
    const id = String(
      await makeTour(a, { title: 'Selous River Safari', destination: 'nyerere', price: 700, capacity: 6 }),
    );
    const f = { destination: 'nyerere' };
    // An answer cached through one instance is served by the other.
    await anon(a, LIST, { f });
    expect(cacheOf(await anon(b, LIST, { f }))).toBe('hit');
    await cachedTwice(b, TOUR, { id });

    await gql(
      a,
      UPDATE_TOUR,
      { id, input: { ...INPUT, destination: 'nyerere', price: '750', capacity: 6 } },
      { token: admin },
    );
    expect((await anon(b, LIST, { f })).body.data.tours.nodes[0].price).toBe(750);
    expect((await anon(b, TOUR, { id })).body.data.tour.price).toBe(750);
    expect((await api(b, 'GET', `/tours/${id}`)).body.tour.price).toBe(750);

    const d = inDays(45);
    expect((await cachedTwice(b, QUOTE, { t: id, d })).quote.seatsLeft).toBe(6);
    const traveller = await signUpAndLogin(a);
    const booked = await book(a, traveller.accessToken, request(id, { startDate: d, numberOfPeople: 4 }));
    expect(booked.body.errors).toBeUndefined();
    expect((await anon(b, QUOTE, { t: id, d })).body.data.quote.seatsLeft).toBe(2);
    // The booking moved only that tour's seats, for both instances: the list answer is still shared.
    expect(cacheOf(await anon(b, LIST, { f }))).toBe('hit');
    expect((await cachedTwice(b, DEPARTURES, { tourId: id })).departures[0].seatsLeft).toBe(2);
    await gql(a, CANCEL_MINE, { id: booked.body.data.createBooking.booking.id }, { token: traveller.accessToken });
    expect((await anon(b, DEPARTURES, { tourId: id })).body.data.departures[0].seatsLeft).toBe(6);

    const dep = (await gql(a, ADD_DEP, { t: id, d: inDays(70), c: 9 }, { token: admin })).body.data.addDeparture
      .departure;
    expect((await anon(b, DEPARTURES, { tourId: id })).body.data.departures.map((x: any) => x.seatsLeft)).toEqual([
      6, 9,
    ]);
    await cachedTwice(b, DEPARTURES, { tourId: id });
    await gql(a, DELETE_DEP, { id: dep.id }, { token: admin });
    expect((await anon(b, DEPARTURES, { tourId: id })).body.data.departures).toHaveLength(1);

    await gql(a, DELETE_TOUR, { id }, { token: admin });
    expect((await anon(b, TOUR, { id })).body.data.tour).toBeNull();
    expect((await api(b, 'GET', `/tours/${id}`)).status).toBe(404);
  });
});
