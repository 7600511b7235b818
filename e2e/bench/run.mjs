// Catalogue and bookings benchmark: throughput and latency of the built server against a bare node:http + pg
// baseline running the same SQL, at 1k, 10k and 100k tours on the machine's PostgreSQL; EXPLAIN
// times of every filter at the largest size; SQL statements per page; bookings per second and the time of 100
// contended bookings on one departure (bench/bookings.mjs); where an uncached request's CPU goes, layer
// by layer (bench/framework-tax.mjs); Lighthouse on the public pages (bench/lighthouse.mjs). Ends with
// the performance goals side by side with the bare server (bench/goals.mjs). Prints figures, asserts nothing.
//
//   npm run bench                       (from the repository root or e2e/)
//   BENCH_DURATION=3 BENCH_SIZES=1000,10000 npm run bench
//   npm run bench -- --only=cache --tours=10k   (only the cached catalogue page, at 10k tours)
//
// The uncached figures run the server with CATALOGUE_CACHE=false, so every request reads PostgreSQL;
// the cached page (bench/cache.mjs) runs it with the cache on, in memory and in Redis (BENCH_REDIS_URL),
// and eight cached pages with and without bookings arriving (bench/cache-while-booking.mjs).
//
// Environment: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SIZES
// (1000,10000,100000), BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (20), BENCH_DB_PREFIX
// (tembea_bench: the databases' name before the size), BENCH_EXPLAIN_RUNS (5), BENCH_MIXED_ROUNDS
// (3 quiet and busy pairs of the mixed load), BENCH_FRESH=1 to regenerate the databases. Build first:
// npm run build.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startApp, startChild } from './app.mjs';
import { benchBookings } from './bookings.mjs';
import { benchCache } from './cache.mjs';
import { benchCacheWhileBooking } from './cache-while-booking.mjs';
import { SERVER_DIST, ensureDatabase } from './data.mjs';
import { explainAll } from './explain.mjs';
import { benchFrameworkTax } from './framework-tax.mjs';
import { printGoals } from './goals.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { countStatements } from './statements.mjs';

const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const ONLY = arg('only') ?? null;
if (ONLY !== null && ONLY !== 'cache') {
  console.error(`--only takes one value: cache (got ${ONLY})`);
  process.exit(2);
}
// --tours=1k,10k (k = thousand) overrides BENCH_SIZES.
const SIZES = (arg('tours') ?? process.env.BENCH_SIZES ?? '1000,10000,100000')
  .split(',')
  .map((s) => Number(s.trim().replace(/k$/i, '000')))
  .filter((n) => Number.isInteger(n) && n > 0);
if (!SIZES.length) {
  console.error('--tours takes sizes such as 1k,10k,100k');
  process.exit(2);
}
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const CARD =
  'id title description destination price priceText originalPrice discount images bg rating numRatings tier bookingType travelType durationDays durationNights status featured';
const GQL = `query Bench($filter: TourFilter, $search: String) {
  tours(filter: $filter, search: $search, first: 20) { totalCount nodes { ${CARD} } pageInfo { hasNextPage endCursor } }
}`;

const SCENARIOS = [
  {
    name: 'GraphQL tours(first: 20) + filter',
    app: gqlRequest({ filter: { travelType: 'Safari', bookingType: 'group' } }),
    bare: { path: '/filter' },
  },
  { name: 'GraphQL tours(first: 20) + search', app: gqlRequest({ search: 'kili' }), bare: { path: '/search' } },
  { name: 'REST GET /api/tours?limit=20', app: { path: '/api/tours?limit=20' }, bare: { path: '/rest?limit=20' } },
  { name: 'GraphQL + misspelt search', app: gqlRequest({ search: 'serengetti' }) },
  { name: 'GraphQL + rarer words search', app: gqlRequest({ search: 'serengeti safari' }) },
  { name: 'GraphQL + price range', app: gqlRequest({ filter: { minPrice: 1000, maxPrice: 1010 } }) },
  { name: 'GraphQL + date window', app: gqlRequest({ filter: { departureTime: day(200), returnTime: day(203) } }) },
];

function day(offset) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

function gqlRequest(variables) {
  return {
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: GQL, variables }),
  };
}

async function load(base, req, seconds) {
  const r = await autocannon({
    url: base + req.path,
    method: req.method ?? 'GET',
    headers: req.headers,
    body: req.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

async function sameAnswer(appBase, bareBase, s) {
  const a = await (
    await fetch(appBase + s.app.path, { method: s.app.method ?? 'GET', headers: s.app.headers, body: s.app.body })
  ).json();
  const b = await (await fetch(bareBase + s.bare.path)).json();
  const ids = (x) => JSON.stringify((x.data?.tours.nodes ?? x.tours).map((t) => t.id));
  return ids(a) === ids(b) && (a.data?.tours.totalCount ?? a.totalCount) === (b.data?.tours.totalCount ?? b.totalCount);
}

async function benchSize(size) {
  console.log(`\n=== ${size} tours ===`);
  const url = await ensureDatabase(BASE, size);
  const barePort = await freePort();
  const app = await startApp(url, { CATALOGUE_CACHE: 'false' });
  const bare = await startChild(
    [path.join(import.meta.dirname, 'bare-server.mjs'), String(barePort), url],
    {},
    'ready',
  );
  const appBase = app.base;
  const bareBase = `http://127.0.0.1:${barePort}`;
  const rows = [];
  try {
    for (const s of SCENARIOS) {
      if (!s.bare) {
        await load(appBase, s.app, 1);
        const a = await load(appBase, s.app, DURATION);
        rows.push({ size, name: s.name, a });
        console.log(
          `${s.name.padEnd(36)} app ${a.rps.toFixed(0).padStart(6)} req/s p50 ${String(a.p50).padStart(4)} ms p99 ${String(a.p99).padStart(4)} ms${a.bad ? ` (non-2xx/errors: ${a.bad})` : ''}`,
        );
        continue;
      }
      const same = await sameAnswer(appBase, bareBase, s);
      await load(appBase, s.app, 1);
      await load(bareBase, s.bare, 1);
      const a = await load(appBase, s.app, DURATION);
      const b = await load(bareBase, s.bare, DURATION);
      rows.push({ size, name: s.name, a, b, same });
      console.log(
        `${s.name.padEnd(36)} app ${a.rps.toFixed(0).padStart(6)} req/s p50 ${String(a.p50).padStart(4)} ms p99 ${String(a.p99).padStart(4)} ms | ` +
          `bare ${b.rps.toFixed(0).padStart(6)} req/s p50 ${String(b.p50).padStart(4)} ms p99 ${String(b.p99).padStart(4)} ms | ` +
          `app/bare ${(a.rps / b.rps).toFixed(2)}${a.bad || b.bad ? ` (non-2xx/errors: app ${a.bad}, bare ${b.bad})` : ''}${same ? '' : ' (ANSWERS DIFFER)'}`,
      );
    }
  } finally {
    bare.kill('SIGTERM');
    await app.stop();
  }
  return { url, rows };
}

if (!existsSync(path.join(SERVER_DIST, 'main.js'))) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}
console.log(
  `Tembea catalogue benchmark: ${CONNECTIONS} connections, ${DURATION} s per run, sizes ${SIZES.join(', ')}${ONLY ? `, only ${ONLY}` : ''}`,
);
// Figures depend on the machine and on Node's version (Node 24 does the same work with about a fifth
// less CPU than Node 20), so every run says which it ran on; the servers run on this same Node.
console.log(`Node ${process.version}, ${os.cpus().length} CPU(s): ${os.cpus()[0]?.model ?? 'unknown model'}`);
const cacheBench = { load, startChild, gqlFilter: SCENARIOS[0].app, duration: DURATION };
const mixed = { duration: DURATION, connections: CONNECTIONS };
// The goals are judged at 10k tours when that size is run, else at the largest.
const GOAL_SIZE = SIZES.includes(10_000) ? 10_000 : SIZES.at(-1);
if (ONLY === 'cache') {
  for (const size of SIZES) {
    const url = await ensureDatabase(BASE, size);
    await benchCache(url, size, cacheBench);
    const mixedRun = await benchCacheWhileBooking(url, size, mixed);
    if (size === GOAL_SIZE) printGoals({ cacheWhileBooking: { ...mixedRun, size } });
  }
} else {
  const results = [];
  let cacheWhileBooking = null;
  for (const size of SIZES) {
    results.push(await benchSize(size));
    await benchCache(results.at(-1).url, size, cacheBench);
    const mixedRun = await benchCacheWhileBooking(results.at(-1).url, size, mixed);
    if (size === GOAL_SIZE) cacheWhileBooking = { ...mixedRun, size };
  }
  const atGoalSize = results[SIZES.indexOf(GOAL_SIZE)];
  const tax = await benchFrameworkTax(atGoalSize.url, GOAL_SIZE);
  await explainAll(results.at(-1).url, SIZES.at(-1));
  await countStatements(results[0].url);
  const bookings = await benchBookings(results[0].url);
  const lighthouse = await benchLighthouse();
  printGoals({
    cacheWhileBooking,
    uncached: atGoalSize.rows.filter((r) => r.b),
    tax,
    lighthouse,
    bookings,
  });
}
