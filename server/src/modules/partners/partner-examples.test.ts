import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_CHECK,
  LIST_WEBHOOKS,
  PARTNER_EXAMPLES,
  PARTNER_JS_CLIENT,
  PARTNER_KEY_EXAMPLES,
  PARTNER_WEBHOOK_VERIFIER,
  REGISTER_WEBHOOK,
  TOUR_AVAILABILITY_PAGED,
  partnerCurl,
  signatureHeader,
} from '@tembea/schema';
import { queryRows, sql } from '../../common/sql.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { gql } from '../../test/auth-helpers.js';
import { ADMIN_ENV, adminToken, makeTour } from '../../test/booking-helpers.js';
import { createKey, keyGql } from '../../test/partner-helpers.js';

const run = promisify(execFile);
let s: TestServer;
let key: string;

beforeAll(async () => {
  s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  key = (await createKey(s, await adminToken(s), { partnerName: 'Guide Readers Ltd', name: 'Examples' })).secret;
  // Tour 1 (the examples' tourId) and a second one, each with departures across the examples' window.
  const tours = [
    await makeTour(s, { title: 'Kilimanjaro Machame Route', durationDays: 7, durationNights: 6 }),
    await makeTour(s),
  ];
  expect(tours[0]).toBe(Number(TOUR_AVAILABILITY_PAGED.variables.tourId));
  await queryRows(
    s.orm.em.fork(),
    sql`
    insert into departures (tour_id, start_date, capacity)
    select t.id, '2027-06-01'::date + g * 3, 12 from unnest(${`{${tours.join(',')}}`}::int[]) t(id), generate_series(0, 49) g`,
  );
});
afterAll(() => s?.stop());

/** The connection an example's operation answers with (its one root field). */
function connectionOf(
  data: Record<
    string,
    { edges: { cursor: string; node: unknown }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
  >,
) {
  const roots = Object.values(data);
  expect(roots).toHaveLength(1);
  return roots[0]!;
}

describe('partner examples', () => {
  for (const ex of PARTNER_EXAMPLES) {
    it(`${ex.operationName} runs as written, without credentials, and answers with data`, async () => {
      const r = await gql(s, ex.query, ex.variables);
      expect(r.status).toBe(200);
      expect(r.body.errors).toBeUndefined();
      const c = connectionOf(r.body.data);
      expect(c.edges.length).toBeGreaterThan(0);
      expect(c.edges.every((e) => typeof e.cursor === 'string' && e.node)).toBe(true);
    });
  }

  it("TourAvailability pages through all of one tour's departures with after = endCursor", async () => {
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r = await gql(s, TOUR_AVAILABILITY_PAGED.query, { ...TOUR_AVAILABILITY_PAGED.variables, after });
      expect(r.body.errors).toBeUndefined();
      const c = r.body.data.availability;
      ids.push(...c.edges.map((e: { node: { id: string; tourId: string } }) => e.node.id));
      expect(new Set(c.edges.map((e: { node: { tourId: string } }) => e.node.tourId))).toEqual(new Set(['1']));
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
  });

  for (const ex of PARTNER_KEY_EXAMPLES) {
    it(`${ex.operationName} runs as written with an API key`, async () => {
      const r = await keyGql(s, key, ex.query, ex.variables);
      expect(r.status).toBe(200);
      expect(r.body.errors).toBeUndefined();
      expect(Object.values(r.body.data)[0]).toBeTruthy();
    });
  }

  it("the guide's curl command runs as printed, with the key from the environment", async () => {
    const { stdout } = await run('sh', ['-c', partnerCurl(s.url, API_KEY_CHECK)], {
      env: { ...process.env, TEMBEA_API_KEY: key },
    });
    expect(JSON.parse(stdout)).toEqual({
      data: { apiKey: { partnerName: 'Guide Readers Ltd', name: 'Examples', rateLimitPerMinute: 1200 } },
    });
  });

  it("the guide's JavaScript client reads with the key and throws GraphQL errors with their code", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tembea-client-'));
    try {
      await writeFile(path.join(dir, 'tembea.mjs'), PARTNER_JS_CLIENT);
      await writeFile(
        path.join(dir, 'main.mjs'),
        `
        import { tembea } from './tembea.mjs';
        const [origin, key] = process.argv.slice(2);
        const data = await tembea(origin, key, ${JSON.stringify(REGISTER_WEBHOOK.query)}, ${JSON.stringify(REGISTER_WEBHOOK.variables)});
        const listed = await tembea(origin, key, ${JSON.stringify(LIST_WEBHOOKS.query)});
        const refused = await tembea(origin, 'tmb_unknown', '{ apiKey { name } }').catch((e) => ({ code: e.code, status: e.status }));
        console.log(JSON.stringify({ secret: data.registerWebhook.secret.length > 0, listed: listed.webhooks.length, refused }));`,
      );
      const { stdout } = await run(process.execPath, [path.join(dir, 'main.mjs'), s.url, key]);
      expect(JSON.parse(stdout)).toEqual({
        secret: true,
        listed: 2,
        refused: { code: 'UNAUTHENTICATED', status: 401 },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the partner guide's webhook verifier, loaded as a partner pastes it into a module", () => {
  type Verifier = (secret: string, rawBody: string, timestamp: string | null, signature: string | null) => boolean;
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({
    event: 'SEATS_CHANGED',
    departureId: '7',
    tourId: '3',
    startDate: '2027-07-01',
    seatsLeft: 4,
    closed: false,
    occurredAt: '2027-01-01T00:00:00.000Z',
  });
  let dir: string;
  let verify: Verifier;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tembea-verifier-'));
    const file = path.join(dir, 'verify.mjs');
    await writeFile(file, PARTNER_WEBHOOK_VERIFIER);
    verify = ((await import(pathToFileURL(file).href)) as { verifyTembeaWebhook: Verifier }).verifyTembeaWebhook;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('accepts a delivery signed as the server signs it; refuses a changed body, another secret, an old or missing timestamp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = await signatureHeader(secret, now, body);
    expect(verify(secret, body, String(now), signature)).toBe(true);
    expect(verify(secret, `${body} `, String(now), signature)).toBe(false);
    expect(verify('whsec_other', body, String(now), signature)).toBe(false);
    const old = now - 600;
    expect(verify(secret, body, String(old), await signatureHeader(secret, old, body))).toBe(false);
    expect(verify(secret, body, null, signature)).toBe(false);
    expect(verify(secret, body, 'soon', signature)).toBe(false);
  });

  it('accepts any v1 value of a header that lists several', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = await signatureHeader(secret, now, body);
    expect(verify(secret, body, String(now), `v1=${'0'.repeat(64)}, ${signature}`)).toBe(true);
  });
});
