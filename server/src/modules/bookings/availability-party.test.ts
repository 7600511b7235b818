import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, inDays, makeTour } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { makeParkTour, saveTestSchedule } from '../../test/park-helpers.js';
import { sqlOf } from '../../test/statements.js';

const AVAILABILITY = `query($tourId: ID, $from: String!, $to: String!, $party: [PartyGroupInput!]) {
  availability(tourId: $tourId, from: $from, to: $to, party: $party, first: 10) {
    edges { node { startDate tourId parkFees { partyAssumed netCents vatCents totalCents areas { areaCode totalCents } unpricedDays { date } } } } } }`;
const nodesOf = (body: any) => body.data.availability.edges.map((e: { node: unknown }) => e.node);
const ADD = `mutation($t: ID!, $d: String!) { addDeparture(tourId: $t, startDate: $d, capacity: 20) { departure { id } } }`;

let s: TestServer;
let admin: string;
let secret: string;
let tourId: number;
let townTourId: number;
const FAMILY = [
  { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 2 },
  { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
];

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  await saveTestSchedule(s, admin);
  tourId = await makeParkTour(s);
  townTourId = await makeTour(s, { title: 'Arusha Coffee Walk' });
  for (const day of [40, 41, 42]) {
    const r = await gql(s, ADD, { t: String(tourId), d: inDays(day) }, { token: admin });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  }
  await gql(s, ADD, { t: String(townTourId), d: inDays(40) }, { token: admin });
  secret = (await createKey(s, admin, { partnerName: 'Safari Link Agency', name: 'Pricing' })).secret;
});
afterAll(() => s?.stop());

describe("partners' availability with a party", () => {
  it("gives each departure's park fees for the party, and none without a party or park days", async () => {
    const r = await keyGql(s, secret, AVAILABILITY, { from: inDays(40), to: inDays(42), party: FAMILY });
    expect(r.body.errors).toBeUndefined();
    const nodes = nodesOf(r.body);
    const park = nodes.filter((n: { tourId: string }) => n.tourId === String(tourId));
    expect(park.map((n: { startDate: string }) => n.startDate)).toEqual([inDays(40), inDays(41), inDays(42)]);
    for (const n of park) {
      // Two Serengeti days (2 adults at 8260, a child at 2360) and a Ngorongoro day (7080 and 1180).
      expect(n.parkFees).toEqual({
        partyAssumed: false,
        netCents: 2 * (2 * 7000 + 2000) + 2 * 6000 + 1000,
        vatCents: 53100 - 45000,
        totalCents: 2 * (2 * 8260 + 2360) + 2 * 7080 + 1180,
        areas: [
          { areaCode: 'SERENGETI_NP', totalCents: 2 * (2 * 8260 + 2360) },
          { areaCode: 'NGORONGORO_CA', totalCents: 2 * 7080 + 1180 },
        ],
        unpricedDays: [],
      });
    }
    const town = nodes.find((n: { tourId: string }) => n.tourId === String(townTourId));
    expect(town.parkFees).toBeNull();
    const without = await keyGql(s, secret, AVAILABILITY, { tourId: String(tourId), from: inDays(40), to: inDays(42) });
    expect(nodesOf(without.body).map((n: { parkFees: unknown }) => n.parkFees)).toEqual([null, null, null]);
  });

  it('refuses a party that does not add up: a count below 0 or nobody at all', async () => {
    const negative = await keyGql(s, secret, AVAILABILITY, {
      from: inDays(40),
      to: inDays(42),
      party: [...FAMILY, { residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', count: -1 }],
    });
    expect(negative.body.errors[0]).toMatchObject({
      message: 'Each count in the party must be a whole number, 0 or more',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const nobody = await keyGql(s, secret, AVAILABILITY, {
      from: inDays(40),
      to: inDays(42),
      party: [{ residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 0 }],
    });
    expect(nobody.body.errors[0]).toMatchObject({
      message: 'The party must count at least one person',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const crowd = await keyGql(s, secret, AVAILABILITY, {
      from: inDays(40),
      to: inDays(42),
      party: [{ residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 5000 }],
    });
    expect(crowd.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('reads the fee schedules and itineraries once for a whole page, not once per departure', async () => {
    const original = pg.Client.prototype.query;
    const seen: string[] = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      seen.push(sqlOf(args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const r = await keyGql(s, secret, AVAILABILITY, { from: inDays(40), to: inDays(42), party: FAMILY });
      expect(nodesOf(r.body)).toHaveLength(4);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(seen.filter((q) => /from "park_fee_schedules"/.test(q))).toHaveLength(1);
    expect(seen.filter((q) => /from "tours"/.test(q))).toHaveLength(1);
  });
});
