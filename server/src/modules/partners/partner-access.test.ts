import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, book, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { TOURS, createKey, keyApi, keyGql } from '../../test/partner-helpers.js';

let s: TestServer;
let key: string;
let tourId: number;
let bookingId: string;
let travellerId: number;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  const admin = await adminToken(s);
  key = (await createKey(s, admin)).secret;
  tourId = await makeTour(s);
  const traveller = await signUpAndLogin(s);
  travellerId = traveller.id;
  const booked = await book(s, traveller.accessToken, request(tourId));
  bookingId = booked.body.data.createBooking.booking.id;
});
afterAll(() => s?.stop());

/** Every GraphQL operation that reads or changes a user's data, a booking, or the catalogue as an admin. */
const USER_AND_ADMIN_OPERATIONS: [string, string, Record<string, unknown>?][] = [
  ['me', '{ me { id email } }'],
  ['myBookings', '{ myBookings { id email } }'],
  ['bookings', '{ bookings { totalCount nodes { id email } } }'],
  ['createBooking', 'mutation($input: BookingInput!) { createBooking(input: $input) { message } }', { input: {} }],
  ['cancelMyBooking', 'mutation($id: ID!) { cancelMyBooking(id: $id) { booking { id } } }', {}],
  ['confirmBooking', 'mutation($id: ID!) { confirmBooking(id: $id) { booking { id } } }', {}],
  ['completeBooking', 'mutation($id: ID!) { completeBooking(id: $id) { booking { id } } }', {}],
  ['cancelBooking', 'mutation($id: ID!) { cancelBooking(id: $id) { booking { id } } }', {}],
  ['deleteTour', 'mutation($id: ID!) { deleteTour(id: $id) { deletedTourId } }', {}],
  [
    'addDeparture',
    'mutation($id: ID!) { addDeparture(tourId: $id, startDate: "2099-01-01", capacity: 5) { departure { id } } }',
    {},
  ],
  ['deleteAccount', 'mutation { deleteAccount { deletedUserId } }'],
  ['deleteAccount of a user', 'mutation($uid: ID!) { deleteAccount(userId: $uid) { deletedUserId } }', {}],
  ['logout', 'mutation { logout { allSessionsEnded } }'],
  [
    'permitList of a Tour',
    'query($id: ID!) { permitList(tourId: $id, date: "2099-01-01") { travellers { passportNumber } } }',
    {},
  ],
];

describe('a partner API key and user data', () => {
  it('is FORBIDDEN on every user and admin operation of GraphQL', async () => {
    for (const [label, query, vars] of USER_AND_ADMIN_OPERATIONS) {
      const variables: Record<string, unknown> = vars
        ? {
            ...vars,
            id: String(label.includes('Tour') || label.includes('Departure') ? tourId : bookingId),
            uid: String(travellerId),
          }
        : {};
      if (label === 'createBooking') variables.input = request(tourId);
      const r = await keyGql(s, key, query, variables);
      expect(r.body.errors?.[0]?.extensions?.code, `${label}: ${JSON.stringify(r.body)}`).toBe('FORBIDDEN');
      expect(JSON.stringify(r.body.data ?? null), label).not.toMatch(/@example\.com/);
    }
  });

  it('is refused on every user, booking and admin path of REST', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/users/profile'],
      ['DELETE', `/users/${travellerId}`],
      ['GET', '/bookings/my'],
      ['GET', '/bookings/admin/all'],
      ['GET', `/bookings/admin/manifest?tourId=${tourId}&startDate=${inDays(30)}`],
      ['GET', `/bookings/admin/permits?tourId=${tourId}&date=${inDays(30)}&format=csv`],
      ['GET', '/users/me/export'],
      [
        'POST',
        `/bookings/${tourId}`,
        {
          startDate: inDays(30),
          numberOfPeople: 1,
          name: 'Agency',
          email: 'agency@example.com',
          phone: '+255 712 345 678',
        },
      ],
      ['PATCH', `/bookings/cancel/${bookingId}`],
      ['PATCH', `/bookings/${bookingId}/status`, { status: 'Confirmed' }],
      ['POST', '/tours', { title: 'Partner tour' }],
      ['PUT', `/tours/${tourId}`, { title: 'Renamed by a partner' }],
      ['DELETE', `/tours/${tourId}`],
      ['POST', '/auth/logout', {}],
    ];
    for (const [method, p, body] of paths) {
      const r = await keyApi(s, key, method, p, body);
      expect(r.status, `${method} ${p}: ${JSON.stringify(r.body)}`).toBe(403);
      expect(r.body.code, `${method} ${p}`).toBe('FORBIDDEN');
    }
    // Nothing was changed: the booking is still the traveller's and Pending, the tour still there.
    const booking = await s.orm.em
      .fork()
      .getConnection()
      .execute(`select status from bookings where id = ${Number(bookingId)}`);
    expect(booking).toEqual([{ status: 'Pending' }]);
    expect((await keyApi(s, key, 'GET', `/tours/${tourId}`)).status).toBe(200);
  });

  it('reads the catalogue: tours, tour, tourFilters and departures', async () => {
    expect((await keyGql(s, key, TOURS)).body.data.tours.totalCount).toBe(1);
    const detail = await keyGql(
      s,
      key,
      `query($id: ID!) { tour(id: $id) { id title } tourFilters { destinations } departures(tourId: $id) { startDate } }`,
      { id: String(tourId) },
    );
    expect(detail.body.errors).toBeUndefined();
    expect(detail.body.data.tour.id).toBe(String(tourId));
    expect((await gql(s, '{ tours { totalCount } }')).body.data.tours.totalCount).toBe(1);
  });
});
