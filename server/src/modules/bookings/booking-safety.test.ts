import { addDays, addMonths, NAME_RULE, NOTES_LINK_RULE, travellerToday } from '@tembea/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, mails, signUpAndLogin } from '../../test/auth-helpers.js';
import {
  ADMIN_ENV,
  CONFIRM,
  adminToken,
  book,
  bookRest,
  inDays,
  makeTour,
  request,
} from '../../test/booking-helpers.js';
import { DEPARTURE_CLOSED } from './departure.service.js';

// Bookings refuse what would let a booker misuse them: mails that relay the booker's text to any
// address, a private booking on a closed date, trips of any length or years ahead, and manifests
// that a spreadsheet would run as formulas.

const HORIZON_MONTHS = 12;
let s: TestServer;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, BOOKING_HORIZON_MONTHS: String(HORIZON_MONTHS) } });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

/** The saved mails with this subject sent to this address (its To: header, not its Reply-To:). */
function mailsOf(to: string, subject: string) {
  return mails(s).filter(
    (m) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.text) && m.text.includes(subject),
  );
}

describe('booking mails are no relay', () => {
  it("mails the contact address and the account's own, and tells the contact address which account booked", async () => {
    const tourId = await makeTour(s, { title: 'Usambara Mountains Walk' });
    const friend = `friend.${Date.now()}@example.com`;
    const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { email: friend, name: 'Nkosi-Mbeki' }));
    expect(r.status).toBe(201);
    await s.outbox.flush();
    const subject = 'Booking request received: Usambara Mountains Walk';
    const [toFriend] = mailsOf(friend, subject);
    const [toAccount] = mailsOf(traveller.email, subject);
    expect(toFriend?.text).toContain(`This booking was made with the Tembea account ${traveller.email}.`);
    expect(toAccount?.text).toContain(`A copy of this mail went to ${friend}`);
    expect(mailsOf(friend, subject)).toHaveLength(1);

    // Every status mail of the booking reaches the account too.
    expect((await gql(s, CONFIRM, { id: r.body.bookingId }, { token: admin })).body.errors).toBeUndefined();
    await s.outbox.flush();
    const confirmed = 'Your booking is Confirmed: Usambara Mountains Walk';
    expect(mailsOf(friend, confirmed)[0]?.text).toContain(`Tembea account ${traveller.email}`);
    expect(mailsOf(traveller.email, confirmed)).toHaveLength(1);
  });

  it("sends a single mail when the contact address is the account's own", async () => {
    const me = await signUpAndLogin(s);
    const tourId = await makeTour(s, { title: 'Pemba Island Dives' });
    expect((await bookRest(s, me.accessToken, tourId, request(tourId, { email: me.email.toUpperCase() }))).status).toBe(
      201,
    );
    await s.outbox.flush();
    const got = mailsOf(me.email, 'Booking request received: Pemba Island Dives');
    expect(got).toHaveLength(1);
    expect(got[0]!.text).not.toContain('Tembea account');
  });

  it('refuses a name or special requests that carry a link, with a clear message; accented and hyphenated names pass', async () => {
    const tourId = await makeTour(s);
    for (const name of ['Win $500 at evil.com', 'https://evil.example', 'Claim www.prize', 'Neema <a href=x>']) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { name }));
      expect(r.status, name).toBe(400);
      expect(r.body).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'name', message: NAME_RULE }] });
    }
    const viaGql = await book(s, traveller.accessToken, request(tourId, { name: 'Visit pay-here.co.tz' }));
    expect(viaGql.body.errors[0]).toMatchObject({ message: NAME_RULE, extensions: { code: 'BAD_USER_INPUT' } });
    for (const notes of [
      'Details at https://evil.example/x',
      'see www.evil.example',
      'write to me at x@evil.example',
    ]) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { notes }));
      expect(r.status, notes).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'notes', message: NOTES_LINK_RULE }]);
    }
    for (const name of ['José', 'Nkosi-Mbeki', "O'Neil", 'Dr. Ama', 'Zoë Ñandú']) {
      const r = await bookRest(
        s,
        traveller.accessToken,
        tourId,
        request(tourId, { name, notes: 'e.g. no nuts; arrive 9.30am' }),
      );
      expect(r.status, name).toBe(201);
      expect(r.body.booking.name).toBe(name);
    }
  });
});

describe('a closed departure', () => {
  it('takes no booking of any type: a private one is refused like a group one (409)', async () => {
    const tourId = await makeTour(s, { capacity: 8 });
    const day = inDays(50);
    const ADD = `mutation($t: ID!, $d: String!) { addDeparture(tourId: $t, startDate: $d, capacity: 8) { departure { id } } }`;
    const CLOSE = `mutation($id: ID!) { updateDeparture(id: $id, closed: true) { departure { status } } }`;
    const dep = (await gql(s, ADD, { t: String(tourId), d: day }, { token: admin })).body.data.addDeparture.departure;
    expect((await gql(s, CLOSE, { id: dep.id }, { token: admin })).body.data.updateDeparture.departure.status).toBe(
      'CLOSED',
    );
    for (const bookingType of ['group', 'private']) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { startDate: day, bookingType }));
      expect(r.status, bookingType).toBe(409);
      expect(r.body).toMatchObject({ code: 'CONFLICT', message: DEPARTURE_CLOSED });
    }
    const viaGql = await book(s, traveller.accessToken, request(tourId, { startDate: day, bookingType: 'private' }));
    expect(viaGql.body.errors[0]).toMatchObject({ message: DEPARTURE_CLOSED, extensions: { code: 'CONFLICT' } });
    // Another date of the tour still takes a private booking.
    expect(
      (
        await bookRest(
          s,
          traveller.accessToken,
          tourId,
          request(tourId, { startDate: inDays(51), bookingType: 'private' }),
        )
      ).status,
    ).toBe(201);
  });
});

describe("a trip's dates", () => {
  const QUOTE = `query($t: ID!, $d: String!) { quote(tourId: $t, startDate: $d, numberOfPeople: 1, bookingType: "group", tier: "Budget") { total earlyBird } }`;

  it("end on the start plus the tour's nights: another end is refused, none is filled in", async () => {
    const tourId = await makeTour(s, { title: 'Kilimanjaro Machame', durationDays: 7, durationNights: 6, price: 2000 });
    const start = inDays(40);
    const far = await bookRest(
      s,
      traveller.accessToken,
      tourId,
      request(tourId, { startDate: start, endDate: '9999-12-31' }),
    );
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual([
      { field: 'endDate', message: `End date must be ${addDays(start, 6)}: this tour lasts 7 days` },
    ]);
    const short = await book(s, traveller.accessToken, request(tourId, { startDate: start, endDate: start }));
    expect(short.body.errors[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: `End date must be ${addDays(start, 6)}: this tour lasts 7 days`,
    });
    const given = await book(
      s,
      traveller.accessToken,
      request(tourId, { startDate: start, endDate: addDays(start, 6) }),
    );
    expect(given.body.data.createBooking.booking).toMatchObject({ startDate: start, endDate: addDays(start, 6) });
    const filled = await bookRest(s, traveller.accessToken, tourId, request(tourId, { startDate: start }));
    expect(filled.body.booking).toMatchObject({ startDate: start, endDate: addDays(start, 6) });
  });

  it('start within the booking horizon, for a booking and for its quote (no early bird years ahead)', async () => {
    const tourId = await makeTour(s, { durationDays: 7, durationNights: 6, price: 2000 });
    const latest = addMonths(travellerToday(), HORIZON_MONTHS);
    const message = `Start date can be at most ${HORIZON_MONTHS} months ahead (${latest} at the latest)`;
    for (const startDate of ['9999-01-01', addDays(latest, 1)]) {
      const r = await bookRest(s, traveller.accessToken, tourId, request(tourId, { startDate }));
      expect(r.status, startDate).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'startDate', message }]);
      const q = await gql(s, QUOTE, { t: String(tourId), d: startDate });
      expect(q.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(q.body.errors[0].message).toContain(message);
    }
    // The last day of the horizon itself is bookable (inside the one day a traveller's today may lag UTC).
    const last = addDays(latest, -1);
    expect((await gql(s, QUOTE, { t: String(tourId), d: last })).body.data.quote).toMatchObject({ earlyBird: true });
    expect((await bookRest(s, traveller.accessToken, tourId, request(tourId, { startDate: last }))).status).toBe(201);
  });
});

describe('the departure manifest', () => {
  const manifest = (query: string) =>
    fetch(`${s.url}/api/bookings/admin/manifest?${query}`, { headers: { authorization: `Bearer ${admin}` } });

  it('quotes every field, defuses a formula after any separator, and leaves phone numbers as they are', async () => {
    const tourId = await makeTour(s, { title: 'Selous Boat Safari' });
    const day = inDays(45);
    await book(
      s,
      traveller.accessToken,
      request(tourId, {
        startDate: day,
        name: 'Amani Mushi',
        phone: '+255 713 000 111',
        notes: "Vegan;=cmd|' /C calc'!A0",
      }),
    );
    await book(
      s,
      traveller.accessToken,
      request(tourId, {
        startDate: day,
        name: 'Baraka Mushi',
        phone: '-255 713 000 222',
        notes: 'Window seat, "please"\n@SUM(1+1)\t+A1 -x',
      }),
    );
    const res = await manifest(`tourId=${tourId}&date=${day}`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      '"Booking","Status","Name","Email","Phone","People","Booking type","Tier","Start","End","Special requests",' +
        '"Reference","Traveller","Traveller name","Nationality","Residency","Date of birth","Passport","Dietary needs","Traveller notes"',
    );
    expect(lines[1]).toContain('"Amani Mushi","neema@example.com","+255 713 000 111","1","group"');
    expect(lines[1]).toMatch(/,"Vegan;'=cmd\|' \/C calc'!A0","TB-/);
    expect(lines[2]).toContain('"-255 713 000 222"');
    // The note spans lines inside its quotes: each cell a spreadsheet could find in it is defused.
    expect(lines[2]).toMatch(/,"Window seat, ""please""\n'@SUM\(1\+1\)\t'\+A1 -x","TB-/);
  });

  it('answers a line break or other control character in its parameters with 400, never 500', async () => {
    const tourId = await makeTour(s);
    const day = inDays(45);
    for (const query of [
      `tourId=${tourId}%0D%0A&date=${day}`,
      `tourId=${tourId}%0D%0ASet-Cookie:%20x=1&date=${day}`,
      `tourId=${tourId}&date=${day}%0D%0A`,
      `tourId=%00${tourId}&date=${day}`,
    ]) {
      const res = await manifest(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('BAD_USER_INPUT');
    }
    const ok = await api(s, 'GET', `/bookings/admin/manifest?tourId=${tourId}&date=${day}`, undefined, {
      token: admin,
    });
    expect(ok.status).toBe(200);
  });
});
