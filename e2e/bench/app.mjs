// Starts and stops the built server for the benchmarks, on a free port against a given database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SERVER_DIST } from './data.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once the server is ready (/ready: database migrated, app built), not merely alive (/health). */
export async function waitForHealth(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/** The built server in production mode on `url`, with extra environment (and another entry script); resolves once ready. */
export async function startApp(
  url,
  env = {},
  script = path.join(SERVER_DIST, 'main.js'),
  // Flags for the server's Node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (BENCH_SERVER_NODE_ARGS by default).
  nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-bench-'));
  const port = await freePort();
  const secret = () => randomBytes(32).toString('base64url');
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: secret(),
      JWT_REFRESH_SECRET: secret(),
      PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      // The load comes from one address: the API limit (600 a minute) would refuse almost all of it.
      API_RATE_LIMIT: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A helper script under this Node (a bare server); resolves with the child once it prints `readyLine`. */
export function startChild(args, env, readyLine) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes(readyLine)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out.slice(-500)}`)));
  });
}
