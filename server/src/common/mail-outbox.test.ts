import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { signUpAndLogin } from '../test/auth-helpers.js';
import { bookRest, makeTour, request } from '../test/booking-helpers.js';
import { retryDelaySeconds } from './mail-outbox.worker.js';
import { queryRows, sql } from './sql.js';

/** A local port with nothing listening (the mail server is down). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let s: TestServer;
let port: number;
beforeAll(async () => {
  port = await closedPort();
  s = await startTestServer({
    seedDemo: false,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_OPERATOR: 'ops@tembea.example' },
  });
});
afterAll(() => s?.stop());

describe('mail outbox', () => {
  it('keeps a booking when the mail server is down, and sends its mails once it is back', async () => {
    const user = await signUpAndLogin(s);
    const tourId = await makeTour(s);
    const r = await bookRest(s, user.accessToken, tourId, request(tourId, { email: 'outbox@example.com' }));
    expect(r.status).toBe(201);
    await s.outbox.flush();
    const queued = await queryRows<{ attempts: number; last_error: string | null; retry_in: number }>(
      s.orm.em.fork(),
      sql`
      select attempts, last_error, extract(epoch from next_attempt_at - now())::int retry_in from mail_outbox order by id`,
    );
    // The contact address, the booking account's own (a copy) and the operator.
    expect(queued).toHaveLength(3);
    for (const m of queued) {
      expect(m.attempts).toBe(1);
      expect(m.last_error).toBeTruthy();
      expect(m.retry_in).toBeGreaterThan(20);
    }

    const sink = await startSmtpSink(port);
    try {
      await queryRows(s.orm.em.fork(), sql`update mail_outbox set next_attempt_at = now()`);
      await s.outbox.flush();
      // A batch's mails go out a few at once, so they may reach the server in any order.
      expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(
        ['<outbox@example.com>', `<${user.email}>`, '<ops@tembea.example>'].sort(),
      );
      const contact = sink.mails.find((m) => m.to[0] === '<outbox@example.com>');
      expect(contact?.data).toContain('Booking request received');
      expect(contact?.data).toContain(`This booking was made with the Tembea account ${user.email}.`);
      const [left] = await queryRows<{ n: number }>(s.orm.em.fork(), sql`select count(*)::int n from mail_outbox`);
      expect(left?.n).toBe(0);
      // Sent mail is never sent again.
      await queryRows(s.orm.em.fork(), sql`update mail_outbox set next_attempt_at = now()`);
      await s.outbox.flush();
      expect(sink.mails).toHaveLength(3);
    } finally {
      await sink.close();
    }
  });

  it('backs off from 30 seconds, doubling, to at most two hours', () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3840, 7200]);
  });
});
