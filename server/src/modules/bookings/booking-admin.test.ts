import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import {
  ADMIN_ENV,
  ADMIN_LIST,
  CANCEL,
  COMPLETE,
  CONFIRM,
  adminToken,
  book,
  departureRow,
  inDays,
  makeTour,
  request,
} from '../../test/booking-helpers.js';

let s: TestServer;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

async function newBooking(over: Record<string, unknown> = {}, tourOver = {}) {
  const tourId = await makeTour(s, tourOver);
  const r = await book(s, traveller.accessToken, request(tourId, over));
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return { tourId, booking: r.body.data.createBooking.booking as { id: string; startDate: string; email: string } };
}

describe('the admin status machine', () => {
  it('Pending -> Confirmed -> Completed, each mailed; every other move is CONFLICT naming both states', async () => {
    const email = `status.${Date.now()}@example.com`;
    const { booking } = await newBooking({ email });
    const early = await gql(s, COMPLETE, { id: booking.id }, { token: admin });
    expect(early.body.errors[0]).toMatchObject({
      message: 'A Pending booking cannot be changed to Completed',
      extensions: { code: 'CONFLICT' },
    });
    expect((await gql(s, CONFIRM, { id: booking.id }, { token: admin })).body.data.confirmBooking.booking.status).toBe(
      'Confirmed',
    );
    const twice = await gql(s, CONFIRM, { id: booking.id }, { token: admin });
    expect(twice.body.errors[0].message).toBe('This booking is already Confirmed');
    expect(
      (await gql(s, COMPLETE, { id: booking.id }, { token: admin })).body.data.completeBooking.booking.status,
    ).toBe('Completed');
    const cancel = await gql(s, CANCEL, { id: booking.id }, { token: admin });
    expect(cancel.body.errors[0].message).toBe('A Completed booking cannot be changed to Cancelled');
    await s.outbox.flush();
    const subjects = mailsTo(s, email).map((m) => /^Subject: (.*)$/m.exec(m.text)?.[1]);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Booking request received/),
        expect.stringMatching(/^Your booking is Confirmed/),
        expect.stringMatching(/^Your booking is Completed/),
      ]),
    );
  });

  it('REST PATCH /bookings/:id/status takes the lowercased status; unknown is 400, pending is 409, unknown id 404', async () => {
    const { tourId, booking } = await newBooking({ numberOfPeople: 3 });
    const bad = await api(s, 'PATCH', `/bookings/${booking.id}/status`, { status: 'approved' }, { token: admin });
    expect(bad.status).toBe(400);
    expect((await api(s, 'PATCH', `/bookings/${booking.id}/status`, {}, { token: admin })).status).toBe(400);
    const back = await api(s, 'PATCH', `/bookings/${booking.id}/status`, { status: 'pending' }, { token: admin });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('This booking is already Pending');
    expect((await api(s, 'PATCH', '/bookings/999999/status', { status: 'confirmed' }, { token: admin })).status).toBe(
      404,
    );
    const ok = await api(s, 'PATCH', `/bookings/${booking.id}/status`, { status: 'cancelled' }, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.booking).toMatchObject({ id: booking.id, status: 'Cancelled' });
    expect(await departureRow(s, tourId, booking.startDate)).toMatchObject({ seats_taken: 0 });
  });

  it('only admins change statuses', async () => {
    const { booking } = await newBooking();
    expect(
      (await gql(s, CONFIRM, { id: booking.id }, { token: traveller.accessToken })).body.errors[0].extensions.code,
    ).toBe('FORBIDDEN');
    expect((await gql(s, CONFIRM, { id: booking.id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await api(s, 'PATCH', `/bookings/${booking.id}/status`, { status: 'confirmed' })).status).toBe(401);
  });

  it('lists bookings newest first with filters by status, tour and dates, a page at a time', async () => {
    const tourId = await makeTour(s, { title: 'Tarangire Elephants' });
    const ids: string[] = [];
    for (const d of [30, 31, 32, 33, 34]) {
      const r = await book(s, traveller.accessToken, request(tourId, { startDate: inDays(d), endDate: inDays(d) }));
      ids.push(r.body.data.createBooking.booking.id);
    }
    await gql(s, CONFIRM, { id: ids[0] }, { token: admin });
    const byTour = await gql(s, ADMIN_LIST, { filter: { tourId: String(tourId) }, first: 2 }, { token: admin });
    const page1 = byTour.body.data.bookings;
    expect(page1.totalCount).toBe(5);
    expect(page1.nodes.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(page1.nodes[0].user.email).toBe(traveller.email);
    const page2 = await gql(
      s,
      ADMIN_LIST,
      { filter: { tourId: String(tourId) }, first: 2, after: page1.pageInfo.endCursor },
      { token: admin },
    );
    expect(page2.body.data.bookings.nodes.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    const confirmed = await gql(
      s,
      ADMIN_LIST,
      { filter: { tourId: String(tourId), status: 'confirmed' } },
      { token: admin },
    );
    expect(confirmed.body.data.bookings.nodes.map((n: { id: string }) => n.id)).toEqual([ids[0]]);
    const range = await api(
      s,
      'GET',
      `/bookings/admin/all?tourId=${tourId}&from=${inDays(31)}&to=${inDays(32)}`,
      undefined,
      { token: admin },
    );
    expect(range.body.bookings.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    const invalid = await api(s, 'GET', '/bookings/admin/all?status=lost&from=yesterday', undefined, { token: admin });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { field: string }) => e.field)).toEqual(['status', 'from']);
    // A limit out of range is named as the limit, whatever the range check that catches it.
    for (const limit of ['0', '1001', '-1', 'many']) {
      const r = await api(s, 'GET', `/bookings/admin/all?limit=${limit}`, undefined, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        message: 'limit must be a whole number from 1 to 1000',
        errors: [{ field: 'limit', message: 'Must be from 1 to 1000' }],
      });
    }
    const forged = await gql(s, ADMIN_LIST, { after: 'bm90IGEgY3Vyc29y' }, { token: admin });
    expect(forged.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('downloads a departure manifest as CSV, spreadsheet formulas defused', async () => {
    const tourId = await makeTour(s, { title: 'Kilimanjaro Machame' });
    const start = inDays(45);
    await book(
      s,
      traveller.accessToken,
      request(tourId, {
        startDate: start,
        endDate: start,
        name: "Zawadi O'Mrema",
        notes: 'Aisle, "Z" side',
        numberOfPeople: 2,
      }),
    );
    await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate: start, endDate: start, name: 'Baraka Mushi', notes: '=SUM(A1:A9)' }),
    );
    const res = await fetch(`${s.url}/api/bookings/admin/manifest?tourId=${tourId}&date=${start}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`manifest-tour-${tourId}-${start}.csv`);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Booking","Status","Name","Email","Phone","People","Booking type","Tier","Start","End","Special requests",' +
        '"Reference","Traveller","Traveller name","Nationality","Residency","Date of birth","Passport","Dietary needs","Traveller notes"',
    );
    expect(lines[1]).toContain('"Baraka Mushi"');
    expect(lines[1]).toContain(`"'=SUM(A1:A9)"`);
    expect(lines[2]).toContain(`"Zawadi O'Mrema"`);
    expect(lines[2]).toContain('"Aisle, ""Z"" side"');
    const user = await fetch(`${s.url}/api/bookings/admin/manifest?tourId=${tourId}&date=${start}`, {
      headers: { authorization: `Bearer ${traveller.accessToken}` },
    });
    expect(user.status).toBe(403);
    const bad = await fetch(`${s.url}/api/bookings/admin/manifest?tourId=x&date=soon`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(bad.status).toBe(400);
  });
});

describe('departures (admin)', () => {
  const ADD = `mutation($t: ID!, $d: String!, $c: Int!) { addDeparture(tourId: $t, startDate: $d, capacity: $c) { departure { id startDate capacity seatsTaken seatsLeft status closed } } }`;
  const UPDATE = `mutation($id: ID!, $c: Int, $closed: Boolean) { updateDeparture(id: $id, capacity: $c, closed: $closed) { departure { id capacity seatsTaken seatsLeft status closed } } }`;
  const DELETE = `mutation($id: ID!) { deleteDeparture(id: $id) { deletedDepartureId } }`;

  it('adds a departure whose capacity bookings then use; capacity never below the seats taken; close, reopen, delete', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    const start = inDays(90);
    const added = await gql(s, ADD, { t: String(tourId), d: start, c: 30 }, { token: admin });
    const dep = added.body.data.addDeparture.departure;
    expect(dep).toMatchObject({
      startDate: start,
      capacity: 30,
      seatsTaken: 0,
      seatsLeft: 30,
      status: 'AVAILABLE',
      closed: false,
    });
    expect(
      (await gql(s, ADD, { t: String(tourId), d: start, c: 5 }, { token: admin })).body.errors[0].extensions.code,
    ).toBe('CONFLICT');
    // The traveller's today runs up to 12 hours behind UTC: two days back is past everywhere.
    expect(
      (await gql(s, ADD, { t: String(tourId), d: inDays(-2), c: 5 }, { token: admin })).body.errors[0].extensions.code,
    ).toBe('BAD_USER_INPUT');
    expect(
      (await gql(s, ADD, { t: String(tourId), d: inDays(91), c: 0 }, { token: admin })).body.errors[0].extensions.code,
    ).toBe('BAD_USER_INPUT');
    expect(
      (await gql(s, ADD, { t: String(tourId), d: inDays(91), c: 5 }, { token: traveller.accessToken })).body.errors[0]
        .extensions.code,
    ).toBe('FORBIDDEN');

    // The tour's own capacity caps one party at 10; the departure's 30 seats are shared by parties.
    for (let i = 0; i < 2; i++)
      await book(s, traveller.accessToken, request(tourId, { startDate: start, endDate: start, numberOfPeople: 10 }));
    const tooLow = await gql(s, UPDATE, { id: dep.id, c: 19 }, { token: admin });
    expect(tooLow.body.errors[0]).toMatchObject({
      message: 'Capacity cannot be below the 20 seats already taken',
      extensions: { code: 'CONFLICT' },
    });
    expect(
      (await gql(s, UPDATE, { id: dep.id, c: 24 }, { token: admin })).body.data.updateDeparture.departure,
    ).toMatchObject({
      capacity: 24,
      seatsLeft: 4,
      status: 'LIMITED',
    });
    expect(
      (await gql(s, UPDATE, { id: dep.id, closed: true }, { token: admin })).body.data.updateDeparture.departure,
    ).toMatchObject({ closed: true, status: 'CLOSED', seatsLeft: 0 });
    expect(
      (await book(s, traveller.accessToken, request(tourId, { startDate: start, endDate: start }))).body.errors[0]
        .extensions.code,
    ).toBe('CONFLICT');
    expect(
      (await gql(s, UPDATE, { id: dep.id, closed: false }, { token: admin })).body.data.updateDeparture.departure
        .status,
    ).toBe('LIMITED');

    const refused = await gql(s, DELETE, { id: dep.id }, { token: admin });
    expect(refused.body.errors[0]).toMatchObject({
      message: 'This departure has 2 active bookings: close it instead of deleting it',
      extensions: { code: 'CONFLICT' },
    });
    const empty = (await gql(s, ADD, { t: String(tourId), d: inDays(120), c: 12 }, { token: admin })).body.data
      .addDeparture.departure;
    expect((await gql(s, DELETE, { id: empty.id }, { token: admin })).body.data.deleteDeparture).toEqual({
      deletedDepartureId: empty.id,
    });
    expect((await gql(s, DELETE, { id: empty.id }, { token: admin })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
