import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTembea, type Running } from '../boot.js';
import { loadConfig, type Config } from '../config.js';
import { freshDatabase } from './fresh-database.js';

export { freshDatabase };

export interface TestServer extends Running {
  config: Config;
  dataDir: string;
  /**
   * Closes the connection pool, as a database outage would leave the app. The background workers'
   * first rounds at start are let finish first: a statement asked of a pool that is closing waits
   * out the pool's acquire timeout (60 s), and stop() would wait for it.
   */
  closeDatabase(): Promise<void>;
  /** POST a GraphQL operation; returns the parsed body and status. */
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; body: any }>;
  /** Calls a REST path under the server (e.g. '/api/tours'). */
  rest<T = any>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

/** The machine's PostgreSQL, for tests of what the embedded database cannot do. */
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Boots the real app on a real PostgreSQL: the server named by TEST_DATABASE_URL (a fresh database
 * per call) or an in-memory embedded one, with the demo catalogue unless seedDemo is false.
 * `database` forces one: 'postgres' a fresh database on TEST_DATABASE_URL's server or the
 * machine's, 'embedded' the in-memory one.
 */
export async function startTestServer(
  opts: { seedDemo?: boolean; env?: Record<string, string>; database?: 'postgres' | 'embedded' } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-test-'));
  const base =
    opts.database === 'embedded'
      ? null
      : (process.env.TEST_DATABASE_URL ?? (opts.database === 'postgres' ? MACHINE_POSTGRES : null));
  const db = base ? await freshDatabase(base) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    SEED_DEMO: opts.seedDemo === false ? 'false' : 'true',
    // Tests send far more than a person from one address; the general API limit has its own tests.
    API_RATE_LIMIT: '100000000',
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...opts.env,
  });
  const running = await startTembea(config, { inMemoryDb: true });
  const stop = running.stop;
  return {
    ...running,
    config,
    dataDir,
    async stop() {
      await stop();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async closeDatabase() {
      await Promise.all([running.outbox.flush(), running.webhooks.flush(), running.paymentSchedule.flush()]);
      await running.orm.close(true);
    },
    async gql(query, variables, token) {
      const res = await fetch(`${running.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
    async rest(method, p, body, token) {
      const res = await fetch(`${running.url}${p}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
