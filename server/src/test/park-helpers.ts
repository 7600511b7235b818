/**
 * Helpers for the tests of what the parks charge: a fee schedule covering the coming year with
 * round numbers, and a Serengeti–Ngorongoro tour whose days are in those parks. Test-only; nothing
 * in the app imports it.
 */
import type { TestServer } from './harness.js';
import { gql } from './auth-helpers.js';
import { inDays, makeTour } from './booking-helpers.js';

const SAVE = `mutation($input: ParkFeeScheduleInput!) { saveParkFeeSchedule(input: $input) { schedule { id } } }`;

/**
 * Low season all year, VAT 18%. Serengeti: non-resident adult $70 (8260 cents with VAT), child $20
 * (2360), East African adult TZS 10,000 at 2,500 a dollar (472). Ngorongoro: non-resident adult
 * $60 (7080), child $10 (1180), nothing listed for East Africans.
 */
export const TEST_SCHEDULE = {
  name: 'Test fees',
  validFrom: inDays(-30),
  validTo: inDays(400),
  peakSeasons: [],
  vatPercent: 18,
  tzsPerUsd: 2500,
  areas: [
    {
      areaCode: 'SERENGETI_NP',
      areaName: 'Serengeti National Park',
      fees: [
        { kind: 'ENTRY_LOW', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 7000, currency: 'USD' },
        { kind: 'ENTRY_LOW', residency: 'NON_RESIDENT', ageBand: 'CHILD', amount: 2000, currency: 'USD' },
        { kind: 'ENTRY_LOW', residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', amount: 10000, currency: 'TZS' },
      ],
    },
    {
      areaCode: 'NGORONGORO_CA',
      areaName: 'Ngorongoro Conservation Area',
      fees: [
        { kind: 'ENTRY_LOW', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 6000, currency: 'USD' },
        { kind: 'ENTRY_LOW', residency: 'NON_RESIDENT', ageBand: 'CHILD', amount: 1000, currency: 'USD' },
      ],
    },
  ],
};

/** Saves TEST_SCHEDULE as the admin. */
export async function saveTestSchedule(s: TestServer, admin: string): Promise<void> {
  const r = await gql(s, SAVE, { input: TEST_SCHEDULE }, { token: admin });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
}

/** A 3-day group safari: two days in the Serengeti, the third in the Ngorongoro crater. */
export function makeParkTour(s: TestServer, title = 'Serengeti and Ngorongoro'): Promise<number> {
  return makeTour(s, {
    title,
    durationDays: 3,
    durationNights: 2,
    capacity: 200,
    itinerary: [
      { day: 1, title: 'Into the Serengeti', description: 'Game drive.', parkArea: 'SERENGETI_NP' },
      { day: 2, title: 'Central Serengeti', description: 'Game drive.', parkArea: 'SERENGETI_NP' },
      { day: 3, title: 'The crater', description: 'Crater floor.', parkArea: 'NGORONGORO_CA' },
    ],
  });
}
