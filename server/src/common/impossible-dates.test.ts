import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gql, LOGIN } from '../test/auth-helpers.js';
import { ADMIN, ADMIN_ENV, makeTour } from '../test/booking-helpers.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { TEST_SCHEDULE } from '../test/park-helpers.js';

/**
 * Days and cursors that look right but name no storable day (year 0, 2026-02-30, year 10000) are
 * refused as bad input naming the field, on every path that takes one: PostgreSQL would refuse them
 * with an error the client could only see as a server fault.
 */

let s: TestServer;
let admin: string;
let tourId: number;
beforeAll(async () => {
  s = await startTestServer({ env: ADMIN_ENV, seedDemo: false });
  admin = (await gql(s, LOGIN, { input: ADMIN })).body.data.login.accessToken;
  tourId = await makeTour(s);
});
afterAll(async () => {
  await s?.stop();
});

/** A cursor as the server writes one: base64url JSON of the last row's keyset. */
const cursor = (...values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
const INVALID_CURSOR = 'Invalid cursor: pass the endCursor of a previous page';

describe('impossible days on REST', () => {
  it('are a 400 BAD_USER_INPUT naming only the field that is wrong', async () => {
    const cases: [path: string, field: string, message: string][] = [
      [`/tours/${tourId}/departures?from=0000-01-01`, 'from', 'from must be a date as YYYY-MM-DD'],
      // `to` is not sent: only `from` is wrong.
      [`/tours/${tourId}/departures?from=abc`, 'from', 'from must be a date as YYYY-MM-DD'],
      [`/tours/${tourId}/departures?from=2027-01-01&to=0000-12-31`, 'to', 'to must be a date as YYYY-MM-DD'],
      ['/bookings/admin/all?from=0000-01-01', 'from', 'from must be a date as YYYY-MM-DD'],
      ['/bookings/admin/all?to=0000-01-01', 'to', 'to must be a date as YYYY-MM-DD'],
      [`/bookings/admin/manifest?tourId=${tourId}&date=0000-01-01`, 'date', 'date must be a date as YYYY-MM-DD'],
      [
        `/bookings/admin/permits?tourId=${tourId}&date=0000-01-01&format=csv`,
        'date',
        'date must be a date as YYYY-MM-DD',
      ],
      ['/bookings/admin/payments?from=0000-01-01', 'from', 'from must be a date as YYYY-MM-DD'],
      ['/bookings/admin/payments?to=2026-02-30', 'to', 'to must be a date as YYYY-MM-DD'],
      // A window that ends before it starts is the caller's slip on every list, not an empty answer.
      ['/bookings/admin/all?from=2027-03-01&to=2027-02-01', 'to', 'to cannot be before from'],
      ['/bookings/admin/payments?from=2027-03-01&to=2027-02-01', 'to', 'to cannot be before from'],
      [`/bookings/admin/all?after=${cursor('+010000-01-01T00:00:00.000Z', 1)}`, 'after', INVALID_CURSOR],
      [`/bookings/admin/all?after=${cursor('2026-02-30T00:00:00.000Z', 1)}`, 'after', INVALID_CURSOR],
      [`/bookings/admin/all?after=${cursor('2026-02-03T24:00:00.000Z', 1)}`, 'after', INVALID_CURSOR],
      // A real day and time whose offset carries it into year 10000 in UTC.
      [
        '/tours?departureTime=9999-12-31T23:00:00-05:00',
        'departureTime',
        'departureTime: must be a date from year 1 to 9999',
      ],
    ];
    for (const [path, field, message] of cases) {
      const res = await api(s, 'GET', path, undefined, { token: admin });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'BAD_USER_INPUT', message });
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        path,
      ).toEqual([field]);
    }
  });

  it('the first and last storable days still read as days', async () => {
    for (const path of [
      `/tours/${tourId}/departures?from=0001-01-01&to=0001-12-31`,
      `/tours/${tourId}/departures?from=9999-12-01`,
      `/tours/${tourId}/departures?from=9999-01-01&to=9999-12-31`,
      '/bookings/admin/all?from=0001-01-01&to=9999-12-31',
      `/bookings/admin/all?after=${cursor('9999-12-31T23:59:59.999Z', 1)}`,
      '/tours?date=0050-01-01',
    ]) {
      const res = await api(s, 'GET', path, undefined, { token: admin });
      expect(res.status, path).toBe(200);
    }
    // The default window of 31 days stops at the calendar's ends.
    for (const args of ['to: "0001-01-10"', 'from: "9999-12-31"']) {
      const res = await gql(s, `{ paymentTotals(${args}) { day } }`, {}, { token: admin });
      expect(res.body, args).toEqual({ data: { paymentTotals: [] } });
    }
  });
});

describe('impossible days and cursors on GraphQL', () => {
  const cases: { name: string; query: string; variables?: Record<string, unknown>; message: string | RegExp }[] = [
    {
      name: 'departures(from)',
      query: `query($id: ID!) { departures(tourId: $id, from: "0000-01-01") { id } }`,
      message: 'from must be a date as YYYY-MM-DD',
    },
    {
      name: 'availability(from, to)',
      query: `{ availability(from: "0000-01-01", to: "0000-12-01") { edges { cursor } } }`,
      message: 'from must be a date as YYYY-MM-DD; to must be a date as YYYY-MM-DD',
    },
    {
      name: 'permitList(date)',
      query: `query($id: ID!) { permitList(tourId: $id, date: "0000-01-01") { totalCents } }`,
      message: 'date must be a date as YYYY-MM-DD',
    },
    {
      name: 'bookings(filter.from)',
      query: `{ bookings(filter: { from: "0000-01-01" }) { nodes { id } } }`,
      message: 'from must be a date as YYYY-MM-DD',
    },
    {
      name: 'payments(filter.from)',
      query: `{ payments(filter: { from: "0000-01-01" }) { nodes { id } } }`,
      message: 'from must be a date as YYYY-MM-DD',
    },
    {
      name: 'payments(filter) that ends before it starts',
      query: `{ payments(filter: { from: "2027-03-01", to: "2027-02-01" }) { nodes { id } } }`,
      message: 'to cannot be before from',
    },
    {
      name: 'bookings(filter) that ends before it starts',
      query: `{ bookings(filter: { from: "2027-03-01", to: "2027-02-01" }) { nodes { id } } }`,
      message: 'to cannot be before from',
    },
    {
      name: 'payments(after) past the largest row id',
      query: `query($after: String) { payments(after: $after) { nodes { id } } }`,
      variables: { after: cursor(1e20) },
      message: INVALID_CURSOR,
    },
    {
      name: 'paymentTotals(from)',
      query: `{ paymentTotals(from: "0000-01-01") { day } }`,
      message: 'from must be a date as YYYY-MM-DD',
    },
    {
      name: 'paymentTotals(to) near the first day',
      query: `{ paymentTotals(to: "0000-01-10") { day } }`,
      message: 'to must be a date as YYYY-MM-DD',
    },
    {
      name: 'parkFeeSchedule(activeOn)',
      query: `{ parkFeeSchedule(activeOn: "0000-01-01") { id } }`,
      message: 'activeOn must be a date (YYYY-MM-DD)',
    },
    {
      name: 'recordPayment(receivedOn)',
      query: `mutation { recordPayment(input: { bookingId: "1", amountCents: 100, method: BANK_TRANSFER, receivedOn: "0000-01-01" }) { entry { id } } }`,
      message: 'receivedOn must be a date as YYYY-MM-DD',
    },
    {
      name: 'saveParkFeeSchedule(validFrom)',
      query: `mutation($input: ParkFeeScheduleInput!) { saveParkFeeSchedule(input: $input) { schedule { id } } }`,
      variables: { input: { ...TEST_SCHEDULE, validFrom: '0000-07-01', validTo: '0001-06-30' } },
      message: 'Please enter the first day the fees apply',
    },
    {
      name: 'tours(sort: NEWEST, after) on 2026-02-30',
      query: `{ tours(first: 2, sort: NEWEST, after: "WyJORVdFU1QiLCIyMDI2LTAyLTMwIDAwOjAwOjAwIiwxXQ") { nodes { id } } }`,
      message: INVALID_CURSOR,
    },
    {
      name: 'tours(sort: NEWEST, after) in year 10000',
      query: `query($after: String) { tours(first: 2, sort: NEWEST, after: $after) { nodes { id } } }`,
      variables: { after: cursor('NEWEST', '9999-12-31 23:00:00-05', 1) },
      message: INVALID_CURSOR,
    },
    {
      name: 'availability(after) on 2026-02-30',
      query: `{ availability(from: "2026-02-01", to: "2026-03-31", after: "WyIyMDI2LTAyLTMwIiwxXQ") { edges { cursor } } }`,
      message: INVALID_CURSOR,
    },
    {
      name: 'availability(after) in year 0',
      query: `query($after: String) { availability(from: "2026-02-01", to: "2026-03-31", after: $after) { edges { cursor } } }`,
      variables: { after: cursor('0000-01-01', 1) },
      message: INVALID_CURSOR,
    },
    {
      name: 'tourChanges(after) on 2026-02-30',
      query: `{ tourChanges(since: "2026-01-01T00:00:00Z", after: "WyIyMDI2LTAyLTMwIDAwOjAwOjAwKzAwIiwxXQ") { edges { cursor } } }`,
      message: INVALID_CURSOR,
    },
    {
      name: 'tourChanges(after) at 25 o’clock',
      query: `query($after: String) { tourChanges(since: "2026-01-01T00:00:00Z", after: $after) { edges { cursor } } }`,
      variables: { after: cursor('2026-02-03 25:00:00+00', 1) },
      message: INVALID_CURSOR,
    },
  ];

  it.each(cases)('$name is BAD_USER_INPUT with a clear message', async ({ query, variables, message }) => {
    const res = await gql(s, query, { id: String(tourId), ...variables }, { token: admin });
    expect(res.body.errors?.[0], JSON.stringify(res.body)).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
