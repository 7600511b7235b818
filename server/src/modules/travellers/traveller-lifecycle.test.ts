import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, book, inDays, makeTour, request } from '../../test/booking-helpers.js';
import { queryRows, sql } from '../../common/sql.js';
import { setLogLevel } from '../../common/logger.js';
import { makeParkTour } from '../../test/park-helpers.js';
import { TRAVELLER_REMINDER_LEAD_DAYS } from './traveller-reminder.service.js';

let s: TestServer;
let admin: string;
let tourId: number;

const UPDATE = `mutation($id: ID!, $travellers: [TravellerInput!]!) { updateTravellers(bookingId: $id, travellers: $travellers) { bookingId } }`;
const PASSPORT = 'TZ9876543';
const COMPLETE = {
  fullName: 'Amani Mushi',
  dateOfBirth: '1985-03-14',
  nationality: 'Tanzanian',
  residency: 'EAST_AFRICAN_CITIZEN',
  passportNumber: PASSPORT,
};
const SUBJECT = 'Traveller details needed by';

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, BOOKING_RATE_LIMIT: '1000' } });
  admin = await adminToken(s);
  tourId = await makeTour(s, { title: 'Tarangire Day Trip', capacity: 200 });
});
afterAll(() => s?.stop());

async function newBooking(token: string, over: Record<string, unknown>): Promise<string> {
  const r = await book(s, token, request(tourId, over));
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.createBooking.booking.id as string;
}

async function name(token: string, id: string, travellers: unknown[]): Promise<void> {
  const r = await gql(s, UPDATE, { id, travellers }, { token });
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
}

/** One pass of the payment schedule, which also sends the traveller details reminders, then the mail. */
async function runSchedule(at = new Date()): Promise<void> {
  await s.paymentSchedule.withClock(() => at).flush();
  await s.outbox.flush();
}

/** Every line written to stdout and stderr while `work` runs, at the info level. */
async function printedWhile(work: () => Promise<void>): Promise<string> {
  const printed: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    }),
  );
  setLogLevel('debug');
  try {
    await work();
  } finally {
    setLogLevel('error');
    for (const spy of spies) spy.mockRestore();
  }
  return printed.join('');
}

describe('the traveller details reminder', () => {
  it('goes once, a few days before the deadline, saying what is missing and until when', async () => {
    const me = await signUpAndLogin(s);
    const contact = `family.${Date.now()}@example.com`;
    // The deadline is 14 days before departure: this one's is 3 days away.
    const start = inDays(14 + 3);
    const id = await newBooking(me.accessToken, { startDate: start, numberOfPeople: 2, email: contact });
    await name(me.accessToken, id, [COMPLETE]);
    await runSchedule();
    const sent = mailsTo(s, contact).filter((m) => m.text.includes(SUBJECT));
    expect(sent).toHaveLength(1);
    const text = sent[0]!.text;
    expect(text).toContain(`Subject: ${SUBJECT} ${inDays(3)}: Tarangire Day Trip`);
    expect(text).toContain('Traveller 2: full name, date of birth, nationality, residency');
    expect(text).not.toContain('Traveller 1:');
    expect(text).toContain(`${s.config.publicUrl}/my-bookings`);
    expect(text).not.toContain(PASSPORT);
    // The account's own address gets its copy too; a second pass sends nothing more.
    expect(mailsTo(s, me.email).filter((m) => m.text.includes(SUBJECT))).toHaveLength(1);
    await runSchedule();
    expect(mailsTo(s, contact).filter((m) => m.text.includes(SUBJECT))).toHaveLength(1);
  });

  it('is not sent for a complete list, a cancelled booking, or a deadline still far off', async () => {
    const me = await signUpAndLogin(s);
    const complete = `complete.${Date.now()}@example.com`;
    const cancelled = `cancelled.${Date.now()}@example.com`;
    const early = `early.${Date.now()}@example.com`;
    const done = await newBooking(me.accessToken, { startDate: inDays(15), email: complete });
    await name(me.accessToken, done, [COMPLETE]);
    const gone = await newBooking(me.accessToken, { startDate: inDays(15), email: cancelled });
    await gql(
      s,
      `mutation($id: ID!) { cancelMyBooking(id: $id) { __typename } }`,
      { id: gone },
      { token: me.accessToken },
    );
    await newBooking(me.accessToken, { startDate: inDays(14 + TRAVELLER_REMINDER_LEAD_DAYS + 1), email: early });
    await runSchedule();
    for (const to of [complete, cancelled, early])
      expect(
        mailsTo(s, to).filter((m) => m.text.includes(SUBJECT)),
        to,
      ).toHaveLength(0);
    // The day the far one's reminder window opens, it goes.
    await runSchedule(new Date(Date.now() + 86_400_000));
    expect(mailsTo(s, early).filter((m) => m.text.includes(SUBJECT))).toHaveLength(1);
  });
});

describe("an account's data", () => {
  it('exports each booking with its travellers, passports and dates of birth opened', async () => {
    const me = await signUpAndLogin(s);
    const id = await newBooking(me.accessToken, { numberOfPeople: 2 });
    await name(me.accessToken, id, [COMPLETE, { fullName: 'Neema Mushi', nationality: 'Tanzanian' }]);
    const res = await api(s, 'GET', '/users/me/export', undefined, { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.account).toMatchObject({ id: String(me.id), email: me.email });
    expect(res.body.bookings).toHaveLength(1);
    expect(res.body.bookings[0]).toMatchObject({ id: String(id), numberOfPeople: 2 });
    expect(res.body.bookings[0].travellers).toMatchObject([
      { position: 1, fullName: 'Amani Mushi', dateOfBirth: '1985-03-14', passportNumber: PASSPORT },
      { position: 2, fullName: 'Neema Mushi', dateOfBirth: null, passportNumber: null },
    ]);
    // Only one's own: another account's export holds none of it; no account, no export.
    const other = await signUpAndLogin(s);
    const theirs = await api(s, 'GET', '/users/me/export', undefined, { token: other.accessToken });
    expect(theirs.body.bookings).toEqual([]);
    expect((await api(s, 'GET', '/users/me/export')).status).toBe(401);
  });

  it("deletion erases the travellers of the account's bookings, which stay for the records", async () => {
    const me = await signUpAndLogin(s);
    const id = await newBooking(me.accessToken, { numberOfPeople: 2 });
    await name(me.accessToken, id, [COMPLETE]);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          s.orm.em.fork(),
          sql`select count(*)::int n from booking_travellers where booking_id = ${Number(id)}`,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
    const r = await gql(s, `mutation { deleteAccount { deletedUserId } }`, {}, { token: me.accessToken });
    expect(r.body.errors).toBeUndefined();
    expect(await count()).toBe(0);
    const [kept] = await queryRows<{ id: number; user_id: number | null }>(
      s.orm.em.fork(),
      sql`select id, user_id from bookings where id = ${Number(id)}`,
    );
    expect(kept).toEqual({ id: Number(id), user_id: null });
  });
});

describe('logs', () => {
  it('never hold a passport number, through the manifest, the permit list, the export and the reminder', async () => {
    const me = await signUpAndLogin(s);
    const start = inDays(16);
    const parkTourId = await makeParkTour(s, 'Serengeti Log Check');
    const r = await book(s, me.accessToken, request(parkTourId, { startDate: start, numberOfPeople: 2 }));
    const id = r.body.data.createBooking.booking.id as string;
    const printed = await printedWhile(async () => {
      await name(me.accessToken, id, [COMPLETE]);
      // A refused passport is not echoed either.
      await gql(
        s,
        UPDATE,
        { id, travellers: [{ ...COMPLETE, passportNumber: 'ZZ!12345' }] },
        { token: me.accessToken },
      );
      const query = `tourId=${parkTourId}&date=${start}`;
      for (const path of [`/bookings/admin/manifest?${query}`, `/bookings/admin/permits?${query}&format=csv`]) {
        const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${admin}` } });
        expect(await res.text()).toContain(PASSPORT);
      }
      expect((await api(s, 'GET', '/users/me/export', undefined, { token: me.accessToken })).status).toBe(200);
      await runSchedule();
    });
    expect(printed).toContain('"msg"');
    expect(printed).not.toContain(PASSPORT);
    expect(printed).not.toContain('9876543');
    expect(printed).not.toContain('ZZ!12345');
    expect(printed).not.toContain('1985-03-14');
  });
});
