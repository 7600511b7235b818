import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { book, bookRest, makeTour, request } from '../test/booking-helpers.js';
import { mailsTo, signUpAndLogin } from '../test/auth-helpers.js';
import { queryRows, sql } from './sql.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: { MAIL_OPERATOR: 'ops@tembea.example' } });
});
afterAll(() => s?.stop());

interface Row {
  id: string;
  template: string;
  to: string;
  data: Record<string, unknown>;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
}

const rowsTo = (addresses: string[]) =>
  queryRows<Row>(
    s.orm.em.fork(),
    sql`select id, template, "to", data, attempts, sent_at, last_error from mail_outbox
         where "to" = any(${`{${addresses.join(',')}}`}::text[]) order by id`,
  );

describe('mail templates', () => {
  it('queues a booking as templates with data, then renders and saves them as they were at the booking', async () => {
    const me = await signUpAndLogin(s);
    const contact = `contact.${Date.now()}@example.com`;
    const tourId = await makeTour(s, { title: 'Lake Manyara Day Trip' });
    const r = await bookRest(s, me.accessToken, tourId, request(tourId, { email: contact }));
    expect(r.status).toBe(201);
    const queued = await rowsTo([contact, me.email]);
    expect(queued.map((m) => [m.template, m.to])).toEqual([
      ['booking-received', contact],
      ['booking-received', me.email],
    ]);
    expect(queued[0]?.data).toMatchObject({
      booking: { tourTitle: 'Lake Manyara Day Trip', status: 'Pending', name: 'Neema Kimaro' },
      note: { bookedWith: me.email },
    });
    // The mail tells the booking as it was when it was made, not as it is when it is sent.
    await queryRows(s.orm.em.fork(), sql`update bookings set status = 'Confirmed' where id = ${r.body.bookingId}`);
    await s.outbox.flush();
    const [mail] = mailsTo(s, contact);
    expect(mail?.text).toContain('Subject: Booking request received: Lake Manyara Day Trip');
    expect(mail?.text).toContain('Hello Neema Kimaro, thank you for booking with us.');
    expect(mail?.text).toContain('Status: Pending');
    expect(mail?.text).toContain(`This booking was made with the Tembea account ${me.email}.`);
    expect(mail?.text).toContain('<td><strong>Lake Manyara Day Trip</strong></td>');
    expect(mailsTo(s, me.email)[0]?.text).toContain(`A copy of this mail went to ${contact}`);
    expect((await rowsTo([contact, me.email])).every((m) => m.sent_at && m.attempts === 1)).toBe(true);
  });

  it('keeps passports and dates of birth out of the queued data', async () => {
    const me = await signUpAndLogin(s);
    const tourId = await makeTour(s);
    const r = await book(
      s,
      me.accessToken,
      request(tourId, {
        leadTraveller: {
          fullName: 'Amani Mushi',
          dateOfBirth: '1985-03-14',
          nationality: 'Tanzanian',
          residency: 'EAST_AFRICAN_CITIZEN',
          passportNumber: 'TZ5550123',
        },
      }),
    );
    expect(r.body.errors).toBeUndefined();
    const queued = await rowsTo([me.email, 'neema@example.com', 'ops@tembea.example']);
    expect(queued.length).toBeGreaterThan(0);
    const stored = JSON.stringify(queued.map((m) => m.data));
    expect(stored).not.toContain('TZ5550123');
    expect(stored).not.toContain('1985-03-14');
  });

  it('retries a mail whose template fails, as it does one that could not be sent', async () => {
    const to = `broken.${Date.now()}@example.com`;
    await s.orm.em.fork().transactional((em) =>
      s.outbox.enqueue(em, [
        { template: 'no-such-template', data: {}, to },
        { template: 'booking-received', data: { publicUrl: 'x' }, to },
      ]),
    );
    await s.outbox.flush();
    const queued = await rowsTo([to]);
    expect(queued).toHaveLength(2);
    expect(queued[0]?.last_error).toBe('Unknown mail template no-such-template');
    for (const m of queued) {
      expect(m).toMatchObject({ attempts: 1, sent_at: null });
      expect(m.last_error).toBeTruthy();
    }
    expect(mailsTo(s, to)).toHaveLength(0);
    // Once due again, it is claimed and tried again.
    await queryRows(s.orm.em.fork(), sql`update mail_outbox set next_attempt_at = now() where "to" = ${to}`);
    await s.outbox.flush();
    expect((await rowsTo([to])).map((m) => m.attempts)).toEqual([2, 2]);
  });

  it("writes the mails in the booking's transaction: a booking that fails after queueing them leaves none", async () => {
    const me = await signUpAndLogin(s);
    const contact = `refused.${Date.now()}@example.com`;
    const tourId = await makeTour(s, { capacity: 3 });
    expect((await bookRest(s, me.accessToken, tourId, request(tourId, { numberOfPeople: 2 }))).status).toBe(201);
    // The ids only: the sender may be sending the first booking's mails meanwhile.
    const ids = async () => (await rowsTo([contact, me.email])).map((m) => m.id);
    const before = await ids();
    // Its seats are taken last, after the mails were queued: two do not fit and the whole booking rolls back.
    const r = await bookRest(s, me.accessToken, tourId, request(tourId, { email: contact, numberOfPeople: 2 }));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Only 1 seat left on this departure');
    expect(await ids()).toEqual(before);

    const to = `rolled.back.${Date.now()}@example.com`;
    await expect(
      s.orm.em.fork().transactional(async (em) => {
        await s.outbox.enqueue(em, [{ template: 'no-such-template', data: {}, to }]);
        const [seen] = await queryRows<{ n: number }>(
          em,
          sql`select count(*)::int n from mail_outbox where "to" = ${to}`,
        );
        expect(seen?.n).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsTo([to])).toEqual([]);
  });
});
