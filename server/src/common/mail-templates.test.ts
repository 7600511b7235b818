import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { book, bookRest, makeTour, request } from '../test/booking-helpers.js';
import { mailsTo, signUpAndLogin } from '../test/auth-helpers.js';
import { captureStatements } from '../test/statements.js';
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
  last_error: string | null;
}

const rowsTo = (addresses: string[]) =>
  queryRows<Row>(
    s.orm.em.fork(),
    sql`select id, template, "to", data, attempts, last_error from mail_outbox
         where "to" = any(${`{${addresses.join(',')}}`}::text[]) order by id`,
  );

describe('mail templates', () => {
  it('queues a booking as templates with data, renders and saves them, and keeps nothing once sent', async () => {
    const me = await signUpAndLogin(s);
    const contact = `contact.${Date.now()}@example.com`;
    const tourId = await makeTour(s, { title: 'Lake Manyara Day Trip' });
    const written = captureStatements(/insert into mail_outbox/);
    try {
      const r = await bookRest(s, me.accessToken, tourId, request(tourId, { email: contact }));
      expect(r.status).toBe(201);
    } finally {
      written.stop();
    }
    // One statement queues the booking's mails: each a template's name and a snapshot of its data.
    expect(written.seen).toHaveLength(1);
    const [insert] = written.seen;
    for (const part of [
      'booking-received',
      contact,
      me.email,
      '"tourTitle":"Lake Manyara Day Trip"',
      '"status":"Pending"',
      '"name":"Neema Kimaro"',
      `"bookedWith":"${me.email}"`,
    ])
      expect(insert).toContain(part);
    await s.outbox.flush();
    const [mail] = mailsTo(s, contact);
    expect(mail?.text).toContain('Subject: Booking request received: Lake Manyara Day Trip');
    expect(mail?.text).toContain('Hello Neema Kimaro, thank you for booking with us.');
    expect(mail?.text).toContain('Status: Pending');
    expect(mail?.text).toContain(`This booking was made with the Tembea account ${me.email}.`);
    expect(mail?.text).toContain('<td><strong>Lake Manyara Day Trip</strong></td>');
    expect(mailsTo(s, me.email)[0]?.text).toContain(`A copy of this mail went to ${contact}`);
    // A sent mail's row, with the personal data it copied, is gone.
    expect(await rowsTo([contact, me.email])).toEqual([]);
  });

  it('keeps passports and dates of birth out of the queued data', async () => {
    const me = await signUpAndLogin(s);
    const tourId = await makeTour(s);
    const written = captureStatements(/insert into mail_outbox/);
    try {
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
    } finally {
      written.stop();
    }
    expect(written.seen).toHaveLength(1);
    expect(written.seen[0]).toContain('"name":"Neema Kimaro"');
    expect(written.seen[0]).not.toContain('TZ5550123');
    expect(written.seen[0]).not.toContain('1985-03-14');
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
      expect(m.attempts).toBe(1);
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
    // Its seats are taken last, after the mails were queued: two do not fit and the whole booking rolls back.
    const r = await bookRest(s, me.accessToken, tourId, request(tourId, { email: contact, numberOfPeople: 2 }));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Only 1 seat left on this departure');
    expect(await rowsTo([contact])).toEqual([]);
    await s.outbox.flush();
    expect(mailsTo(s, contact)).toHaveLength(0);
    // The account's copy of the first booking's mail only.
    expect(mailsTo(s, me.email)).toHaveLength(1);

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
