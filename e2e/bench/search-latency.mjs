// Latency of one catalogue request as a visitor or partner meets it: every filter, search and sort of
// the EXPLAIN cases, sent one at a time over GraphQL (a page of 20 with totalCount) to the built server
// with the catalogue cache off, on the 100k-tour database. Prints p50 and p90 per case, asserts nothing.
//
//   npm run bench:search                (from e2e/; build first: npm run build)
//
// Environment: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SEARCH_TOURS (100000),
// BENCH_SEARCH_REQUESTS per case (25).
import os from 'node:os';
import { startApp } from './app.mjs';
import { ensureDatabase } from './data.mjs';
import { CASES } from './explain.mjs';

const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZE = Number(process.env.BENCH_SEARCH_TOURS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 25);

const QUERY = `query Search($filter: TourFilter, $search: String, $sort: TourSort!) {
  tours(filter: $filter, search: $search, sort: $sort, first: 20) {
    totalCount totalCountIsEstimate nodes { id title destination price priceText images rating tier bookingType } pageInfo { hasNextPage endCursor }
  }
}`;

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function timeCase(base, c) {
  const body = JSON.stringify({
    query: QUERY,
    variables: { filter: c.filter ?? null, search: c.search ?? null, sort: c.sort ?? 'CATALOGUE' },
  });
  const times = [];
  let count = '';
  for (let i = 0; i < REQUESTS + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const json = await res.json();
    const ms = performance.now() - started;
    if (json.errors) throw new Error(`${JSON.stringify(c)}: ${JSON.stringify(json.errors)}`);
    const t = json.data.tours;
    count = `${t.totalCountIsEstimate ? '~' : ''}${t.totalCount}`;
    if (i >= 2) times.push(ms); // the first two warm the connection and the plan cache
  }
  return { p50: pct(times, 0.5), p90: pct(times, 0.9), count };
}

const url = await ensureDatabase(BASE, SIZE);
const app = await startApp(url, { CATALOGUE_CACHE: 'false' });
try {
  console.log(
    `\nOne request at a time, GraphQL page of 20 with totalCount, cache off, ${SIZE} tours, ${REQUESTS} requests per case, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(`${'case'.padEnd(38)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'total'.padStart(8)}`);
  const p50s = [];
  for (const [name, c] of CASES) {
    const r = await timeCase(app.base, c);
    p50s.push(r.p50);
    console.log(
      `${name.padEnd(38)} ${r.p50.toFixed(1).padStart(8)} ${r.p90.toFixed(1).padStart(8)} ${r.count.padStart(8)}`,
    );
  }
  console.log(`worst p50 ${Math.max(...p50s).toFixed(1)} ms, median of the cases' p50 ${pct(p50s, 0.5).toFixed(1)} ms`);
} finally {
  await app.stop();
}
