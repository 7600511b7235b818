// Where an uncached catalogue request's CPU goes, layer by layer, in the app and in the bare node:http + pg
// server answering the same page with the same SQL. Each server runs alone under a steady load of
// a few connections with --cpu-prof; the CPU it used (from /proc) per request and its profile's time per
// request by layer (bench/profile-layers.mjs) are printed side by side. CPU per request holds up on a
// busy machine far better than requests per second do. The profile's time is on-thread time, so it
// also holds the moments the thread waited for a CPU (mostly inside socket writes, shown apart).
// Prints figures, asserts nothing.
//
//   node bench/framework-tax.mjs [--tours=10k]     (also part of `npm run bench`; build first)
//   BENCH_PROFILE_DIR=/tmp/prof keeps the profiles (read them with bench/profile-layers.mjs --layer=…).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startApp } from './app.mjs';
import { ensureDatabase } from './data.mjs';
import { processCpuMs } from './proc-cpu.mjs';
import { layersOf } from './profile-layers.mjs';

const REQUESTS = Number(process.env.BENCH_TAX_REQUESTS ?? 3000);
const WARM_UP = 300;
const CONNECTIONS = 4;
const CARD =
  'id title description destination price priceText originalPrice discount images bg rating numRatings tier bookingType travelType durationDays durationNights status featured';
const GQL = `query Bench($filter: TourFilter) { tours(filter: $filter, first: 20) { totalCount nodes { ${CARD} } pageInfo { hasNextPage endCursor } } }`;

export const TAX_CASES = [
  {
    name: 'GraphQL tours(first: 20) + filter',
    app: {
      path: '/graphql',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GQL, variables: { filter: { travelType: 'Safari', bookingType: 'group' } } }),
    },
    bare: { path: '/filter' },
  },
  { name: 'REST GET /api/tours?limit=20', app: { path: '/api/tours?limit=20' }, bare: { path: '/rest?limit=20' } },
];

async function drive(base, req, amount) {
  const r = await autocannon({
    url: base + req.path,
    method: req.method ?? 'GET',
    headers: req.headers,
    body: req.body,
    connections: CONNECTIONS,
    amount,
  });
  return r.non2xx + r.errors;
}

/** Runs a server with --cpu-prof under the load; CPU ms per request and the layer split (ms per request). */
async function profiled(start, req) {
  const kept = process.env.BENCH_PROFILE_DIR;
  const dir = mkdtempSync(path.join(kept ?? os.tmpdir(), 'tembea-prof-'));
  const server = await start([`--cpu-prof`, `--cpu-prof-dir=${dir}`]);
  try {
    let bad = await drive(server.base, req, WARM_UP);
    const before = processCpuMs(server.pid);
    bad += await drive(server.base, req, REQUESTS);
    const perRequest = (processCpuMs(server.pid) - before) / REQUESTS;
    await server.stop();
    const profile = JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8'));
    const { layers, totalMs } = layersOf(profile);
    // Profile time per request: the profile starts at the first request, the warm-up included.
    const split = new Map(
      layers.filter((l) => !l.name.startsWith('idle')).map((l) => [l.name, (l.share * totalMs) / (WARM_UP + REQUESTS)]),
    );
    return { perRequest, split, bad };
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

function startBare(url) {
  return async (nodeArgs) => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [...nodeArgs, path.join(import.meta.dirname, 'bare-server.mjs'), String(port), url],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    return {
      base: `http://127.0.0.1:${port}`,
      pid: child.pid,
      stop: () =>
        new Promise((r) => {
          child.once('exit', r);
          child.kill('SIGTERM');
        }),
    };
  };
}

function startProfiledApp(url) {
  return (nodeArgs) => startApp(url, { CATALOGUE_CACHE: 'false' }, undefined, nodeArgs);
}

/** Prints, per case, the CPU per request of the app and the bare server, split by layer; returns the figures. */
export async function benchFrameworkTax(url, size) {
  console.log(
    `\n--- where an uncached request's time goes (${size} tours, ${CONNECTIONS} connections, ${REQUESTS} requests): CPU ms per request, then profile ms per request by layer ---`,
  );
  const results = [];
  for (const c of TAX_CASES) {
    const app = await profiled(startProfiledApp(url), c.app);
    const bare = await profiled(startBare(url), c.bare);
    const names = [...new Set([...app.split.keys(), ...bare.split.keys()])].sort(
      (a, b) => (app.split.get(b) ?? 0) - (app.split.get(a) ?? 0),
    );
    console.log(
      `${c.name}: app ${app.perRequest.toFixed(2)} ms, bare ${bare.perRequest.toFixed(2)} ms, bare/app ${(bare.perRequest / app.perRequest).toFixed(2)}${app.bad + bare.bad ? ` (non-2xx/errors ${app.bad + bare.bad})` : ''}`,
    );
    for (const n of names) {
      const a = app.split.get(n) ?? 0;
      const b = bare.split.get(n) ?? 0;
      if (a < 0.005 && b < 0.005) continue;
      console.log(`  ${n.padEnd(42)} app ${a.toFixed(3).padStart(6)}  bare ${b.toFixed(3).padStart(6)}`);
    }
    results.push({ name: c.name, app, bare });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = process.argv.find((a) => a.startsWith('--tours='))?.slice(8) ?? '10k';
  const size = Number(arg.replace(/k$/i, '000'));
  const url = await ensureDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', size);
  await benchFrameworkTax(url, size);
}
