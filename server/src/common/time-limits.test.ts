import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { LOGIN } from '../test/auth-helpers.js';
import { ADMIN, ADMIN_ENV } from '../test/booking-helpers.js';
import { queryRows, sql } from './sql.js';

const showTimeout = async (s: TestServer) =>
  (await queryRows<{ statement_timeout: string }>(s.orm.em.fork(), sql`show statement_timeout`))[0]?.statement_timeout;

describe('DB_STATEMENT_TIMEOUT_MS', () => {
  it('is set on the pool connections of the embedded database (which accepts it but cannot enforce it)', async () => {
    const s = await startTestServer({
      seedDemo: false,
      database: 'embedded',
      env: { DB_STATEMENT_TIMEOUT_MS: '1500' },
    });
    try {
      expect(await showTimeout(s)).toBe('1500ms');
    } finally {
      await s.stop();
    }
  });

  // Cancelling a running statement needs a real PostgreSQL server.
  describe('on PostgreSQL', () => {
    let s: TestServer;
    let other: pg.Client | null = null;
    beforeAll(async () => {
      s = await startTestServer({ database: 'postgres', env: { DB_STATEMENT_TIMEOUT_MS: '300' } });
    });
    afterAll(async () => {
      await other?.end().catch(() => {});
      await s?.stop();
    });

    it('defaults to 10 s and is set on every pool connection', async () => {
      const d = await startTestServer({ seedDemo: false, database: 'postgres' });
      try {
        expect(await showTimeout(d)).toBe('10s');
      } finally {
        await d.stop();
      }
      expect(await showTimeout(s)).toBe('300ms');
    });

    it('cancels a statement that runs past it with SQLSTATE 57014', async () => {
      await expect(queryRows(s.orm.em.fork(), sql`select pg_sleep(3)`)).rejects.toMatchObject({ code: '57014' });
    });

    it('turns a request whose query is cancelled into a 503 TIMEOUT (REST) or a TIMEOUT error (GraphQL), without SQL', async () => {
      other = new pg.Client({ connectionString: s.config.databaseUrl! });
      await other.connect();
      await other.query('begin');
      await other.query('lock table tours in access exclusive mode');
      const rest = await s.rest('GET', '/api/tours/1');
      const graphql = await s.gql('{ tour(id: 1) { id title } }');
      await other.query('rollback');

      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({
        success: false,
        code: 'TIMEOUT',
        message: 'A database query took too long. Please try again.',
      });
      expect(graphql.body.errors[0]).toMatchObject({
        message: 'A database query took too long. Please try again.',
        extensions: { code: 'TIMEOUT' },
      });
      for (const body of [rest.body, graphql.body])
        expect(JSON.stringify(body)).not.toMatch(/select|tours"|statement timeout|57014/i);

      // The lock released, the same requests succeed.
      expect((await s.rest('GET', '/api/tours/1')).status).toBe(200);
    });
  });
});

describe('waiting for a database connection', () => {
  it('gives up after REQUEST_TIMEOUT_MS, as the request does, instead of running its statement late', async () => {
    // The embedded database's pool has one connection: a transaction holding it makes the next statement wait.
    const s = await startTestServer({ seedDemo: false, database: 'embedded', env: { REQUEST_TIMEOUT_MS: '1000' } });
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inTransaction = new Promise<void>((r) => (opened = r));
    const holding = s.orm.em.fork().transactional(async (em) => {
      await queryRows(em, sql`select 1`);
      opened();
      await held;
    });
    await inTransaction;
    try {
      await expect(queryRows(s.orm.em.fork(), sql`select 1`)).rejects.toThrow(/Timeout acquiring a connection/);
    } finally {
      release();
      await holding;
      await s.stop();
    }
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Shorter than one password check, so every login runs past it.
    s = await startTestServer({ seedDemo: false, env: { ...ADMIN_ENV, REQUEST_TIMEOUT_MS: '5' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('answers a request still running with 503 TIMEOUT in the REST shape, and closes its connection', async () => {
    const res = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('connection')).toBe('close');
    const body = await res.json();
    expect(body).toEqual({
      success: false,
      code: 'TIMEOUT',
      message: expect.stringMatching(/took too long/),
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('answers a GraphQL request still running with 503 and a TIMEOUT error in the GraphQL shape', async () => {
    const r = await s.gql(LOGIN, { input: ADMIN });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/took too long/),
          extensions: { code: 'TIMEOUT', requestId: expect.any(String) },
        },
      ],
    });
  });

  it('keeps serving once the late handlers finish (their answers are dropped, nothing crashes)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const health = await s.rest('GET', '/health');
    expect(health.status).toBe(200);
  });
});
