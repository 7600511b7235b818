import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOUR_CHANGES } from '@tembea/schema';
import { startTestServer, type TestServer } from '../test/harness.js';
import { signUpAndLogin } from '../test/auth-helpers.js';
import { ADMIN_ENV, book, makeTour, request } from '../test/booking-helpers.js';
import { loggableError } from './errors.js';
import { setLogLevel } from './logger.js';

/** Every JSON log line written to stdout and stderr while `work` runs. */
async function logLinesOf(work: () => Promise<void>): Promise<Record<string, any>[]> {
  const printed: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    }),
  );
  setLogLevel('info');
  try {
    await work();
  } finally {
    setLogLevel('error');
    for (const spy of spies) spy.mockRestore();
  }
  return printed
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: ADMIN_ENV });
});
afterAll(async () => {
  await s?.stop();
});

describe('request logs', () => {
  it('writes one JSON line per request with the route pattern, status, duration and request id', async () => {
    let requestId = '';
    const lines = await logLinesOf(async () => {
      const res = await fetch(`${s.url}/api/tours/1`);
      expect(res.status).toBe(200);
      requestId = res.headers.get('x-request-id') ?? '';
    });
    const line = lines.find((l) => l.msg === 'request' && l.requestId === requestId);
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/tours/:id',
      status: 200,
      pid: process.pid,
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(typeof line!.time).toBe('string');
  });

  it('names the GraphQL operation on /graphql, and keeps an incoming X-Request-Id', async () => {
    const lines = await logLinesOf(async () => {
      const res = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'trace-abc-123' },
        body: JSON.stringify({ query: 'query HomeTours { tours(first: 2) { edges { node { id } } } }' }),
      });
      expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    });
    expect(lines.find((l) => l.requestId === 'trace-abc-123')).toMatchObject({
      msg: 'request',
      route: '/graphql',
      operation: 'HomeTours',
      status: 200,
    });
  });
});

describe('GET /metrics', () => {
  it('exports HTTP, GraphQL, booking, pool, rate-limit and process metrics with bounded labels', async () => {
    await fetch(`${s.url}/api/tours/2`);
    await fetch(`${s.url}/api/tours/3`);
    await s.gql('query HomeTours { tours(first: 1) { edges { node { id } } } }');
    await s.gql('{ tours(first: 1) { edges { node { id } } } }');
    await s.gql('query Weird$Name { nope }');
    const contact = { name: 'Asha', email: 'asha@example.com', message: 'Hello there, a question about tours.' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await s.rest('POST', '/api/contact', contact)).status);
    expect(statuses.at(-1)).toBe(429);

    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/tembea_http_requests_total\{method="GET",route="\/api\/tours\/:id",status="200"\} [1-9]/);
    expect(text).toMatch(
      /tembea_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/tours\/:id",status="200"\}/,
    );
    expect(text).not.toContain('/api/tours/2');
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="HomeTours",status="200"\} [1-9]/);
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="anonymous",status="200"\} 1/);
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="unknown",status="400"\} 1/);
    expect(text).toMatch(/tembea_graphql_request_duration_seconds_count\{operation="HomeTours"\} [1-9]/);
    expect(text).toMatch(/tembea_rate_limit_refusals_total\{limiter="contact"\} 1/);
    for (const status of ['Pending', 'Confirmed', 'Cancelled', 'Completed'])
      expect(text).toMatch(new RegExp(`tembea_bookings\\{status="${status}"\\} \\d+`));
    expect(text).toMatch(/tembea_db_pool_connections\{state="used"\} \d+/);
    expect(text).toMatch(/tembea_db_pool_connections\{state="pending"\} \d+/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
  });

  it('counts bookings by status from the database at scrape time', async () => {
    const count = async () =>
      Number(/tembea_bookings\{status="Pending"\} (\d+)/.exec(await (await fetch(`${s.url}/metrics`)).text())![1]);
    const before = await count();
    const traveller = await signUpAndLogin(s);
    const booked = await book(s, traveller.accessToken, request(await makeTour(s)));
    expect(booked.body.errors).toBeUndefined();
    expect(await count()).toBe(before + 1);
  });

  it('each app has its own registry: a second server in the same process starts and counts on its own', async () => {
    const other = await startTestServer({ seedDemo: false, env: { METRICS_TOKEN: 'scrape-secret-1234' } });
    try {
      expect((await fetch(`${other.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${other.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const ok = await fetch(`${other.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-1234' } });
      expect(ok.status).toBe(200);
      const text = await ok.text();
      expect(text).not.toContain('route="/api/tours/:id"');
      expect(text).toContain('tembea_http_requests_total{method="GET",route="/metrics",status="401"} 2');
    } finally {
      await other.stop();
    }
  });
});

describe('GET /metrics labels', () => {
  it("give the client's and the partner guide's operations a series each, and any other name `other`", async () => {
    await s.gql('query HomeTours { tours(first: 1) { edges { node { id } } } }');
    await s.gql(TOUR_CHANGES.query, TOUR_CHANGES.variables);
    for (let i = 0; i < 5; i++) await s.gql(`query Junk${randomBytes(4).toString('hex')} { __typename }`);
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="HomeTours",status="200"\} [1-9]/);
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="TourChanges",status="200"\} 1/);
    expect(text).toMatch(/tembea_graphql_requests_total\{operation="other",status="200"\} [5-9]/);
    expect(text).not.toMatch(/operation="Junk/);
  });
});

describe('GET /metrics in production', () => {
  const secret = () => randomBytes(48).toString('base64url');
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: secret(),
    JWT_REFRESH_SECRET: secret(),
    PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  };

  it('answers 404 without METRICS_TOKEN, as a server without metrics would', async () => {
    const p = await startTestServer({ seedDemo: false, env: production });
    try {
      const res = await fetch(`${p.url}/metrics`, { headers: { authorization: 'Bearer anything' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' });
    } finally {
      await p.stop();
    }
  });

  it('serves them with METRICS_TOKEN to its bearer only', async () => {
    const p = await startTestServer({ seedDemo: false, env: { ...production, METRICS_TOKEN: 'scrape-secret-5678' } });
    try {
      expect((await fetch(`${p.url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${p.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-5678' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('tembea_http_requests_total');
    } finally {
      await p.stop();
    }
  });
});

describe('GET /ready', () => {
  it('checks the database at most once a second, however many probes arrive', async () => {
    let checks = 0;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (/^select 1$/i.test(String((args[0] as { text?: string })?.text ?? args[0]).trim())) checks++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await new Promise((r) => setTimeout(r, 1_100));
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${s.url}/ready`)));
      const seconds = Math.ceil((Date.now() - started) / 1000);
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      // One check a second at most, however long the burst took on a busy machine.
      expect(checks).toBeGreaterThanOrEqual(1);
      expect(checks).toBeLessThanOrEqual(seconds);
      const afterBurst = checks;
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await fetch(`${s.url}/ready`)).status).toBe(200);
      expect(checks).toBe(afterBurst + 1);
    } finally {
      pg.Client.prototype.query = original;
    }
  });
});

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  JWT_REFRESH_SECRET: randomBytes(32).toString('base64url'),
  PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
};

describe('unexpected errors', () => {
  // Production formats GraphQL errors once more (it drops "Did you mean" hints): the masked answer
  // must still be logged and carry its request id there.
  it.each([
    ['development', {}],
    ['production', PRODUCTION_ENV],
  ])(
    'answer a generic message with the request id, and log the stack with that id (REST and GraphQL, %s)',
    async (_mode, env) => {
      const broken = await startTestServer({ seedDemo: false, env });
      try {
        await broken.closeDatabase();
        let rest: { status: number; body: any } = { status: 0, body: null };
        let graphql: { status: number; body: any } = { status: 0, body: null };
        const lines = await logLinesOf(async () => {
          rest = await broken.rest('GET', '/api/tours?limit=2');
          graphql = await broken.gql('{ tours(first: 2) { edges { node { id } } } }');
        });
        expect(rest.status).toBe(500);
        expect(rest.body).toMatchObject({
          code: 'INTERNAL_SERVER_ERROR',
          message: expect.stringMatching(/unexpected error/i),
          requestId: expect.any(String),
        });
        expect(JSON.stringify(rest.body)).not.toMatch(/select|knex|pool|at /i);
        const restLog = lines.find((l) => l.level === 'error' && l.requestId === rest.body.requestId);
        expect(restLog?.error).toMatch(/\n\s+at /);

        const gqlError = graphql.body.errors[0];
        expect(gqlError).toMatchObject({
          message: expect.stringMatching(/unexpected error/i),
          extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) },
        });
        expect(JSON.stringify(graphql.body)).not.toMatch(/select|knex|pool/i);
        const gqlLog = lines.find((l) => l.level === 'error' && l.requestId === gqlError.extensions.requestId);
        expect(gqlLog?.error).toMatch(/\n\s+at /);
      } finally {
        await broken.stop().catch(() => {});
      }
    },
  );
});

describe('database errors', () => {
  it('are logged without the failed statement, whose values may be secrets or personal data', async () => {
    const failure = await s.orm.em
      .fork()
      .getConnection()
      .execute('select ?::text as secret, ?::int as n', ['whsec_do-not-log-me', 'not-a-number'])
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    for (const logged of [loggableError(failure), loggableError(failure, { stack: false })]) {
      expect(logged).toMatch(/^(\w+: )?\[statement withheld\] - invalid input syntax for type integer/);
      expect(logged).not.toContain('whsec_do-not-log-me');
    }
    expect(loggableError(failure)).toMatch(/\n\s+at /);
  });
});
