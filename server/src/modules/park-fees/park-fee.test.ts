import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken } from '../../test/booking-helpers.js';
import { feeYearOf } from '../../db/seed/sample-park-fees.js';
import { travellerToday } from '@tembea/schema';

// The demo seeds sample schedules for the fee year holding today and the next one (1 July to 30
// June): `Y` is the first. Next season, entered ahead here, is the year after both.
const Y = feeYearOf(travellerToday());
const season = (year: number) => `${year}/${String((year + 1) % 100).padStart(2, '0')}`;
const NEXT = season(Y + 2);
/** A peak-season day inside the second sample year: always ahead, and within the booking horizon. */
const PEAK_DAY = `${Y + 2}-01-10`;

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: true, env: ADMIN_ENV });
  admin = await adminToken(s);
});
afterAll(() => s?.stop());

const SCHEDULES = `{ parkFeeSchedules { id name validFrom validTo } }`;
const SCHEDULE = `query($id: ID, $on: String) { parkFeeSchedule(id: $id, activeOn: $on) {
  id name validFrom validTo peakSeasons { from to } vatPercent tzsPerUsd
  areas { areaCode areaName fees { kind residency ageBand amount currency } } } }`;
const SAVE = `mutation($input: ParkFeeScheduleInput!) { saveParkFeeSchedule(input: $input) {
  schedule { id name validFrom validTo vatPercent areas { areaCode fees { kind residency ageBand amount currency } } } } }`;

const NEXT_SEASON = {
  name: NEXT,
  validFrom: `${Y + 2}-07-01`,
  validTo: `${Y + 3}-06-30`,
  peakSeasons: [{ from: '05-16', to: '03-14' }],
  vatPercent: 18,
  tzsPerUsd: 2650,
  areas: [
    {
      areaCode: 'serengeti_np',
      areaName: 'Serengeti National Park',
      fees: [
        { kind: 'ENTRY_PEAK', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 8000, currency: 'USD' },
        { kind: 'ENTRY_LOW', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 7000, currency: 'USD' },
        { kind: 'ENTRY_PEAK', residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', amount: 12000, currency: 'TZS' },
      ],
    },
  ],
};

describe('park fee schedules', () => {
  it('come with the demo catalogue as a sample anyone can read, labelled as such', async () => {
    const res = await gql(s, SCHEDULE, { on: `${Y}-12-01` });
    expect(res.body.errors).toBeUndefined();
    const sample = res.body.data.parkFeeSchedule;
    expect(sample.name).toBe(`Sample ${season(Y)}: check every fee against the parks’ published tariffs`);
    expect(sample.areas.map((a: { areaCode: string }) => a.areaCode)).toContain('SERENGETI_NP');
    expect(sample.areas[0].fees).toContainEqual({
      kind: 'ENTRY_PEAK',
      residency: 'NON_RESIDENT',
      ageBand: 'ADULT',
      amount: 7000,
      currency: 'USD',
    });
    expect((await gql(s, SCHEDULE, { on: `${Y + 2}-07-01` })).body.data.parkFeeSchedule).toBeNull();
    expect((await gql(s, SCHEDULE, { on: '1 Dec' })).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql(s, SCHEDULE, {})).body.errors[0].message).toBe('Give either id or activeOn');
  });

  it("lets an admin enter next season's fees ahead of time and correct them later", async () => {
    const saved = await gql(s, SAVE, { input: NEXT_SEASON }, { token: admin });
    expect(saved.body.errors).toBeUndefined();
    const schedule = saved.body.data.saveParkFeeSchedule.schedule;
    expect(schedule).toMatchObject({ name: NEXT, validFrom: `${Y + 2}-07-01`, vatPercent: 18 });
    expect(schedule.areas[0].areaCode).toBe('SERENGETI_NP');
    const corrected = await gql(
      s,
      SAVE,
      { input: { ...NEXT_SEASON, id: schedule.id, name: `${NEXT} (corrected)`, vatPercent: 18 } },
      { token: admin },
    );
    expect(corrected.body.data.saveParkFeeSchedule.schedule).toMatchObject({
      id: schedule.id,
      name: `${NEXT} (corrected)`,
    });
    expect((await gql(s, SCHEDULE, { on: `${Y + 2}-08-01` })).body.data.parkFeeSchedule.name).toBe(
      `${NEXT} (corrected)`,
    );
    expect((await gql(s, SCHEDULE, { id: schedule.id })).body.data.parkFeeSchedule.name).toBe(`${NEXT} (corrected)`);
    const all = (await gql(s, SCHEDULES)).body.data.parkFeeSchedules;
    expect(all.map((x: { validFrom: string }) => x.validFrom)).toEqual([
      `${Y + 2}-07-01`,
      `${Y + 1}-07-01`,
      `${Y}-07-01`,
    ]);
  });

  it('refuses a schedule with problems, naming each field, and a second schedule starting the same day', async () => {
    const bad = await gql(
      s,
      SAVE,
      { input: { ...NEXT_SEASON, validFrom: `${Y + 3}-07-01`, validTo: `${Y + 3}-01-01`, vatPercent: 180 } },
      { token: admin },
    );
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'validTo',
      'vatPercent',
    ]);
    const clash = await gql(s, SAVE, { input: { ...NEXT_SEASON, name: 'Duplicate' } }, { token: admin });
    expect(clash.body.errors[0]).toMatchObject({
      message: `The schedule '${NEXT} (corrected)' already starts on ${Y + 2}-07-01: edit that one`,
      extensions: { code: 'CONFLICT' },
    });
    const missing = await gql(s, SAVE, { input: { ...NEXT_SEASON, id: '999999' } }, { token: admin });
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses control characters, overlong names, impossible season days and an exchange rate out of bounds', async () => {
    const input = { ...NEXT_SEASON, validFrom: `${Y + 6}-07-01`, validTo: `${Y + 7}-06-30` };
    const area = NEXT_SEASON.areas[0]!;
    for (const [change, field, message] of [
      [{ name: '\u0000' }, 'name', 'The schedule name must not contain control characters'],
      [{ name: 'a\u0007b' }, 'name', 'The schedule name must not contain control characters'],
      [{ name: 'x'.repeat(10_000) }, 'name', 'The schedule name must be at most 100 characters'],
      [
        { areas: [{ ...area, areaName: '\u0000' }] },
        'areas.0.areaName',
        'The area name must not contain control characters',
      ],
      [{ peakSeasons: [{ from: '02-30', to: '02-31' }] }, 'peakSeasons.0', '02-30 is not a day of the year (MM-DD)'],
      [{ tzsPerUsd: 1e308 }, 'tzsPerUsd', 'The exchange rate must be between 100 and 100,000 shillings per dollar'],
    ] as const) {
      const r = await gql(s, SAVE, { input: { ...input, ...change } }, { token: admin });
      expect(r.body.errors?.[0], field).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message }] },
      });
    }
    expect((await gql(s, SCHEDULE, { on: `${Y + 6}-07-01` })).body.data.parkFeeSchedule).toBeNull();
    const ok = await gql(
      s,
      SAVE,
      { input: { ...input, name: 'n'.repeat(100), peakSeasons: [{ from: '02-29', to: '03-14' }], tzsPerUsd: 2650 } },
      { token: admin },
    );
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.saveParkFeeSchedule.schedule.name).toBe('n'.repeat(100));
  });

  it('is saved by admins only', async () => {
    const traveller = (await signUpAndLogin(s)).accessToken;
    const input = { ...NEXT_SEASON, validFrom: `${Y + 4}-07-01`, validTo: `${Y + 5}-06-30` };
    expect((await gql(s, SAVE, { input }, { token: traveller })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, SAVE, { input })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('park days of a tour', () => {
  const TOUR = `query($id: ID!) { tour(id: $id) { title itinerary { day parkArea overnight } } }`;
  const TOURS = `{ tours(first: 100) { nodes { id title } } }`;

  it('say where each day of a demo safari is spent and which nights are inside a park', async () => {
    const tours = (await gql(s, TOURS)).body.data.tours.nodes as { id: string; title: string }[];
    const safari = tours.find((t) => t.title === 'Serengeti Great Migration Safari')!;
    const r = await gql(s, TOUR, { id: safari.id });
    expect(
      r.body.data.tour.itinerary.map((d: { parkArea: string | null; overnight: string | null }) => [
        d.parkArea,
        d.overnight,
      ]),
    ).toEqual([
      ['TARANGIRE_NP', null],
      ['SERENGETI_NP', 'CONCESSION'],
      ['SERENGETI_NP', 'CONCESSION'],
      ['SERENGETI_NP', 'CONCESSION'],
      ['SERENGETI_NP', 'CONCESSION'],
      ['NGORONGORO_CA', 'CONCESSION'],
      ['NGORONGORO_CA', null],
    ]);
  });

  it('are checked when an admin edits the itinerary', async () => {
    const tours = (await gql(s, TOURS)).body.data.tours.nodes as { id: string; title: string }[];
    const id = tours[0]!.id;
    const bad = await gql(
      s,
      `mutation($id: ID!, $input: TourInput!) { updateTour(id: $id, input: $input) { __typename } }`,
      {
        id,
        input: {
          itinerary: [
            { day: 1, title: 'Serengeti', parkArea: 'serengeti national park' },
            { day: 2, title: 'Out', overnight: 'CAMPING' },
          ],
        },
      },
      { token: admin },
    );
    expect(bad.body.errors[0].extensions.fields).toEqual([
      { field: 'itinerary.0.parkArea', message: 'Day 1: a park area is a code such as SERENGETI_NP' },
      { field: 'itinerary.1.overnight', message: "Day 2: a night in a park needs the day's park area" },
    ]);
  });
});

describe('the quote with park fees', () => {
  // No tier named: each tour's first, whichever it offers.
  const QUOTE = `query($tourId: ID!, $start: String!, $people: Int!, $party: [PartyGroupInput!]) {
    quote(tourId: $tourId, startDate: $start, numberOfPeople: $people, bookingType: "group", tier: "", party: $party) {
      total parkFees { partyAssumed netCents vatCents totalCents areas { areaCode totalCents }
        items { areaCode kind season residency ageBand count unitCents totalCents } unpricedDays { date areaCode } } } }`;
  const tourNamed = async (title: string) =>
    (
      (await gql(s, `{ tours(first: 100) { nodes { id title } } }`)).body.data.tours.nodes as {
        id: string;
        title: string;
      }[]
    ).find((t) => t.title === title)!.id;

  it('itemises the park fees of a family on a Tarangire safari, by residency and age on the day', async () => {
    const tourId = await tourNamed('Tarangire Elephants & Baobabs Safari');
    const party = [
      { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 2 },
      { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
    ];
    const r = await gql(s, QUOTE, { tourId, start: PEAK_DAY, people: 3, party });
    expect(r.body.errors).toBeUndefined();
    const fees = r.body.data.quote.parkFees;
    // Sample fees, peak season: $50 a day for an adult, $20 for a child, concession $60 and $10 a night, 18% VAT.
    expect(fees.items).toEqual([
      {
        areaCode: 'TARANGIRE_NP',
        kind: 'ENTRY',
        season: 'PEAK',
        residency: 'NON_RESIDENT',
        ageBand: 'ADULT',
        count: 6,
        unitCents: 5900,
        totalCents: 35400,
      },
      {
        areaCode: 'TARANGIRE_NP',
        kind: 'CONCESSION',
        season: 'PEAK',
        residency: 'NON_RESIDENT',
        ageBand: 'ADULT',
        count: 4,
        unitCents: 7080,
        totalCents: 28320,
      },
      {
        areaCode: 'TARANGIRE_NP',
        kind: 'ENTRY',
        season: 'PEAK',
        residency: 'NON_RESIDENT',
        ageBand: 'CHILD',
        count: 3,
        unitCents: 2360,
        totalCents: 7080,
      },
      {
        areaCode: 'TARANGIRE_NP',
        kind: 'CONCESSION',
        season: 'PEAK',
        residency: 'NON_RESIDENT',
        ageBand: 'CHILD',
        count: 2,
        unitCents: 1180,
        totalCents: 2360,
      },
    ]);
    expect(fees).toMatchObject({ partyAssumed: false, totalCents: 73160, unpricedDays: [] });
    expect(fees.netCents + fees.vatCents).toBe(fees.totalCents);
  });

  it('prices non-resident adults when no party is given, says so, and lists days no schedule covers', async () => {
    const tourId = await tourNamed('Lake Manyara Flamingos & Tree-Climbing Lions');
    const priced = (await gql(s, QUOTE, { tourId, start: `${Y + 1}-12-20`, people: 2 })).body.data.quote.parkFees;
    expect(priced).toMatchObject({ partyAssumed: true, totalCents: 2 * 5900 });
    // Next season's schedule, entered above, names Serengeti only: a Lake Manyara day in it is unpriced.
    const later = (await gql(s, QUOTE, { tourId, start: `${Y + 2}-07-01`, people: 2 })).body.data.quote.parkFees;
    expect(later).toMatchObject({
      totalCents: 0,
      unpricedDays: [{ date: `${Y + 2}-07-01`, areaCode: 'LAKE_MANYARA_NP' }],
    });
  });

  it('refuses a party that does not add up, and has no park fees for a beach stay', async () => {
    const tourId = await tourNamed('Tarangire Elephants & Baobabs Safari');
    const party = [{ residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', count: 1 }];
    const r = await gql(s, QUOTE, { tourId, start: PEAK_DAY, people: 3, party });
    expect(r.body.errors[0]).toMatchObject({
      message: 'The party counts 1 people; the booking is for 3',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // A negative group of a kind cannot cancel out another of the same kind.
    const offset = [
      { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: -1 },
      { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 3 },
    ];
    const negative = await gql(s, QUOTE, { tourId, start: PEAK_DAY, people: 2, party: offset });
    expect(negative.body.errors[0]).toMatchObject({
      message: 'Each count in the party must be a whole number, 0 or more',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const beach = await tourNamed('Nungwi Beach Escape, Zanzibar');
    expect((await gql(s, QUOTE, { tourId: beach, start: PEAK_DAY, people: 1 })).body.data.quote.parkFees).toBeNull();
  });
});
