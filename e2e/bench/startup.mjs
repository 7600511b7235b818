// Start-up time of the built server on an existing embedded database, as `npm start` runs it without
// DATABASE_URL: from spawning the process to the first 200 on /health (the port answers, alive) and to
// the first 200 on /ready (database reachable and migrated, app built). The first start creates the
// database and the demo catalogue and is not counted. Prints figures, asserts nothing.
//
//   npm run bench:startup              (from e2e/; build first: npm run build)
//
// Environment: BENCH_STARTS (7) counted starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './app.mjs';
import { SERVER_DIST } from './data.mjs';
import { median } from './median.mjs';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const POLL_MS = 10;

async function firstOk(url, child, started) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** One start on dataDir: milliseconds to /health and to /ready, then a clean stop. */
async function start(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(SERVER_DIST, 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const health = await firstOk(`${base}/health`, child, started);
    const ready = await firstOk(`${base}/ready`, child, started);
    return { health, ready };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

const row = (name, xs) =>
  `${name.padEnd(8)} median ${(median(xs) / 1000).toFixed(2)} s, min ${(Math.min(...xs) / 1000).toFixed(2)} s, max ${(Math.max(...xs) / 1000).toFixed(2)} s`;

if (!existsSync(path.join(SERVER_DIST, 'main.js'))) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-startup-'));
try {
  const first = await start(dataDir);
  console.log(
    `Start-up on an existing embedded database, ${STARTS} starts, ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(
    `(first start, creating the database and the demo catalogue: /ready after ${(first.ready / 1000).toFixed(2)} s, not counted)`,
  );
  const runs = [];
  for (let i = 0; i < STARTS; i++) runs.push(await start(dataDir));
  console.log(
    row(
      '/health',
      runs.map((r) => r.health),
    ),
  );
  console.log(
    row(
      '/ready',
      runs.map((r) => r.ready),
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
