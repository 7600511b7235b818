import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { ADMIN_ENV, CONFIRM, adminToken, departureRow } from '../../test/booking-helpers.js';
import { RECORD, listedPayment, myPayment, pricedBooking } from '../../test/payment-helpers.js';
import { queryRows, sql } from '../../common/sql.js';

const ENV = { ...ADMIN_ENV, BOOKING_RATE_LIMIT: '1000' };
let s: TestServer;
let admin: string;
let traveller: Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ENV });
  admin = await adminToken(s);
  traveller = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
const daysFromNow = (d: number) => hoursFromNow(d * 24);
const runAt = (s: TestServer, at: Date) => s.paymentSchedule.withClock(() => at).flush();
const record = (bookingId: string, amountCents: number) =>
  gql(s, RECORD, { input: { bookingId, amountCents, method: 'MPESA' } }, { token: admin });

async function statusOf(id: string): Promise<string> {
  const [row] = await queryRows<{ status: string }>(
    s.orm.em.fork(),
    sql`select status from bookings where id = ${Number(id)}`,
  );
  return row!.status;
}

describe('unpaid holds', () => {
  it('cancels a Pending booking without its deposit after 72 hours, frees its seats and mails the traveller', async () => {
    const id = await pricedBooking(s, traveller);
    const [{ tour_id, start_date }] = (await queryRows<{ tour_id: number; start_date: string }>(
      s.orm.em.fork(),
      sql`select tour_id, to_char(start_date, 'YYYY-MM-DD') as start_date from bookings where id = ${Number(id)}`,
    )) as [{ tour_id: number; start_date: string }];
    expect((await departureRow(s, tour_id, start_date))?.seats_taken).toBe(1);
    await runAt(s, hoursFromNow(71));
    expect(await statusOf(id)).toBe('Pending');
    await runAt(s, hoursFromNow(73));
    expect(await statusOf(id)).toBe('Cancelled');
    expect((await departureRow(s, tour_id, start_date))?.seats_taken).toBe(0);
    await s.outbox.flush();
    expect(mailsTo(s, traveller.email).some((m) => m.text.includes('Booking cancelled: no deposit received'))).toBe(
      true,
    );
  });

  it('keeps a booking whose deposit is paid, or that an admin confirmed unpaid', async () => {
    const paid = await pricedBooking(s, traveller);
    await record(paid, 750);
    const confirmed = await pricedBooking(s, traveller);
    expect((await gql(s, CONFIRM, { id: confirmed }, { token: admin })).body.errors).toBeUndefined();
    await runAt(s, hoursFromNow(100));
    expect(await statusOf(paid)).toBe('Pending');
    expect(await statusOf(confirmed)).toBe('Confirmed');
  });
});

describe('balance reminders', () => {
  it('mails "due soon" 7 days before the due date and "overdue" the day after, once each', async () => {
    const email = `reminded.${Date.now()}@example.com`;
    const who = await signUpAndLogin(s, { email });
    // Starts in 40 days: the balance is due in 10.
    const id = await pricedBooking(s, who, 40);
    await record(id, 750);
    await runAt(s, daysFromNow(2));
    await s.outbox.flush();
    expect(mailsTo(s, email).filter((m) => m.text.includes('Subject: Balance due by'))).toHaveLength(0);
    await runAt(s, daysFromNow(3));
    await runAt(s, daysFromNow(4));
    await s.outbox.flush();
    const soon = mailsTo(s, email).filter((m) => m.text.includes('Subject: Balance due by'));
    expect(soon).toHaveLength(1);
    expect(soon[0]!.text).toContain('$242.50');
    expect(soon[0]!.text).toContain((await listedPayment(s, who.accessToken, id)).reference);
    await runAt(s, daysFromNow(11));
    await runAt(s, daysFromNow(12));
    await s.outbox.flush();
    expect(mailsTo(s, email).filter((m) => m.text.includes('Subject: Balance overdue'))).toHaveLength(1);
    // Paid in full: no reminder is due any more.
    const paid = await pricedBooking(s, who, 40);
    await record(paid, 25_000);
    await runAt(s, daysFromNow(11));
    const [{ n }] = (await queryRows<{ n: number }>(
      s.orm.em.fork(),
      sql`select count(*)::int as n from payment_reminders where booking_id = ${Number(paid)}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('a booking made less than 30 days before departure', () => {
  it('is given a due date not yet past here and gets no "overdue" mail within a day of booking', async () => {
    const email = `late.${Date.now()}@example.com`;
    const who = await signUpAndLogin(s, { email });
    const id = await pricedBooking(s, who, 10);
    await record(id, 750);
    const payment = await myPayment(s, who.accessToken, id);
    // Whatever the hour of the run: the due date is not before today's date in UTC (East Africa is ahead).
    expect(payment.balanceDueDate >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(payment.overdue).toBe(false);
    await runAt(s, new Date());
    await runAt(s, hoursFromNow(23));
    await s.outbox.flush();
    expect(mailsTo(s, email).filter((m) => m.text.includes('Subject: Balance overdue'))).toHaveLength(0);
    // Once the due date has ended everywhere, the reminder goes.
    await runAt(s, hoursFromNow(72));
    await s.outbox.flush();
    expect(mailsTo(s, email).filter((m) => m.text.includes('Subject: Balance overdue'))).toHaveLength(1);
  });
});

// Two app instances on one database; the embedded database serves one process only.
describe.runIf(!!process.env.TEST_DATABASE_URL)('two instances running the schedule (PostgreSQL server)', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ seedDemo: false, env: { ...ENV, DATABASE_URL: s.config.databaseUrl! } });
  });
  afterAll(() => other?.stop());

  it('send each reminder once when both pass at the same time', async () => {
    const who = await signUpAndLogin(s);
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await pricedBooking(s, who, 40));
    for (const id of ids) await record(id, 750);
    const at = daysFromNow(5);
    await Promise.all([runAt(s, at), runAt(other, at), runAt(s, at), runAt(other, at)]);
    const em = s.orm.em.fork();
    const reminders = await queryRows<{ n: number }>(
      em,
      sql`select count(*)::int as n from payment_reminders where kind = 'balance_due_soon'
           and booking_id in (select id from bookings where user_id = ${who.id})`,
    );
    expect(reminders[0]!.n).toBe(24);
    // Either instance may send a reminder the other queued; each is delivered once. A flush sends
    // one batch: both flush until nothing is left to send.
    for (let round = 0; round < 20; round++) {
      await Promise.all([s.outbox.flush(), other.outbox.flush()]);
      const [left] = await queryRows<{ n: number }>(em, sql`select count(*)::int n from mail_outbox`);
      if (!left!.n) break;
    }
    const delivered = [s, other].flatMap((server) =>
      mailsTo(server, who.email).filter((m) => m.text.includes('Subject: Balance due by')),
    );
    expect(delivered).toHaveLength(24);
  });
});
