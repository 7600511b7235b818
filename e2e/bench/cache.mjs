// The cached catalogue page: the benchmark's GraphQL filter query, anonymous, with a warm catalogue
// cache (in memory, then in Redis), beside the bare node:http + pg server answering the same page
// from PostgreSQL. Prints figures, asserts nothing.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort, startApp } from './app.mjs';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Runs the cached page at one catalogue size. `load(base, req, seconds)` drives autocannon,
 * `startChild` starts the bare server, `gqlFilter` is the page's request as the other scenarios send it.
 */
export async function benchCache(url, size, { load, startChild, gqlFilter, duration }) {
  console.log(`\n--- cached GraphQL catalogue page, ${size} tours (anonymous, warm cache) ---`);
  const barePort = await freePort();
  const bare = await startChild(
    [path.join(import.meta.dirname, 'bare-server.mjs'), String(barePort), url],
    {},
    'ready',
  );
  const bareBase = `http://127.0.0.1:${barePort}`;
  const rows = [];
  try {
    await load(bareBase, { path: '/filter' }, 1);
    const b = await load(bareBase, { path: '/filter' }, duration);
    console.log(`bare node:http + pg (same page from PostgreSQL)   ${fmt(b)}`);
    const stores = [
      { name: 'app, cache in memory', env: {} },
      {
        name: 'app, cache in Redis',
        env: { REDIS_URL, REDIS_PREFIX: `tembea:bench:${randomBytes(4).toString('hex')}:` },
      },
    ];
    for (const store of stores) {
      const app = await startApp(url, store.env);
      try {
        const warm = await fetch(app.base + gqlFilter.path, {
          method: 'POST',
          headers: gqlFilter.headers,
          body: gqlFilter.body,
        });
        await warm.text();
        const check = await fetch(app.base + gqlFilter.path, {
          method: 'POST',
          headers: gqlFilter.headers,
          body: gqlFilter.body,
        });
        await check.text();
        const state = check.headers.get('x-catalogue-cache');
        await load(app.base, gqlFilter, 1);
        const a = await load(app.base, gqlFilter, duration);
        rows.push({ size, name: store.name, a, b });
        console.log(
          `${store.name.padEnd(48)} ${fmt(a)} | app/bare ${(a.rps / b.rps).toFixed(2)}${state === 'hit' ? '' : ` (NOT SERVED FROM THE CACHE: ${state})`}`,
        );
      } finally {
        await app.stop();
      }
    }
  } finally {
    bare.kill('SIGTERM');
  }
  return rows;
}

function fmt(r) {
  return `${r.rps.toFixed(0).padStart(6)} req/s p50 ${String(r.p50).padStart(4)} ms p99 ${String(r.p99).padStart(4)} ms${r.bad ? ` (non-2xx/errors ${r.bad})` : ''}`;
}
