/**
 * Helpers for the bookings tests: a tour made to measure, a valid booking request, and the GraphQL
 * operations. Test-only; nothing in the app imports it.
 */
import { addDays, isoDate } from '@tembea/schema';
import type { TestServer } from './harness.js';
import { queryRows, sql } from '../common/sql.js';
import { Tour } from '../modules/tours/tour.entity.js';
import { api, gql, LOGIN, type Res } from './auth-helpers.js';

export const ADMIN = { email: 'ops@tembea.example', password: 'Serengeti-Admin-2026!' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export const BOOKING_FIELDS = `id tourId tourTitle startDate endDate numberOfPeople name email phone notes status bookingType tier canCancel
  price { priced unitPrice subtotal earlyBird earlyBirdDiscount total deposit balance balanceDueDate currency }
  createdAt updatedAt`;
export const CREATE = `mutation($input: BookingInput!) { createBooking(input: $input) { message booking { ${BOOKING_FIELDS} } } }`;
export const MINE = `{ myBookings { ${BOOKING_FIELDS} } }`;
export const CANCEL_MINE = `mutation($id: ID!) { cancelMyBooking(id: $id) { booking { id status canCancel } } }`;
export const ADMIN_LIST = `query($filter: BookingFilter, $first: Int, $after: String) {
  bookings(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { ${BOOKING_FIELDS} user { id email } } } }`;
export const CONFIRM = `mutation($id: ID!) { confirmBooking(id: $id) { booking { id status } } }`;
export const COMPLETE = `mutation($id: ID!) { completeBooking(id: $id) { booking { id status } } }`;
export const CANCEL = `mutation($id: ID!) { cancelBooking(id: $id) { booking { id status } } }`;
export const DEPARTURES = `query($tourId: ID!, $from: String, $to: String) { departures(tourId: $tourId, from: $from, to: $to) { id tourId startDate capacity seatsTaken seatsLeft status closed } }`;

/** A day n days from today (UTC), YYYY-MM-DD. */
export function inDays(n: number): string {
  return addDays(isoDate(new Date()), n);
}

/** Adds a tour straight into the database (the admin API comes later) and returns its id. */
export async function makeTour(s: TestServer, over: Partial<Tour> = {}): Promise<number> {
  const em = s.orm.em.fork();
  const t = em.create(Tour, {
    title: 'Ngorongoro Crater Day Trip',
    description: 'Into the crater at dawn.',
    destination: 'ngorongoro',
    country: 'Tanzania',
    price: 250,
    capacity: 10,
    status: 'active',
    tier: 'Budget,Luxury',
    bookingType: 'group',
    durationDays: 1,
    durationNights: 0,
    ...over,
  } as Tour);
  await em.flush();
  // Written past the services: the catalogue cache is moved on as a service's write would.
  await s.catalogue.changed();
  return t.id;
}

/**
 * A valid booking request for a tour of any length; override any field. It gives no end date: the
 * server takes the start plus the tour's nights (one given must be that day).
 */
export function request(tourId: number | string, over: Record<string, unknown> = {}) {
  const start = inDays(40);
  return {
    tourId: String(tourId),
    startDate: start,
    numberOfPeople: 1,
    name: 'Neema Kimaro',
    email: 'neema@example.com',
    phone: '+255 713 000 111',
    notes: 'Vegetarian meals, please',
    ...over,
  };
}

/** Logs the configured admin in and returns the access token. */
export async function adminToken(s: TestServer): Promise<string> {
  const r = await gql(s, LOGIN, { input: ADMIN });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.login.accessToken as string;
}

/** Books through GraphQL. */
export function book(s: TestServer, token: string | undefined, input: Record<string, unknown>): Promise<Res> {
  return gql(s, CREATE, { input }, { token });
}

/** Books through REST. */
export function bookRest(
  s: TestServer,
  token: string | undefined,
  tourId: number | string,
  body: Record<string, unknown>,
): Promise<Res> {
  return api(s, 'POST', `/bookings/${tourId}`, body, { token });
}

/** The departure of a tour on a date as the database holds it. */
export async function departureRow(
  s: TestServer,
  tourId: number,
  startDate: string,
): Promise<{ capacity: number; seats_taken: number } | undefined> {
  const [row] = await queryRows<{ capacity: number; seats_taken: number }>(
    s.orm.em.fork(),
    sql`select capacity, seats_taken from departures where tour_id = ${tourId} and start_date = ${startDate}`,
  );
  return row;
}
