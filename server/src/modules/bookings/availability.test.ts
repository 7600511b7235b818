import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@tembea/schema';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, DEPARTURES, adminToken, book, inDays, makeTour, request } from '../../test/booking-helpers.js';

const AVAILABILITY = `query($tourId: ID, $from: String!, $to: String!, $updatedSince: DateTimeISO, $first: Int, $after: String) {
  availability(tourId: $tourId, from: $from, to: $to, updatedSince: $updatedSince, first: $first, after: $after) {
    edges { cursor node { id tourId tourTitle startDate endDate capacity seatsLeft status updatedAt
      prices { bookingType tier amount earlyBird currency } } }
    pageInfo { hasNextPage endCursor }
  } }`;
const QUOTE = `query($tourId: ID!, $startDate: String!, $bookingType: String!, $tier: String!) {
  quote(tourId: $tourId, startDate: $startDate, numberOfPeople: 1, bookingType: $bookingType, tier: $tier) { priced unitPrice earlyBird } }`;
const UPDATE_DEPARTURE = `mutation($id: ID!, $closed: Boolean) { updateDeparture(id: $id, closed: $closed) { departure { id closed } } }`;

let s: TestServer;
let admin: string;
let traveller: string;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  traveller = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s?.stop());

type Node = {
  id: string;
  tourId: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsLeft: number;
  status: string;
  updatedAt: string;
  prices: { bookingType: string; tier: string; amount: number | null; earlyBird: boolean; currency: string }[];
};

async function availability(
  vars: Record<string, unknown>,
  token?: string,
): Promise<{ nodes: Node[]; cursors: string[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> {
  const r = await gql(s, AVAILABILITY, vars, { token });
  expect(r.body.errors).toBeUndefined();
  const c = r.body.data.availability;
  return {
    nodes: c.edges.map((e: { node: Node }) => e.node),
    cursors: c.edges.map((e: { cursor: string }) => e.cursor),
    pageInfo: c.pageInfo,
  };
}

async function only(tourId: number, day: string): Promise<Node> {
  const { nodes } = await availability({ tourId: String(tourId), from: day, to: day });
  expect(nodes).toHaveLength(1);
  return nodes[0]!;
}

describe('availability: seats and status', () => {
  it('follows real group bookings: AVAILABLE, LIMITED under half left, SOLD_OUT, then CLOSED when the operator closes it', async () => {
    const tourId = await makeTour(s, {
      capacity: 10,
      durationDays: 3,
      durationNights: 2,
      title: 'Tarangire Elephants',
    });
    const day = request(tourId).startDate;
    expect((await availability({ tourId: String(tourId), from: day, to: day })).nodes).toEqual([]);

    const people = async (n: number) =>
      expect((await book(s, traveller, request(tourId, { numberOfPeople: n }))).body.errors).toBeUndefined();
    await people(3);
    expect(await only(tourId, day)).toMatchObject({
      tourId: String(tourId),
      tourTitle: 'Tarangire Elephants',
      startDate: day,
      endDate: addDays(day, 2),
      capacity: 10,
      seatsLeft: 7,
      status: 'AVAILABLE',
    });
    await people(3);
    expect(await only(tourId, day)).toMatchObject({ seatsLeft: 4, status: 'LIMITED' });
    await people(4);
    const soldOut = await only(tourId, day);
    expect(soldOut).toMatchObject({ seatsLeft: 0, status: 'SOLD_OUT' });
    // The same figures as the tour page's departures.
    const [dep] = (await gql(s, DEPARTURES, { tourId: String(tourId), from: day, to: day })).body.data.departures;
    expect(dep).toMatchObject({ id: soldOut.id, seatsLeft: 0, status: 'SOLD_OUT' });

    expect(
      (await gql(s, UPDATE_DEPARTURE, { id: soldOut.id, closed: true }, { token: admin })).body.errors,
    ).toBeUndefined();
    expect(await only(tourId, day)).toMatchObject({ seatsLeft: 0, status: 'CLOSED' });
  });

  it('leaves a private booking out of the group seats, and reads CLOSED once the tour is inactive', async () => {
    const tourId = await makeTour(s, { capacity: 6 });
    const day = inDays(45);
    await book(s, traveller, request(tourId, { startDate: day, endDate: day, numberOfPeople: 2 }));
    await book(
      s,
      traveller,
      request(tourId, { startDate: day, endDate: day, numberOfPeople: 3, bookingType: 'private' }),
    );
    expect(await only(tourId, day)).toMatchObject({ capacity: 6, seatsLeft: 4, status: 'AVAILABLE' });
    await queryRows(s.orm.em.fork(), sql`update tours set status = 'inactive' where id = ${tourId}`);
    await s.catalogue.changed();
    expect(await only(tourId, day)).toMatchObject({ seatsLeft: 0, status: 'CLOSED' });
  });

  it('prices every booking type and tier exactly as the quote does, early bird included', async () => {
    const tourId = await makeTour(s, {
      price: null,
      priceText: 'group budget:1200;group luxury:2450.50;private budget:1500',
      tier: 'Budget,Luxury',
    });
    for (const day of [inDays(40), inDays(200)]) {
      await book(s, traveller, request(tourId, { startDate: day, endDate: day }));
      const node = await only(tourId, day);
      expect(node.prices.map((p) => `${p.bookingType}/${p.tier}`)).toEqual([
        'group/Budget',
        'group/Luxury',
        'private/Budget',
        'private/Luxury',
      ]);
      for (const p of node.prices) {
        const q = (
          await gql(s, QUOTE, { tourId: String(tourId), startDate: day, bookingType: p.bookingType, tier: p.tier })
        ).body.data.quote;
        expect({ amount: p.amount, earlyBird: p.earlyBird, currency: p.currency }).toEqual({
          amount: q.unitPrice,
          earlyBird: q.earlyBird,
          currency: 'USD',
        });
      }
      expect(node.prices.find((p) => p.bookingType === 'private' && p.tier === 'Luxury')!.amount).toBeNull();
      expect(node.prices[0]!.earlyBird).toBe(day === inDays(200));
    }
  });
});

describe('availability: paging', () => {
  it('walks 1000 departures of five tours page by page in (startDate, id) order, each exactly once', async () => {
    const tours = await Promise.all([1, 2, 3, 4, 5].map(() => makeTour(s, { capacity: 12 })));
    const from = inDays(400);
    await queryRows(
      s.orm.em.fork(),
      sql`
      insert into departures (tour_id, start_date, capacity)
      select t.id, ${from}::date + g, 12 from unnest(${`{${tours.join(',')}}`}::int[]) t(id), generate_series(0, 199) g`,
    );
    const to = addDays(from, 199);
    const seen: Node[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await availability({ from, to, first: 37, after });
      seen.push(...page.nodes);
      pages++;
      expect(page.pageInfo.endCursor).toBe(page.cursors[page.cursors.length - 1] ?? null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(Math.ceil(1000 / 37));
    expect(seen).toHaveLength(1000);
    expect(new Set(seen.map((n) => n.id)).size).toBe(1000);
    const keys = seen.map((n) => [n.startDate, Number(n.id)] as const);
    const ordered = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(ordered);

    // The largest pages, and one tour's departures alone.
    const big = await availability({ from, to, first: 200 });
    expect(big.nodes).toHaveLength(200);
    const one = await availability({ tourId: String(tours[2]), from, to, first: 200 });
    expect(one.nodes).toHaveLength(200);
    expect(one.pageInfo.hasNextPage).toBe(false);
    expect(new Set(one.nodes.map((n) => n.tourId))).toEqual(new Set([String(tours[2])]));
  });
});

describe('availability: departures at the end of the calendar', () => {
  const ADD = `mutation($t: ID!, $d: String!, $c: Int!) { addDeparture(tourId: $t, startDate: $d, capacity: $c) { departure { id startDate } } }`;
  const PAST_LAST_DAY = 'The trip would end past the last date that can be stored';

  it('refuses a departure whose trip would end after 9999-12-31, and reads every end date as YYYY-MM-DD', async () => {
    const tourId = await makeTour(s, { durationDays: 3, durationNights: 2 });
    for (const d of ['9999-12-30', '9999-12-31']) {
      const r = await gql(s, ADD, { t: String(tourId), d, c: 5 }, { token: admin });
      expect(r.body.errors[0], d).toMatchObject({
        message: PAST_LAST_DAY,
        extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'startDate', message: PAST_LAST_DAY }] },
      });
    }
    // The last start whose trip ends on the calendar's last day is taken.
    const last = await gql(s, ADD, { t: String(tourId), d: '9999-12-29', c: 5 }, { token: admin });
    expect(last.body.errors).toBeUndefined();
    expect(await only(tourId, '9999-12-29')).toMatchObject({ startDate: '9999-12-29', endDate: '9999-12-31' });

    // The tour grows longer once its departure is scheduled: the end is read up to the calendar's last day.
    await queryRows(s.orm.em.fork(), sql`update tours set duration_days = 5, duration_nights = 4 where id = ${tourId}`);
    await s.catalogue.changed();
    const { nodes } = await availability({ tourId: String(tourId), from: '9999-12-01', to: '9999-12-31' });
    expect(nodes.map((n) => [n.startDate, n.endDate])).toEqual([['9999-12-29', '9999-12-31']]);
  });
});

describe('availability: refused inputs', () => {
  const day = inDays(10);
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['an impossible date', { from: '2026-13-45', to: day }, 'from', /from must be a date as YYYY-MM-DD/],
    ['a date that is not one', { from: day, to: 'next week' }, 'to', /to must be a date as YYYY-MM-DD/],
    ['to before from', { from: day, to: addDays(day, -1) }, 'to', /to cannot be before from/],
    ['a window over 366 days', { from: day, to: addDays(day, 366) }, 'to', /at most 366 days/],
    ['a page of 0', { from: day, to: day, first: 0 }, 'first', /from 1 to 200/],
    ['a page of 201', { from: day, to: day, first: 201 }, 'first', /from 1 to 200/],
    ['a made-up cursor', { from: day, to: day, after: 'not-a-cursor' }, 'after', /Invalid cursor/],
    [
      'a cursor of another shape',
      { from: day, to: day, after: Buffer.from(JSON.stringify(['x', -1])).toString('base64url') },
      'after',
      /Invalid cursor/,
    ],
    ['a moment past year 9999', { from: day, to: day, updatedSince: '+010000-01-01T00:00:00Z' }, '', /./],
  ];
  for (const [what, vars, field, message] of cases) {
    it(`refuses ${what} with BAD_USER_INPUT`, async () => {
      const r = await gql(s, AVAILABILITY, vars);
      expect(r.body.errors?.[0]?.message).toMatch(message);
      expect(r.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      if (field) expect(r.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(field);
    });
  }

  it('refuses a malformed updatedSince with BAD_USER_INPUT, and an unknown tour with NOT_FOUND', async () => {
    const bad = await gql(s, AVAILABILITY, { from: day, to: day, updatedSince: 'yesterday' });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    for (const tourId of ['999999', 'abc']) {
      const r = await gql(s, AVAILABILITY, { tourId, from: day, to: day });
      expect(r.body.errors[0]).toMatchObject({ message: 'Tour not found', extensions: { code: 'NOT_FOUND' } });
    }
  });
});

describe('availability: updatedSince', () => {
  it('lists only the departures whose seats changed since, after a booking and after a cancellation', async () => {
    const tourId = await makeTour(s, { capacity: 8 });
    const [d1, d2] = [inDays(60), inDays(61)];
    const first = await book(s, traveller, request(tourId, { startDate: d1, endDate: d1, numberOfPeople: 2 }));
    await book(s, traveller, request(tourId, { startDate: d2, endDate: d2, numberOfPeople: 2 }));
    await queryRows(
      s.orm.em.fork(),
      sql`update departures set updated_at = '2020-01-01T00:00:00Z' where tour_id = ${tourId}`,
    );
    await queryRows(s.orm.em.fork(), sql`update tours set updated_at = '2020-01-01T00:00:00Z' where id = ${tourId}`);
    const since = '2021-01-01T00:00:00.000Z';
    const window = { tourId: String(tourId), from: d1, to: d2, updatedSince: since };
    expect((await availability(window)).nodes).toEqual([]);

    await book(s, traveller, request(tourId, { startDate: d2, endDate: d2, numberOfPeople: 1 }));
    const changed = (await availability(window)).nodes;
    expect(changed.map((n) => [n.startDate, n.seatsLeft])).toEqual([[d2, 5]]);
    expect(new Date(changed[0]!.updatedAt).getTime()).toBeGreaterThan(new Date(since).getTime());

    const cancelled = await gql(
      s,
      `mutation($id: ID!) { cancelMyBooking(id: $id) { booking { status } } }`,
      { id: first.body.data.createBooking.booking.id },
      { token: traveller },
    );
    expect(cancelled.body.errors).toBeUndefined();
    expect((await availability(window)).nodes.map((n) => [n.startDate, n.seatsLeft])).toEqual([
      [d1, 8],
      [d2, 5],
    ]);
  });

  it('lists every departure of a tour whose price changed since, with the new prices', async () => {
    const tourId = await makeTour(s, { capacity: 8, price: 300 });
    const [d1, d2] = [inDays(70), inDays(71)];
    for (const d of [d1, d2]) await book(s, traveller, request(tourId, { startDate: d, endDate: d }));
    const em = s.orm.em.fork();
    await queryRows(em, sql`update departures set updated_at = '2020-01-01T00:00:00Z' where tour_id = ${tourId}`);
    await queryRows(em, sql`update tours set updated_at = '2020-01-01T00:00:00Z' where id = ${tourId}`);
    const window = { tourId: String(tourId), from: d1, to: d2, updatedSince: '2021-01-01T00:00:00Z' };
    expect((await availability(window)).nodes).toEqual([]);

    const edit = await gql(
      s,
      `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { tour { id } } }`,
      {
        id: String(tourId),
        input: {
          title: 'Ngorongoro Crater Day Trip',
          description: 'Into the crater at dawn.',
          destination: 'ngorongoro',
          country: 'Tanzania',
          durationDays: 1,
          durationNights: 0,
          price: '320',
          capacity: 8,
          status: 'active',
          tier: 'Budget,Luxury',
          bookingType: 'group',
        },
      },
      { token: admin },
    );
    expect(edit.body.errors).toBeUndefined();
    const changed = (await availability(window)).nodes;
    expect(changed.map((n) => n.startDate)).toEqual([d1, d2]);
    expect(changed.every((n) => n.prices.every((p) => p.amount === 320))).toBe(true);
  });
});
