// What the hardening layers cost: throughput of the catalogue GraphQL query and the REST tour list
// with the server as configured (helmet, CORS, the API rate limit, GraphQL query limits) against the
// same build without them (bench/unhardened-server.mjs), on a 1k-tour database: both servers up, taking
// turns for three rounds of each scenario, and the median of each kept. Besides throughput it prints the
// server's CPU time per request, which a busy shared machine disturbs far less. Prints figures, asserts nothing.
//
//   npm run bench:hardening            (from e2e/; build first: npm run build)
//
// Environment: BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION seconds per
// run (10), BENCH_CONNECTIONS (20).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApp } from './app.mjs';
import { SERVER_DIST, ensureDatabase } from './data.mjs';
import { median } from './median.mjs';
import { processCpuMs } from './proc-cpu.mjs';

const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = 3;

const CATALOGUE = `query Catalogue($first: Int) {
  tours(first: $first, sort: CATALOGUE) { totalCount nodes { id title destination price priceText images rating numRatings tier bookingType travelType durationDays durationNights } pageInfo { hasNextPage endCursor } }
}`;
const SCENARIOS = [
  {
    name: 'GraphQL catalogue tours(first: 20)',
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: CATALOGUE, variables: { first: 20 } }),
  },
  { name: 'REST GET /api/tours?limit=20', path: '/api/tours?limit=20', method: 'GET' },
];

// The API limit stays on in the hardened run, counting every request, but high enough that the
// benchmark's one address is never refused (600 a minute would refuse almost all of it).
const VARIANTS = [
  { name: 'hardened', env: { API_RATE_LIMIT: '100000000', CORS_ORIGINS: 'https://partner.example' } },
  { name: 'unhardened', env: {}, script: path.join(import.meta.dirname, 'unhardened-server.mjs') },
];

async function load(app, s, seconds) {
  const cpu = processCpuMs(app.pid);
  const r = await autocannon({
    url: app.base + s.path,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpuMs = (processCpuMs(app.pid) - cpu) / Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

if (!existsSync(path.join(SERVER_DIST, 'main.js'))) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}
console.log(
  `Hardening benchmark: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds, 1000 tours, ${os.cpus().length} CPU(s)`,
);
const url = await ensureDatabase(BASE, 1000);
const apps = [];
try {
  for (const v of VARIANTS) {
    const app = await startApp(url, v.env, v.script);
    apps.push(app);
    console.log(
      `${v.name}: content-security-policy ${(await fetch(`${app.base}/`)).headers.get('content-security-policy') ? 'sent' : 'absent'}`,
    );
  }
  console.log('');
  for (const s of SCENARIOS) {
    const runs = VARIANTS.map(() => []);
    for (const app of apps) await load(app, s, 1);
    // The two servers take turns, each first in every other round, so a busy moment of the machine falls on both alike.
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? [0, 1] : [1, 0];
      for (const i of order) {
        const v = VARIANTS[i];
        const r = await load(apps[i], s, DURATION);
        runs[i].push(r);
        console.log(
          `round ${round} ${v.name.padEnd(10)} ${s.name.padEnd(36)} ${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(4)} ms p99 ${String(r.p99).padStart(4)} ms, server CPU ${r.cpuMs.toFixed(2)} ms/request${r.bad ? ` (non-2xx/errors: ${r.bad})` : ''}`,
        );
      }
    }
    const [on, off] = runs.map((list) => ({
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      cpuMs: median(list.map((r) => r.cpuMs)),
    }));
    console.log(
      `=> ${s.name} (medians): hardened ${on.rps.toFixed(0)} req/s (p50 ${on.p50} ms, p99 ${on.p99} ms, ${on.cpuMs.toFixed(2)} ms CPU/request) | ` +
        `unhardened ${off.rps.toFixed(0)} req/s (p50 ${off.p50} ms, p99 ${off.p99} ms, ${off.cpuMs.toFixed(2)} ms CPU/request) | ` +
        `throughput ${(on.rps / off.rps).toFixed(2)}x, CPU-bound capacity ${(off.cpuMs / on.cpuMs).toFixed(2)}x\n`,
    );
  }
} finally {
  for (const app of apps) await app.stop();
}
