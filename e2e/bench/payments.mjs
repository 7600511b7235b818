// Payments benchmark, on the machine's PostgreSQL with the built server in production mode: offline
// payments recorded by an admin with the booking's payment state read back in the same answer
// (throughput and latency percentiles), and the time of one pass of the payment schedule over
// 10,000 bookings whose "balance due soon" reminder falls due. Prints figures, asserts nothing.
//
//   npm run bench:payments          (after npm run build; BENCH_ONLY=record or schedule for one part)
import autocannon from 'autocannon';
import pg from 'pg';
import { startApp } from './app.mjs';

const BASE_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REMINDED = Number(process.env.BENCH_REMINDED ?? 10_000);
const ADMIN = { email: 'bench.admin@tembea.example', password: 'Bench-Serengeti-Admin-2027!' };

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function login(base) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = await r.json();
  if (!body.accessToken) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** `count` priced Pending bookings of one tour, straight into the database: total $250, deposit $7.50. */
async function insertBookings(db, count, startDate, balanceDueDate) {
  const { rows } = await db.query(
    `insert into bookings (tour_title, start_date, end_date, number_of_people, name, email, phone, status,
                           booking_type, tier, unit_price_cents, subtotal_cents, total_cents, deposit_cents,
                           balance_cents, balance_due_date, currency)
     select 'Bench Safari', $2::date, $2::date, 1, 'Bench Traveller', 'bench' || g || '@example.com', '+255 700 000 000',
            'Pending', 'private', 'Budget', 25000, 25000, 25000, 750, 24250, $3::date, 'USD'
       from generate_series(1, $1) g
     returning id`,
    [count, startDate, balanceDueDate],
  );
  return rows.map((r) => r.id);
}

async function benchRecording(db, base, token) {
  // Enough bookings that every request pays a deposit into a booking of its own.
  const ids = await insertBookings(db, 20_000, day(90), day(60));
  let next = 0;
  const query = `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) {
    entry { id } booking { id payment { state paidCents dueNowCents } } } }`;
  const r = await autocannon({
    url: `${base}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest(req) {
          const bookingId = ids[next++ % ids.length];
          return {
            ...req,
            body: JSON.stringify({
              query,
              variables: { input: { bookingId: String(bookingId), amountCents: 750, method: 'MPESA' } },
            }),
          };
        },
      },
    ],
  });
  const recorded = (await db.query(`select count(*)::int n from payment_entries`)).rows[0].n;
  console.log(`\n=== Payments (${CONNECTIONS} connections, ${DURATION} s)`);
  console.log(
    `recordPayment + state read back  ${r.requests.average.toFixed(0)} payments/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}, errors ${r.errors}, rows recorded ${recorded}`,
  );
}

async function benchReminderPass(url) {
  // A first start migrates the empty database.
  await (await startApp(url)).stop();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // Deposit paid, the balance due in 3 days: each is owed its "balance due soon" mail.
  const ids = await insertBookings(db, REMINDED, day(33), day(3));
  await db.query(
    `insert into payment_entries (booking_id, kind, amount_cents, method, provider, received_on)
     select id, 'deposit', 750, 'mpesa', 'offline', current_date from unnest($1::int[]) id`,
    [ids],
  );
  await db.query(`analyze`);
  // The schedule runs as the server starts: the pass is timed from the first reminder written to
  // the last, read from the database.
  const app = await startApp(url, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    let n = 0;
    for (let i = 0; i < 1200 && n < REMINDED; i++) {
      await new Promise((r) => setTimeout(r, 250));
      n = (await db.query(`select count(*)::int n from payment_reminders`)).rows[0].n;
    }
    const { rows } = await db.query(
      `select count(*)::int n, extract(epoch from max(sent_at) - min(sent_at)) * 1000 as ms from payment_reminders`,
    );
    const mails = (
      await db.query(
        `select count(*)::int n from mail_outbox where template = 'balance-reminder' and data->>'kind' = 'balance_due_soon'`,
      )
    ).rows[0].n;
    console.log(
      `payment schedule, one pass over ${REMINDED} bookings due a reminder  ${(rows[0].ms / 1000).toFixed(1)} s (first to last reminder written; ${rows[0].n} reminders, ${mails} mails queued)`,
    );
  } finally {
    await app.stop();
    await db.end();
  }
}

// BENCH_ONLY=record or BENCH_ONLY=schedule runs one of the two.
const only = process.env.BENCH_ONLY;
if (only !== 'schedule') {
  const url = await freshDatabase('tembea_bench_payments');
  const app = await startApp(url, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await benchRecording(db, app.base, await login(app.base));
  } finally {
    await app.stop();
    await db.end();
  }
}
if (only !== 'record') await benchReminderPass(await freshDatabase('tembea_bench_payments_schedule'));
