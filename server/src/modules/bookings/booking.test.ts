import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mails, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import {
  ADMIN_ENV,
  CANCEL_MINE,
  DEPARTURES,
  MINE,
  adminToken,
  book,
  bookRest,
  departureRow,
  inDays,
  makeTour,
  request,
} from '../../test/booking-helpers.js';

let s: TestServer;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  traveller = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

describe('createBooking', () => {
  it('books a group tour: Pending, the price frozen in the quote, seats taken on the departure', async () => {
    const tourId = await makeTour(s, { price: 199.99, capacity: 10 });
    const r = await book(s, traveller.accessToken, request(tourId, { numberOfPeople: 3, tier: 'luxury' }));
    expect(r.body.errors).toBeUndefined();
    const b = r.body.data.createBooking.booking;
    expect(r.body.data.createBooking.message).toMatch(/Booking request received/);
    expect(b).toMatchObject({
      tourId: String(tourId),
      tourTitle: 'Ngorongoro Crater Day Trip',
      numberOfPeople: 3,
      status: 'Pending',
      bookingType: 'group',
      tier: 'Luxury',
      name: 'Neema Kimaro',
      email: 'neema@example.com',
      canCancel: true,
    });
    // 3 x $199.99 = $599.97; 3% deposit = $18.00 (17.9991 rounded to the cent); balance $581.97.
    expect(b.price).toMatchObject({
      priced: true,
      unitPrice: 199.99,
      subtotal: 599.97,
      earlyBird: false,
      total: 599.97,
      deposit: 18,
      balance: 581.97,
      currency: 'USD',
    });
    expect(b.price.balanceDueDate).toBe(inDays(10));
    expect(await departureRow(s, tourId, b.startDate)).toEqual({ capacity: 10, seats_taken: 3 });
  });

  it('gives 5% early-bird off six months ahead', async () => {
    const tourId = await makeTour(s, { price: 1000 });
    const start = inDays(200);
    const r = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate: start, endDate: start, numberOfPeople: 2 }),
    );
    expect(r.body.data.createBooking.booking.price).toMatchObject({
      subtotal: 2000,
      earlyBird: true,
      earlyBirdDiscount: 100,
      total: 1900,
      deposit: 57,
      balance: 1843,
    });
  });

  it("defaults the booking type to the tour's and the tier to its first; a private booking takes no group seats", async () => {
    const tourId = await makeTour(s, { bookingType: 'private', capacity: 4 });
    const r = await book(s, traveller.accessToken, request(tourId, { numberOfPeople: 4 }));
    expect(r.body.data.createBooking.booking).toMatchObject({ bookingType: 'private', tier: 'Budget' });
    expect(await departureRow(s, tourId, request(tourId).startDate)).toBeUndefined();
  });

  it('books a tour with no price as Contact for pricing', async () => {
    const tourId = await makeTour(s, { price: null, priceText: null });
    const r = await book(s, traveller.accessToken, request(tourId));
    expect(r.body.data.createBooking.booking.price).toMatchObject({
      priced: false,
      total: null,
      deposit: null,
      balanceDueDate: null,
    });
  });

  it('needs a signed-in user', async () => {
    const tourId = await makeTour(s);
    const r = await book(s, undefined, request(tourId));
    expect(r.body.errors[0]).toMatchObject({
      message: 'Authentication required. Please login.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const rest = await bookRest(s, undefined, tourId, request(tourId));
    expect(rest.status).toBe(401);
    expect(rest.body.message).toBe('Authentication required. Please login.');
  });

  it('refuses bad input with every failing field', async () => {
    const tourId = await makeTour(s, { capacity: 6 });
    const r = await book(
      s,
      traveller.accessToken,
      request(tourId, {
        name: ' ',
        email: 'not-an-email',
        phone: 'call me',
        startDate: inDays(-2),
        endDate: inDays(-3),
        numberOfPeople: 7,
      }),
    );
    const e = r.body.errors[0];
    expect(e.extensions.code).toBe('BAD_USER_INPUT');
    expect(e.extensions.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'endDate',
      'name',
      'numberOfPeople',
      'phone',
      'startDate',
    ]);
    expect(e.message).toContain('Number of people must be from 1 to 6');
    const order = await book(s, traveller.accessToken, request(tourId, { startDate: inDays(20), endDate: inDays(19) }));
    expect(order.body.errors[0].message).toBe('End date cannot be before the start date');
    const tier = await book(s, traveller.accessToken, request(tourId, { tier: 'Platinum' }));
    expect(tier.body.errors[0].message).toBe('Tier must be one of Budget, Luxury');
  });

  it('REST: 201 with booking.id, booking.status and message; 400 for bad input, 404 for an unknown tour', async () => {
    const tourId = await makeTour(s);
    const ok = await bookRest(s, traveller.accessToken, tourId, { ...request(tourId), numberOfPeople: '2' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      success: true,
      booking: { status: 'Pending', numberOfPeople: 2 },
      status: 'Pending',
    });
    expect(ok.body.booking.id).toBe(ok.body.bookingId);
    expect(ok.body.message).toMatch(/Booking request received/);
    const bad = await bookRest(s, traveller.accessToken, tourId, {
      ...request(tourId),
      email: 42,
      numberOfPeople: 'many',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'numberOfPeople']);
    const unknown = await bookRest(s, traveller.accessToken, 999999, request(999999));
    expect(unknown.status).toBe(404);
    expect((await bookRest(s, traveller.accessToken, 'abc', request(1))).status).toBe(404);
    const nul = await bookRest(s, traveller.accessToken, tourId, { ...request(tourId), name: 'Ne\u0000ema' });
    expect(nul.status).toBe(400);
  });

  it('REST: a tourId in the body naming another tour than the address is a 400 on tourId, and books nothing', async () => {
    const tourId = await makeTour(s);
    const otherTour = await makeTour(s);
    const booked = async () =>
      (
        await queryRows<{ n: number }>(
          s.orm.em.fork(),
          sql`select count(*)::int as n from bookings where tour_id in (${tourId}, ${otherTour})`,
        )
      )[0]!.n;
    for (const sent of [String(otherTour), otherTour, 'abc', '', { id: tourId }, [String(tourId)]]) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { tourId: sent }));
      expect(r.status, JSON.stringify(sent)).toBe(400);
      expect(r.body).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'tourId in the body must match the tour in the address',
        errors: [{ field: 'tourId', message: 'tourId in the body must match the tour in the address' }],
      });
    }
    expect(await booked()).toBe(0);
    // Not signed in is still said first.
    expect((await bookRest(s, undefined, tourId, request(tourId, { tourId: String(otherTour) }))).status).toBe(401);
    // The same id however written, or none at all, books the tour in the address.
    for (const sent of [String(tourId), tourId, ` ${tourId} `, undefined, null]) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { tourId: sent }));
      expect(r.status, JSON.stringify(sent)).toBe(201);
      expect(r.body.booking.tourId).toBe(String(tourId));
    }
    expect(await booked()).toBe(5);
  });

  it('refuses inactive and draft tours, closed departures and seats that do not fit (409)', async () => {
    for (const status of ['inactive', 'draft']) {
      const id = await makeTour(s, { status });
      const r = await bookRest(s, traveller.accessToken, id, request(id));
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('CONFLICT');
    }
    const tourId = await makeTour(s, { capacity: 5 });
    expect((await book(s, traveller.accessToken, request(tourId, { numberOfPeople: 4 }))).body.errors).toBeUndefined();
    const tooMany = await bookRest(s, other.accessToken, tourId, request(tourId, { numberOfPeople: 2 }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 1 seat left on this departure');
    const gql2 = await book(s, other.accessToken, request(tourId, { numberOfPeople: 3 }));
    expect(gql2.body.errors[0]).toMatchObject({
      message: 'Only 1 seat left on this departure',
      extensions: { code: 'CONFLICT' },
    });
    await queryRows(s.orm.em.fork(), sql`update departures set closed = true where tour_id = ${tourId}`);
    const closed = await bookRest(s, other.accessToken, tourId, request(tourId));
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
  });

  it('shows seats left on the quote and in departures', async () => {
    const tourId = await makeTour(s, { capacity: 8 });
    const start = inDays(60);
    const Q = `query($t: ID!, $d: String!) { quote(tourId: $t, startDate: $d, numberOfPeople: 1, bookingType: "group", tier: "Budget") { seatsLeft availability } }`;
    expect((await gql(s, Q, { t: String(tourId), d: start })).body.data.quote).toEqual({
      seatsLeft: 8,
      availability: 'AVAILABLE',
    });
    await book(s, traveller.accessToken, request(tourId, { startDate: start, endDate: start, numberOfPeople: 5 }));
    expect((await gql(s, Q, { t: String(tourId), d: start })).body.data.quote).toEqual({
      seatsLeft: 3,
      availability: 'LIMITED',
    });
    const deps = await gql(s, DEPARTURES, { tourId: String(tourId) });
    expect(deps.body.data.departures).toEqual([
      expect.objectContaining({
        startDate: start,
        capacity: 8,
        seatsTaken: 5,
        seatsLeft: 3,
        status: 'LIMITED',
        closed: false,
      }),
    ]);
    const rest = await api(s, 'GET', `/tours/${tourId}/departures`);
    expect(rest.body.departures).toHaveLength(1);
    expect((await api(s, 'GET', `/tours/${tourId}/departures?from=2026-13-45`)).status).toBe(400);
    expect((await gql(s, DEPARTURES, { tourId: '424242' })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('mails the traveller a confirmation with the quote and policy, and the operator a notice', async () => {
    const tourId = await makeTour(s, { price: 300 });
    const email = `mail.${Date.now()}@example.com`;
    const r = await book(s, traveller.accessToken, request(tourId, { email, numberOfPeople: 2 }));
    const id = r.body.data.createBooking.booking.id;
    await s.outbox.flush();
    const mail = mailsTo(s, email).find((m) => m.text.includes('Booking request received: Ngorongoro Crater Day Trip'));
    expect(mail?.text).toContain('Total: $600.00');
    expect(mail?.text).toContain('Deposit (3%, non-refundable): $18.00');
    expect(mail?.text).toContain(
      'Cancellation 30 or more days before departure gives a full refund minus transaction fees',
    );
    const notice = mails(s).find((m) => m.text.includes(`New booking #${id}`));
    expect(notice?.text).toMatch(/^To: .*hello@tembea\.example/m);
    expect(notice?.text).toMatch(new RegExp(`^Reply-To: ${email}`, 'm'));
  });
});

describe('my bookings and cancelling them', () => {
  it('cancelled twice at once: one cancels, the other hears it is already Cancelled; seats come back once', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    const b = (await book(s, traveller.accessToken, request(tourId, { numberOfPeople: 3 }))).body.data.createBooking
      .booking;
    const answers = await Promise.all(
      [1, 2].map(() => gql(s, CANCEL_MINE, { id: b.id }, { token: traveller.accessToken })),
    );
    const refused = answers.filter((a) => a.body.errors);
    expect(answers.length - refused.length).toBe(1);
    expect(refused[0]!.body.errors[0]).toMatchObject({
      message: 'This booking is already Cancelled',
      extensions: { code: 'CONFLICT' },
    });
    expect(await departureRow(s, tourId, b.startDate)).toMatchObject({ seats_taken: 0 });
  });

  it('lists only my own bookings; cancelling frees the seats; another user cannot see or cancel it', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    const mine = await book(s, traveller.accessToken, request(tourId, { numberOfPeople: 4 }));
    const b = mine.body.data.createBooking.booking;
    const list = await gql(s, MINE, {}, { token: traveller.accessToken });
    expect(list.body.data.myBookings.map((x: { id: string }) => x.id)).toContain(b.id);
    const theirs = await gql(s, MINE, {}, { token: other.accessToken });
    expect(theirs.body.data.myBookings.map((x: { id: string }) => x.id)).not.toContain(b.id);

    const stranger = await api(s, 'PATCH', `/bookings/cancel/${b.id}`, undefined, { token: other.accessToken });
    expect(stranger.status).toBe(404);
    const viaGql = await gql(s, CANCEL_MINE, { id: b.id }, { token: other.accessToken });
    expect(viaGql.body.errors[0].extensions.code).toBe('NOT_FOUND');

    const ok = await api(s, 'PATCH', `/bookings/cancel/${b.id}`, undefined, { token: traveller.accessToken });
    expect(ok.status).toBe(200);
    expect(ok.body.booking).toMatchObject({ id: b.id, status: 'Cancelled', canCancel: false });
    expect(await departureRow(s, tourId, b.startDate)).toMatchObject({ seats_taken: 0 });
    const again = await gql(s, CANCEL_MINE, { id: b.id }, { token: traveller.accessToken });
    expect(again.body.errors[0]).toMatchObject({
      message: 'This booking is already Cancelled',
      extensions: { code: 'CONFLICT' },
    });
    const rest = await api(s, 'GET', '/bookings/my', undefined, { token: traveller.accessToken });
    expect(rest.body.bookings.find((x: { id: string }) => x.id === b.id)).toMatchObject({ status: 'Cancelled' });
    expect((await api(s, 'GET', '/bookings/my')).status).toBe(401);
  });

  it('admins list and manage every booking; users cannot', async () => {
    const admin = await adminToken(s);
    const forbidden = await api(s, 'GET', '/bookings/admin/all', undefined, { token: traveller.accessToken });
    expect(forbidden.status).toBe(403);
    expect((await api(s, 'GET', '/bookings/admin/all')).status).toBe(401);
    const tourId = await makeTour(s);
    const b = (await book(s, traveller.accessToken, request(tourId))).body.data.createBooking.booking;
    const all = await api(s, 'GET', '/bookings/admin/all', undefined, { token: admin });
    const row = all.body.bookings.find((x: { id: string }) => x.id === b.id);
    expect(row).toMatchObject({
      tour: { id: String(tourId), title: 'Ngorongoro Crater Day Trip' },
      bookingUser: { email: traveller.email },
    });
    const userConfirm = await api(
      s,
      'PATCH',
      `/bookings/${b.id}/status`,
      { status: 'confirmed' },
      { token: traveller.accessToken },
    );
    expect(userConfirm.status).toBe(403);
  });
});
