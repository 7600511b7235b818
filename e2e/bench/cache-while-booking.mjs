// The cached catalogue while travellers book: eight public catalogue pages (four filtered lists, two
// tour pages, the filter options and the REST list), anonymous, cache in memory, with nobody booking
// and while bookings arrive at BENCH_BOOKINGS_PER_SECOND (10) on random tours and dates, in
// BENCH_MIXED_ROUNDS (3) alternating pairs. A booking makes only its own tour's seat answers obsolete,
// so none of these pages is read again: the server's own counters give the cache's hit ratio of each
// run. Prints figures, asserts nothing.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import autocannon from 'autocannon';
import { startApp } from './app.mjs';
import { bookingBody, signIn } from './bookings.mjs';
import { median } from './median.mjs';
import { machineCpuMs, processCpuMs } from './proc-cpu.mjs';

const BOOKINGS_PER_SECOND = Number(process.env.BENCH_BOOKINGS_PER_SECOND ?? 10);
const ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? 3);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const LIST = `query Page($filter: TourFilter, $search: String) {
  tours(filter: $filter, search: $search, first: 20) { totalCount nodes { id title destination price priceText images rating tier durationDays } }
}`;
const TOUR = `query Tour($id: ID!) { tour(id: $id) { id title description price priceText images itinerary { day title } included notIncluded tiers } }`;
const FILTERS = `{ tourFilters { destinations travelTypes tiers bookingTypes priceRange { minPrice maxPrice } } }`;

const gql = (query, variables = {}) => ({
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables }),
});

function pages(tourIds) {
  return [
    gql(LIST, { filter: { travelType: 'Safari', bookingType: 'group' } }),
    gql(LIST, { filter: { destination: 'serengeti' } }),
    gql(LIST, { search: 'kili' }),
    gql(LIST, { filter: { minPrice: 1000, maxPrice: 3000 } }),
    gql(TOUR, { id: String(tourIds[0]) }),
    gql(TOUR, { id: String(tourIds[1]) }),
    gql(FILTERS),
    { method: 'GET', path: '/api/tours?limit=20' },
  ];
}

const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** The catalogue cache's lookups so far, by result, from the server's /metrics. */
async function cacheLookups(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const count = (result) =>
    Number(
      new RegExp(`^tembea_catalogue_cache_lookups_total\\{result="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

/**
 * Loads the pages for `seconds`, with what it cost: the cache's hit ratio over the run (from the
 * server's own counters) and the CPU per page answered, the server's and the whole machine's.
 */
async function loadPages(app, requests, seconds, connections) {
  const lookups = await cacheLookups(app.base);
  const cpu = { server: processCpuMs(app.pid), machine: machineCpuMs().busy };
  const r = await autocannon({ url: app.base, connections, duration: seconds, requests });
  const after = await cacheLookups(app.base);
  const hits = after.hit - lookups.hit;
  const all = hits + after.miss - lookups.miss;
  const per = (now, then) => (now - then) / Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    hitRatio: all ? hits / all : 0,
    serverCpuMs: per(processCpuMs(app.pid), cpu.server),
    machineCpuMs: per(machineCpuMs().busy, cpu.machine),
  };
}

/** Sends bookings at a steady rate until stopped; resolves with how many were sent and accepted. */
function bookSteadily(base, token, tourIds) {
  let sent = 0;
  let accepted = 0;
  const inFlight = new Set();
  const timer = setInterval(() => {
    const tourId = tourIds[Math.floor(Math.random() * tourIds.length)];
    sent++;
    const p = fetch(`${base}/api/bookings/${tourId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: bookingBody(tourId, day(30 + Math.floor(Math.random() * 300))),
    })
      .then((r) => {
        if (r.status === 201) accepted++;
        return r.arrayBuffer();
      })
      .catch(() => {})
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / BOOKINGS_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
    return { sent, accepted };
  };
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(3)} ms p99 ${String(r.p99).padStart(4)} ms, ` +
  `cache hits ${(100 * r.hitRatio).toFixed(2)}%, CPU per page: server ${r.serverCpuMs.toFixed(3)} ms, machine ${r.machineCpuMs.toFixed(3)} ms` +
  `${r.bad ? ` (non-2xx/errors ${r.bad})` : ''}`;

export async function benchCacheWhileBooking(url, size, { duration, connections }) {
  console.log(
    `\n--- cached catalogue pages while travellers book, ${size} tours (8 pages, ${connections} connections, cache in memory) ---`,
  );
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const tourIds = (
    await db.query(
      `select id from tours where lower(status) = 'active' and lower(coalesce(booking_type, 'group')) = 'group' order by id limit 500`,
    )
  ).rows.map((r) => r.id);
  await db.end();
  const app = await startApp(url, { BOOKING_RATE_LIMIT: '1000000', METRICS_TOKEN });
  try {
    const token = await signIn(app.base);
    const requests = pages(tourIds);
    await loadPages(app, requests, 2, connections);
    // Quiet and busy runs alternate, and each round's busy run is compared with the quiet run just
    // before it: on a shared machine one pair can differ by a tenth either way, whichever is first.
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const quiet = await loadPages(app, requests, duration, connections);
      console.log(`round ${round}, nobody booking                          ${fmt(quiet)}`);
      const stop = bookSteadily(app.base, token, tourIds);
      const busy = await loadPages(app, requests, duration, connections);
      const booked = await stop();
      console.log(
        `${`round ${round}, ${BOOKINGS_PER_SECOND} bookings a second (${booked.accepted} of ${booked.sent} accepted)`.padEnd(48)} ${fmt(busy)} | busy/quiet ${(busy.rps / quiet.rps).toFixed(2)}`,
      );
      rounds.push({ quiet, busy, booked });
    }
    const summary = (phase) => ({
      rps: median(rounds.map((r) => r[phase].rps)),
      p99: median(rounds.map((r) => r[phase].p99)),
      hitRatio: Math.min(...rounds.map((r) => r[phase].hitRatio)),
      machineCpuMs: median(rounds.map((r) => r[phase].machineCpuMs)),
    });
    const result = {
      quiet: summary('quiet'),
      busy: summary('busy'),
      ratio: median(rounds.map((r) => r.busy.rps / r.quiet.rps)),
      rounds: ROUNDS,
    };
    console.log(
      `medians of ${ROUNDS} rounds: quiet ${result.quiet.rps.toFixed(0)} req/s p99 ${result.quiet.p99} ms, while booking ${result.busy.rps.toFixed(0)} req/s p99 ${result.busy.p99} ms, busy/quiet ${result.ratio.toFixed(2)}; fewest cache hits in a run ${(100 * Math.min(result.quiet.hitRatio, result.busy.hitRatio)).toFixed(2)}%`,
    );
    return result;
  } finally {
    await app.stop();
  }
}
