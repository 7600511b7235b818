// The cached catalogue while travellers book: eight public catalogue pages (four filtered lists, two
// tour pages, the filter options and the REST list), anonymous, cache in memory, first with nobody
// booking, then while bookings arrive at BENCH_BOOKINGS_PER_SECOND (10) on random tours and dates.
// A booking makes only its own tour's seat answers obsolete, so none of these pages is read again.
// Prints figures, asserts nothing.
import pg from 'pg';
import autocannon from 'autocannon';
import { startApp } from './app.mjs';
import { bookingBody, signIn } from './bookings.mjs';

const BOOKINGS_PER_SECOND = Number(process.env.BENCH_BOOKINGS_PER_SECOND ?? 10);
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

async function loadPages(base, requests, seconds, connections) {
  const r = await autocannon({ url: base, connections, duration: seconds, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
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
  `${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(3)} ms p99 ${String(r.p99).padStart(4)} ms${r.bad ? ` (non-2xx/errors ${r.bad})` : ''}`;

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
  const app = await startApp(url, { BOOKING_RATE_LIMIT: '1000000' });
  try {
    const token = await signIn(app.base);
    const requests = pages(tourIds);
    await loadPages(app.base, requests, 2, connections);
    const quiet = await loadPages(app.base, requests, duration, connections);
    console.log(`nobody booking                                   ${fmt(quiet)}`);
    const stop = bookSteadily(app.base, token, tourIds);
    const busy = await loadPages(app.base, requests, duration, connections);
    const booked = await stop();
    console.log(
      `${`${BOOKINGS_PER_SECOND} bookings a second (${booked.accepted} of ${booked.sent} accepted)`.padEnd(48)} ${fmt(busy)} | busy/quiet ${(busy.rps / quiet.rps).toFixed(2)}`,
    );
    return { quiet, busy, booked };
  } finally {
    await app.stop();
  }
}
