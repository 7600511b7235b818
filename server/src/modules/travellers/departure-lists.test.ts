import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CANCEL, adminToken, book, inDays, request } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { makeParkTour, saveTestSchedule } from '../../test/park-helpers.js';

let s: TestServer;
let admin: string;
let owner: string;
let tourId: number;
const start = inDays(40);
// Neema is 12 on every day of the trip, whatever day the tests run.
const NEEMA_BORN = `${Number(start.slice(0, 4)) - 12}-01-01`;
let familyId: string;
let soloId: string;

const UPDATE = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) { bookingId } }`;
const PERMITS = `query($tourId: ID!, $date: String!) { permitList(tourId: $tourId, date: $date) {
  tourId tourTitle startDate totalCents assumedCount
  areas { areaCode areaName totalCents } days { date areaCode areaName priced totalCents }
  travellers { bookingId bookingReference position fullName nationality residency passportNumber assumed ageBands feesCents totalCents } } }`;

async function newBooking(token: string, over: Record<string, unknown>): Promise<string> {
  const r = await book(s, token, request(tourId, { startDate: start, ...over }));
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createBooking.booking.id as string;
}

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, BOOKING_RATE_LIMIT: '1000' } });
  admin = await adminToken(s);
  owner = (await signUpAndLogin(s)).accessToken;
  await saveTestSchedule(s, admin);
  tourId = await makeParkTour(s);
  // A family of three, two of them named; a traveller on their own who has named nobody; and a
  // cancelled booking, which travels no more.
  familyId = await newBooking(owner, { name: 'Amani Mushi', numberOfPeople: 3, notes: 'Honeymoon' });
  const named = await gql(
    s,
    UPDATE,
    {
      id: familyId,
      travellers: [
        {
          fullName: 'Amani Mushi',
          dateOfBirth: '1985-03-14',
          nationality: 'Tanzanian',
          residency: 'EAST_AFRICAN_CITIZEN',
          passportNumber: 'TA1234567',
          dietaryNeeds: 'Vegetarian',
        },
        {
          fullName: 'Neema Mushi',
          dateOfBirth: NEEMA_BORN,
          nationality: 'German',
          residency: 'NON_RESIDENT',
          notes: 'Afraid of heights',
        },
      ],
    },
    { token: owner },
  );
  if (named.body.errors) throw new Error(JSON.stringify(named.body.errors));
  soloId = await newBooking(owner, { name: 'Baraka Kimaro', numberOfPeople: 1 });
  const gone = await newBooking(owner, { name: 'Chausiku Cancelled', numberOfPeople: 2 });
  await gql(s, CANCEL, { id: gone }, { token: admin });
});
afterAll(() => s?.stop());

describe('the departure manifest', () => {
  it('lists every person booked, passports opened for the admin, and a line for each not yet named', async () => {
    const res = await fetch(`${s.url}/api/bookings/admin/manifest?tourId=${tourId}&date=${start}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    expect(header).toBe(
      '"Booking","Status","Name","Email","Phone","People","Booking type","Tier","Start","End","Special requests",' +
        '"Reference","Traveller","Traveller name","Nationality","Residency","Date of birth","Passport","Dietary needs","Traveller notes"',
    );
    expect(lines).toHaveLength(4);
    const cells = lines.map((l) => l.slice(1, -1).split('","'));
    // The booking's own columns keep their meaning: the contact who booked, on every line of the booking.
    expect(cells.map((c) => [c[0], c[2], c[5], c[12], c[13]])).toEqual([
      [familyId, 'Amani Mushi', '3', '1 of 3', 'Amani Mushi'],
      [familyId, 'Amani Mushi', '3', '2 of 3', 'Neema Mushi'],
      [familyId, 'Amani Mushi', '3', '3 of 3', 'details not yet given'],
      [soloId, 'Baraka Kimaro', '1', '1 of 1', 'Baraka Kimaro'],
    ]);
    expect(cells[0]!.slice(14)).toEqual([
      'Tanzanian',
      'East African citizen',
      '1985-03-14',
      'TA1234567',
      'Vegetarian',
      '',
    ]);
    expect(cells[0]![10]).toBe('Honeymoon');
    expect(cells[0]![11]).toMatch(/^TB-/);
    expect(cells[1]!.slice(14)).toEqual(['German', 'Non-resident', NEEMA_BORN, '', '', 'Afraid of heights']);
    expect(cells[2]!.slice(14)).toEqual(['', '', '', '', '', '']);
  });
});

describe('the permit list for the park gates', () => {
  it('lists each area and day with everyone, their age band on the day and their fees', async () => {
    const r = await gql(s, PERMITS, { tourId: String(tourId), date: start }, { token: admin });
    expect(r.body.errors).toBeUndefined();
    const list = r.body.data.permitList;
    expect(list).toMatchObject({
      tourId: String(tourId),
      tourTitle: 'Serengeti and Ngorongoro',
      startDate: start,
      assumedCount: 2,
    });
    const day = (n: number) => inDays(40 + n - 1);
    expect(list.days).toEqual([
      { date: day(1), areaCode: 'SERENGETI_NP', areaName: 'Serengeti National Park', priced: true, totalCents: 19352 },
      { date: day(2), areaCode: 'SERENGETI_NP', areaName: 'Serengeti National Park', priced: true, totalCents: 19352 },
      {
        date: day(3),
        areaCode: 'NGORONGORO_CA',
        areaName: 'Ngorongoro Conservation Area',
        priced: true,
        totalCents: 1180 + 7080 + 7080,
      },
    ]);
    expect(list.areas).toEqual([
      { areaCode: 'SERENGETI_NP', areaName: 'Serengeti National Park', totalCents: 2 * 19352 },
      { areaCode: 'NGORONGORO_CA', areaName: 'Ngorongoro Conservation Area', totalCents: 15340 },
    ]);
    expect(list.totalCents).toBe(2 * 19352 + 15340);
    const [amani, neema, unnamed, baraka] = list.travellers;
    expect(list.travellers).toHaveLength(4);
    expect(amani).toMatchObject({
      bookingId: familyId,
      position: 1,
      fullName: 'Amani Mushi',
      nationality: 'Tanzanian',
      residency: 'EAST_AFRICAN_CITIZEN',
      passportNumber: 'TA1234567',
      assumed: false,
      ageBands: ['ADULT', 'ADULT', 'ADULT'],
      // Shillings at the schedule's rate, with VAT; Ngorongoro lists no East African fee.
      feesCents: [472, 472, 0],
      totalCents: 944,
    });
    expect(amani.bookingReference).toMatch(/^TB-/);
    expect(neema).toMatchObject({
      fullName: 'Neema Mushi',
      ageBands: ['CHILD', 'CHILD', 'CHILD'],
      assumed: false,
      feesCents: [2360, 2360, 1180],
    });
    // Nobody named yet: priced as a non-resident adult, and said to be assumed.
    expect(unnamed).toMatchObject({
      position: 3,
      fullName: null,
      residency: 'NON_RESIDENT',
      ageBands: ['ADULT', 'ADULT', 'ADULT'],
      assumed: true,
      feesCents: [8260, 8260, 7080],
    });
    expect(baraka).toMatchObject({ bookingId: soloId, fullName: 'Baraka Kimaro', assumed: true, totalCents: 23600 });
  });

  it('downloads as CSV, a line per area, day and person', async () => {
    const res = await fetch(`${s.url}/api/bookings/admin/permits?tourId=${tourId}&date=${start}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="permits-tour-${tourId}-${start}.csv"`);
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    expect(header).toBe(
      '"Area","Area code","Date","Booking","Reference","Traveller","Name","Nationality","Residency","Age band","Passport","Assumed","Fee with VAT (USD)"',
    );
    expect(lines).toHaveLength(3 * 4);
    expect(lines[0]).toMatch(
      new RegExp(
        `^"Serengeti National Park","SERENGETI_NP","${start}","${familyId}","TB-\\w+","1","Amani Mushi","Tanzanian","East African citizen","Adult \\(16 and over\\)","TA1234567","no","4.72"$`,
      ),
    );
    expect(lines[2]).toContain('"details not yet given"');
    expect(lines[2]).toContain('"yes: details not yet given","82.60"');
    expect(lines[9]).toContain('"Ngorongoro Conservation Area","NGORONGORO_CA"');
    expect(lines[9]).toContain('"Child (5–15)","","no","11.80"');
    expect(lines[8]).toMatch(/"Amani Mushi",.*"no","0.00"$/);
    const json = await api(s, 'GET', `/bookings/admin/permits?tourId=${tourId}&date=${start}`, undefined, {
      token: admin,
    });
    expect(json.body.permitList.totalCents).toBe(2 * 19352 + 15340);
    // Ids as text, as GraphQL's permitList and every other answer give them.
    expect(json.body.permitList.tourId).toBe(String(tourId));
    for (const t of json.body.permitList.travellers) expect(typeof t.bookingId).toBe('string');
    const bad = await api(s, 'GET', `/bookings/admin/permits?tourId=${tourId}&date=${start}&format=pdf`, undefined, {
      token: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('is refused to travellers, partner keys and anonymous callers', async () => {
    const vars = { tourId: String(tourId), date: start };
    expect((await gql(s, PERMITS, vars, { token: owner })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(s, PERMITS, vars)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const { secret } = await createKey(s, admin, { partnerName: 'Arusha Agency', name: 'Gates' });
    const partner = await keyGql(s, secret, PERMITS, vars);
    expect(partner.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(partner.body)).not.toContain('TA1234567');
    const path = `/api/bookings/admin/permits?tourId=${tourId}&date=${start}&format=csv`;
    expect((await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(403);
    expect((await fetch(`${s.url}${path}`, { headers: { authorization: `ApiKey ${secret}` } })).status).toBe(403);
    expect((await fetch(`${s.url}${path}`)).status).toBe(401);
    const manifest = await fetch(`${s.url}/api/bookings/admin/manifest?tourId=${tourId}&date=${start}`, {
      headers: { authorization: `ApiKey ${secret}` },
    });
    expect(manifest.status).toBe(403);
  });

  it('prices the people not yet described from the party the booking was quoted for', async () => {
    const day = inDays(41);
    const r = await book(
      s,
      owner,
      request(tourId, {
        startDate: day,
        name: 'Daudi Swai',
        numberOfPeople: 2,
        party: [
          { residency: 'NON_RESIDENT', ageBand: 'ADULT', count: 1 },
          { residency: 'NON_RESIDENT', ageBand: 'CHILD', count: 1 },
        ],
      }),
    );
    expect(r.body.errors).toBeUndefined();
    const list = (await gql(s, PERMITS, { tourId: String(tourId), date: day }, { token: admin })).body.data.permitList;
    expect(list.travellers.map((t: any) => [t.fullName, t.residency, t.ageBands[0], t.assumed, t.feesCents])).toEqual([
      ['Daudi Swai', 'NON_RESIDENT', 'ADULT', true, [8260, 8260, 7080]],
      [null, 'NON_RESIDENT', 'CHILD', true, [2360, 2360, 1180]],
    ]);
  });

  it('answers a bad tour or date with BAD_USER_INPUT and an unknown tour with NOT_FOUND', async () => {
    const bad = await gql(s, PERMITS, { tourId: 'x', date: 'soon' }, { token: admin });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const unknown = await gql(s, PERMITS, { tourId: '999999', date: start }, { token: admin });
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
