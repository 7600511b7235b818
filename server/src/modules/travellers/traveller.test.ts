import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, book, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';
import { addDays, travellerDetailsDeadline } from '@tembea/schema';
import { queryRows, sql } from '../../common/sql.js';
import { PersonalDataEraser } from './personal-data-erasure.worker.js';

let s: TestServer;
let admin: string;
let tourId: number;
let owner: string;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  admin = await adminToken(s);
  tourId = await makeTour(s, { title: 'Serengeti and Ngorongoro', durationDays: 3, durationNights: 2, capacity: 200 });
  owner = (await signUpAndLogin(s)).accessToken;
});
afterAll(() => s?.stop());

const TRAVELLERS = `query($id: ID!) { bookingTravellers(bookingId: $id) { dueDate missing
  travellers { position fullName dateOfBirth nationality residency passportNumber dietaryNeeds notes erased } } }`;
const UPDATE = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) {
  bookingId travellers { missing travellers { position fullName passportNumber dateOfBirth } } } }`;

const AMANI = {
  fullName: 'Amani Mushi',
  dateOfBirth: '1985-03-14',
  nationality: 'Tanzanian',
  residency: 'EAST_AFRICAN_CITIZEN',
  passportNumber: 'ta 123-4567',
  dietaryNeeds: 'Vegetarian',
};
const NEEMA = { fullName: 'Neema Mushi', nationality: 'Tanzanian', residency: 'EAST_AFRICAN_CITIZEN' };

async function newBooking(token: string, over: Record<string, unknown> = {}): Promise<string> {
  const r = await book(s, token, request(tourId, { numberOfPeople: 3, name: 'Amani Mushi', ...over }));
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createBooking.booking.id as string;
}

describe('who travels on a booking', () => {
  it('starts with the lead traveller by the booking name, and says what is missing until when', async () => {
    const id = await newBooking(owner);
    const r = await gql(s, TRAVELLERS, { id }, { token: owner });
    expect(r.body.data.bookingTravellers).toEqual({
      dueDate: inDays(40 - 14),
      missing: [
        'Traveller 1: date of birth, nationality, residency',
        'Traveller 2: full name, date of birth, nationality, residency',
        'Traveller 3: full name, date of birth, nationality, residency',
      ],
      travellers: [
        {
          position: 1,
          fullName: 'Amani Mushi',
          dateOfBirth: null,
          nationality: null,
          residency: null,
          passportNumber: null,
          dietaryNeeds: null,
          notes: null,
          erased: false,
        },
      ],
    });
  });

  it('are named by the owner, and kept with the passport sealed at rest', async () => {
    const id = await newBooking(owner);
    const r = await gql(s, UPDATE, { id, travellers: [AMANI, NEEMA] }, { token: owner });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.updateTravellers.travellers).toEqual({
      missing: ['Traveller 2: date of birth', 'Traveller 3: full name, date of birth, nationality, residency'],
      travellers: [
        { position: 1, fullName: 'Amani Mushi', passportNumber: 'TA1234567', dateOfBirth: '1985-03-14' },
        { position: 2, fullName: 'Neema Mushi', passportNumber: null, dateOfBirth: null },
      ],
    });
    const read = await gql(s, TRAVELLERS, { id }, { token: admin });
    expect(read.body.data.bookingTravellers.travellers[0]).toMatchObject({
      passportNumber: 'TA1234567',
      dietaryNeeds: 'Vegetarian',
    });
    // No column of the row holds the passport number or the date of birth in plain text.
    const rows: { row: string }[] = await s.orm.em
      .fork()
      .getConnection()
      .execute(`select row_to_json(t)::text as row from booking_travellers t where booking_id = ?`, [Number(id)]);
    const stored = rows.map((x) => x.row).join('\n');
    expect(stored).toContain('Amani Mushi');
    expect(stored).not.toMatch(/TA1234567|1234567|1985-03-14/);
  });

  it('are hidden from another traveller, a partner and an anonymous caller', async () => {
    const id = await newBooking(owner);
    await gql(s, UPDATE, { id, travellers: [AMANI] }, { token: owner });
    const stranger = (await signUpAndLogin(s)).accessToken;
    for (const token of [stranger]) {
      expect((await gql(s, TRAVELLERS, { id }, { token })).body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await gql(s, UPDATE, { id, travellers: [NEEMA] }, { token })).body.errors[0].extensions.code).toBe(
        'NOT_FOUND',
      );
    }
    expect((await gql(s, TRAVELLERS, { id })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const { secret } = await createKey(s, admin, { partnerName: 'Arusha Agency', name: 'Test' });
    const partner = await keyGql(s, secret, TRAVELLERS, { id });
    expect(partner.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(JSON.stringify(partner.body)).not.toContain('TA1234567');
  });

  it('refuses bad details without echoing them, and more people than were booked', async () => {
    const id = await newBooking(owner);
    const bad = await gql(
      s,
      UPDATE,
      { id, travellers: [{ ...AMANI, passportNumber: 'X!9', dateOfBirth: '2099-01-01' }] },
      { token: owner },
    );
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
      'travellers.0.dateOfBirth',
      'travellers.0.passportNumber',
    ]);
    expect(JSON.stringify(bad.body)).not.toContain('X!9');
    const four = await gql(s, UPDATE, { id, travellers: [AMANI, NEEMA, NEEMA, NEEMA] }, { token: owner });
    expect(four.body.errors[0].message).toBe('This booking is for 3: name at most that many travellers');
    const none = await gql(s, UPDATE, { id, travellers: [] }, { token: owner });
    expect(none.body.errors[0].message).toBe('Name at least the lead traveller');
  });

  it('close for the traveller 14 days before departure, while an admin may still change them', async () => {
    const id = await newBooking(owner, { startDate: inDays(10) });
    // Booked a month ago: the usual deadline, 14 days before departure, has passed.
    await queryRows(
      s.orm.em.fork(),
      sql`update bookings set created_at = now() - interval '30 days' where id = ${Number(id)}`,
    );
    const late = await gql(s, UPDATE, { id, travellers: [AMANI] }, { token: owner });
    expect(late.body.errors[0]).toMatchObject({
      message: `Traveller details could be changed online until ${inDays(-4)}. Please contact us to change them.`,
      extensions: { code: 'CONFLICT' },
    });
    const byAdmin = await gql(s, UPDATE, { id, travellers: [AMANI] }, { token: admin });
    expect(byAdmin.body.errors).toBeUndefined();
  });

  it('stay open two days for a booking made after that deadline', async () => {
    const id = await newBooking(owner, { startDate: inDays(10) });
    const r = await gql(
      s,
      `mutation($id: ID!, $travellers: [TravellerInput!]!) {
        updateTravellers(bookingId: $id, travellers: $travellers) { travellers { dueDate } } }`,
      { id, travellers: [AMANI] },
      { token: owner },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.updateTravellers.travellers.dueDate).toBe(travellerDetailsDeadline(inDays(10), 14, inDays(0)));
    expect(r.body.data.updateTravellers.travellers.dueDate).toBe(inDays(2));
  });
});

describe('personal data after the trip', () => {
  it('is erased PERSONAL_DATA_RETENTION_DAYS (90) after the trip ends, keeping the names', async () => {
    const id = await newBooking(owner);
    await gql(s, UPDATE, { id, travellers: [AMANI, { ...NEEMA, dateOfBirth: '1990-01-01' }] }, { token: owner });
    const tripEnd = inDays(40 + 2);
    const on = (day: string) => new Date(`${day}T12:00:00Z`);
    const eraser = (day: string) =>
      new PersonalDataEraser(
        () => ({ em: s.orm.em.fork(), config: s.config }),
        () => on(day),
      );
    await eraser(addDays(tripEnd, 90)).flush();
    expect(
      (await gql(s, TRAVELLERS, { id }, { token: owner })).body.data.bookingTravellers.travellers[0],
    ).toMatchObject({
      passportNumber: 'TA1234567',
      erased: false,
    });
    await eraser(addDays(tripEnd, 91)).flush();
    const after = (await gql(s, TRAVELLERS, { id }, { token: admin })).body.data.bookingTravellers.travellers;
    expect(after.map((t: Record<string, unknown>) => [t.fullName, t.dateOfBirth, t.passportNumber, t.erased])).toEqual([
      ['Amani Mushi', null, null, true],
      ['Neema Mushi', null, null, true],
    ]);
  });

  it('is erased 90 days after a cancellation', async () => {
    const id = await newBooking(owner);
    await gql(s, UPDATE, { id, travellers: [AMANI] }, { token: owner });
    await gql(s, `mutation($id: ID!) { cancelMyBooking(id: $id) { __typename } }`, { id }, { token: owner });
    const later = new Date(Date.now() + 91 * 86_400_000);
    await new PersonalDataEraser(
      () => ({ em: s.orm.em.fork(), config: s.config }),
      () => later,
    ).flush();
    const t = (await gql(s, TRAVELLERS, { id }, { token: owner })).body.data.bookingTravellers.travellers[0];
    expect(t).toMatchObject({ fullName: 'Amani Mushi', passportNumber: null, erased: true });
  });
});
