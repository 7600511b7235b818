import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionContext } from '../../common/context.js';
import { queryRows, sql } from '../../common/sql.js';
import { departureService } from './departure.service.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import {
  ADMIN_ENV,
  CANCEL,
  CONFIRM,
  adminToken,
  bookRest,
  departureRow,
  inDays,
  makeTour,
  request,
} from '../../test/booking-helpers.js';

// The embedded database serves one connection, so every request there runs one after another and a
// race proves nothing: these run against the machine's PostgreSQL (TEST_DATABASE_URL, as CI sets).
describe.runIf(!!process.env.TEST_DATABASE_URL)('bookings under concurrency (PostgreSQL server)', () => {
  let s: TestServer;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, BOOKING_RATE_LIMIT: '1000000' } });
    token = (await signUpAndLogin(s)).accessToken;
    admin = await adminToken(s);
  });
  afterAll(() => s?.stop());

  it('100 concurrent one-seat bookings on a 10-seat departure accept exactly 10, in each of 20 rounds', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    for (let round = 0; round < 20; round++) {
      const start = inDays(30 + round);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          bookRest(s, token, tourId, request(tourId, { startDate: start, endDate: start })),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((x) => x === 201)).toHaveLength(10);
      expect(statuses.filter((x) => x === 409)).toHaveLength(90);
      expect(answers.find((a) => a.status === 409)?.body.message).toBe('Only 0 seats left on this departure');
      expect(await departureRow(s, tourId, start)).toEqual({ capacity: 10, seats_taken: 10 });
      const [count] = await queryRows<{ n: number }>(
        s.orm.em.fork(),
        sql`
        select count(*)::int n from bookings where tour_id = ${tourId} and start_date = ${start} and status <> 'Cancelled'`,
      );
      expect(count?.n).toBe(10);
    }
  }, 180_000);

  it('finds the departure a concurrent first booking of its date committed while it waited', async () => {
    const tourId = await makeTour(s, { capacity: 10 });
    const date = inDays(200);
    const first = s.orm.em.fork();
    const second = s.orm.em.fork();
    await first.begin();
    await second.begin();
    try {
      const [made] = await queryRows<{ id: number }>(
        first,
        sql`insert into departures (tour_id, start_date, capacity) values (${tourId}, ${date}, 10) returning id`,
      );
      const found = departureService.ensure({ em: second } as TransactionContext, { id: tourId }, date);
      // Waits on the unique index until the first commits; its statement's snapshot misses that row.
      await expect
        .poll(async () => {
          const [w] = await queryRows<{ n: number }>(
            s.orm.em.fork(),
            sql`select count(*)::int n from pg_stat_activity where wait_event_type = 'Lock' and query like '%with created as%'`,
          );
          return w?.n;
        })
        .toBe(1);
      await first.commit();
      expect(await found).toBe(made!.id);
    } finally {
      await second.rollback();
    }
  });

  it("50 cancels racing 50 bookings leave seats taken equal to the active bookings' people", async () => {
    const tourId = await makeTour(s, { capacity: 60 });
    const start = inDays(50);
    const first: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await bookRest(s, token, tourId, request(tourId, { startDate: start, endDate: start }));
      first.push(r.body.booking.id as string);
    }
    const answers = await Promise.all([
      ...first.map((id) => api(s, 'PATCH', `/bookings/cancel/${id}`, undefined, { token })),
      ...Array.from({ length: 50 }, (_, i) =>
        bookRest(s, token, tourId, request(tourId, { startDate: start, endDate: start, numberOfPeople: 1 + (i % 2) })),
      ),
    ]);
    expect(answers.every((a) => a.status === 200 || a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.slice(0, 50).every((a) => a.status === 200)).toBe(true);
    const [active] = await queryRows<{ people: number }>(
      s.orm.em.fork(),
      sql`
      select coalesce(sum(number_of_people), 0)::int people from bookings
       where tour_id = ${tourId} and start_date = ${start} and status <> 'Cancelled'`,
    );
    const dep = await departureRow(s, tourId, start);
    expect(dep?.seats_taken).toBe(active?.people);
    expect(dep!.seats_taken).toBeLessThanOrEqual(60);
  }, 60_000);

  it('two admins acting on one booking at once leave one consistent status', async () => {
    const other = await adminToken(s);
    const tourId = await makeTour(s, { capacity: 40 });
    const start = inDays(70);
    for (let i = 0; i < 10; i++) {
      const b = await bookRest(
        s,
        token,
        tourId,
        request(tourId, { startDate: start, endDate: start, numberOfPeople: 2 }),
      );
      const id = b.body.booking.id as string;
      // Two confirms: exactly one wins.
      const [c1, c2] = await Promise.all([
        gql(s, CONFIRM, { id }, { token: admin }),
        gql(s, CONFIRM, { id }, { token: other }),
      ]);
      const wins = [c1, c2].filter((r) => !r.body.errors).length;
      expect(wins).toBe(1);
      expect([c1, c2].find((r) => r.body.errors)?.body.errors[0].extensions.code).toBe('CONFLICT');
      // A cancel racing a complete: whichever lands first, the end state follows the machine and the
      // seats are given back only if it ended Cancelled.
      const [done, cancelled] = await Promise.all([
        api(s, 'PATCH', `/bookings/${id}/status`, { status: 'completed' }, { token: admin }),
        gql(s, CANCEL, { id }, { token: other }),
      ]);
      expect([done.status === 200, !cancelled.body.errors].filter(Boolean)).toHaveLength(1);
      const [row] = await queryRows<{ status: string }>(
        s.orm.em.fork(),
        sql`select status from bookings where id = ${Number(id)}`,
      );
      expect(row?.status).toBe(done.status === 200 ? 'Completed' : 'Cancelled');
    }
    const [active] = await queryRows<{ people: number }>(
      s.orm.em.fork(),
      sql`
      select coalesce(sum(number_of_people), 0)::int people from bookings where tour_id = ${tourId} and status <> 'Cancelled'`,
    );
    expect((await departureRow(s, tourId, start))?.seats_taken).toBe(active?.people);
  }, 60_000);
});
