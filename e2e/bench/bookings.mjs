// Bookings benchmark: uncontended bookings per second (each request a random tour and date) and the
// wall time of 100 bookings sent at once to one departure, on the machine's PostgreSQL. Prints
// figures, asserts nothing; every run checks afterwards that no departure holds more than its seats.
//
//   npm run bench:bookings          (after npm run build; uses the 1k-tour benchmark database)
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startApp, startChild } from './app.mjs';
import { ensureDatabase } from './data.mjs';
import { median } from './median.mjs';
import { machineCpuMs, mainThreadCpuMs, processCpuMs } from './proc-cpu.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = 5;

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function signIn(base) {
  const user = {
    name: 'Bench Traveller',
    email: `bench.${Date.now()}@example.com`,
    phone: '+255 700 000 000',
    password: 'bench-Serengeti-2027',
  };
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = await r.json();
  if (!body.accessToken) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** A booking request; the end date is left out, so the server takes the start plus the tour's nights. */
export function bookingBody(tourId, date, people = 1) {
  return JSON.stringify({
    tourId: String(tourId),
    startDate: date,
    numberOfPeople: people,
    name: 'Bench Traveller',
    email: 'bench@example.com',
    phone: '+255 700 000 000',
  });
}

/** Runs both measurements against a catalogue database and prints them. */
export async function benchBookings(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // The access token lives 15 minutes: enough for every run below.
  // The bare server checks the app's tokens, so both share the secret.
  const jwtSecret = randomBytes(32).toString('base64url');
  const app = await startApp(url, { BOOKING_RATE_LIMIT: '1000000', JWT_SECRET: jwtSecret });
  const barePort = await freePort();
  try {
    const token = await signIn(app.base);
    const tours = (
      await db.query(
        `select id from tours where lower(status) = 'active' and lower(coalesce(booking_type, 'group')) = 'group' order by id`,
      )
    ).rows.map((r) => r.id);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    // Uncontended: each request books one seat of a random active tour on a random day 30-400 days
    // ahead, on the app and then on the bare server doing the same statements.
    const pick = () => tours[Math.floor(Math.random() * tours.length)];
    const load = (base, duration) =>
      autocannon({
        url: `${base}/api/bookings/0`,
        method: 'POST',
        headers,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            setupRequest(req) {
              const tourId = pick();
              return {
                ...req,
                path: `/api/bookings/${tourId}`,
                body: bookingBody(tourId, day(30 + Math.floor(Math.random() * 370))),
              };
            },
          },
        ],
      });
    // After a warm-up (the JIT, the pool's connections), with the CPU each booking cost: the server's
    // event loop, all its threads (the mail thread, file writes, the collector), and the whole machine
    // (PostgreSQL and the load generator included).
    const uncontended = async (base, pid) => {
      await load(base, 2);
      const before = { main: mainThreadCpuMs(pid), process: processCpuMs(pid), machine: machineCpuMs().busy };
      const r = await load(base, DURATION);
      const per = (now, then) => (now - then) / Math.max(1, r['2xx']);
      r.cpu = {
        main: per(mainThreadCpuMs(pid), before.main),
        process: per(processCpuMs(pid), before.process),
        machine: per(machineCpuMs().busy, before.machine),
      };
      return r;
    };
    const r = await uncontended(app.base, app.pid);
    const bare = await startChild(
      [path.join(import.meta.dirname, 'bare-bookings.mjs'), String(barePort), url, jwtSecret],
      {},
      'ready',
    );
    let b;
    try {
      b = await uncontended(`http://127.0.0.1:${barePort}`, bare.pid);
    } finally {
      bare.kill('SIGTERM');
    }
    const line = (x) =>
      `${(x['2xx'] / DURATION).toFixed(0)} bookings/s accepted, p50 ${x.latency.p50} ms, p99 ${x.latency.p99} ms, non-2xx ${x.non2xx}, errors ${x.errors}`;
    const cpu = (x) =>
      `CPU per booking: event loop ${x.cpu.main.toFixed(2)} ms, server ${x.cpu.process.toFixed(2)} ms, machine ${x.cpu.machine.toFixed(2)} ms`;
    console.log(
      `\n=== Bookings (${tours.length} bookable tours, ${CONNECTIONS} connections, ${DURATION} s, Node ${process.version})`,
    );
    console.log(`uncontended POST /api/bookings/:tourId  app  ${line(r)}`);
    console.log(
      `                                        bare ${line(b)} | app/bare ${(r['2xx'] / b['2xx']).toFixed(2)}`,
    );
    console.log(`                                        app  ${cpu(r)}`);
    console.log(`                                        bare ${cpu(b)}`);
    console.log(
      '  (bare: node:http + pg sending the same statements per booking, with the same token check and prices; no framework, ORM or mail delivery)',
    );

    // Contended: 100 one-seat bookings sent at once to one departure of 100 seats (made by the admin).
    const tourId = tours[0];
    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const date = day(500 + round);
      await db.query(
        `insert into departures (tour_id, start_date, capacity) values ($1, $2, 100) on conflict (tour_id, start_date) do update set capacity = 100, seats_taken = 0`,
        [tourId, date],
      );
      await db.query(`delete from bookings where tour_id = $1 and start_date = $2`, [tourId, date]);
      const t0 = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${app.base}/api/bookings/${tourId}`, {
            method: 'POST',
            headers,
            body: bookingBody(tourId, date),
          }).then((x) => x.status),
        ),
      );
      times.push(performance.now() - t0);
      const seats = (
        await db.query(`select seats_taken from departures where tour_id = $1 and start_date = $2`, [tourId, date])
      ).rows[0].seats_taken;
      if (answers.filter((s) => s === 201).length !== 100 || seats !== 100)
        console.log(`  round ${round}: ${answers.filter((s) => s === 201).length} accepted, seats taken ${seats}`);
    }
    console.log(
      `100 contended bookings on one departure  median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}) over ${ROUNDS} rounds`,
    );
    const oversold = (await db.query(`select count(*)::int n from departures where seats_taken > capacity`)).rows[0].n;
    console.log(`departures holding more than their seats: ${oversold}`);
    return {
      perSecond: r['2xx'] / DURATION,
      barePerSecond: b['2xx'] / DURATION,
      cpu: r.cpu,
      bareCpu: b.cpu,
      p50: r.latency.p50,
      p99: r.latency.p99,
      contendedMs: median(times),
      oversold,
    };
  } finally {
    await app.stop();
    await db.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = await ensureDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 1000);
  await benchBookings(url);
}
