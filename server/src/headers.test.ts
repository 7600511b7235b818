import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN, ME, api, gql, signUpAndLogin } from './test/auth-helpers.js';
import { ADMIN_ENV, adminToken, bookRest, inDays, makeTour, request } from './test/booking-helpers.js';
import { startTestServer, type TestServer } from './test/harness.js';
import { createKey, keyHeaders } from './test/partner-helpers.js';

const HSTS = 'max-age=31536000; includeSubDomains';

describe('answers with tokens or user data are not cached', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: ADMIN_ENV });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const cacheControl = (r: { headers: Headers }) => r.headers.get('cache-control');

  it('REST /api/auth/* and /api/users/*: no-store, on success and on error', async () => {
    const a = await signUpAndLogin(s);
    const answers = [
      await api(s, 'POST', '/auth/login', { email: a.email, password: a.password }),
      await api(s, 'POST', '/auth/login', { email: a.email, password: 'not-the-password' }),
      await api(s, 'POST', '/auth/refresh', { refreshToken: a.refreshToken }),
      await api(s, 'POST', '/auth/register', {}),
      await api(s, 'GET', '/users/profile', undefined, { token: a.accessToken }),
      await api(s, 'GET', '/users/profile'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 200, 400, 200, 401]);
    for (const r of answers) expect(cacheControl(r)).toBe('no-store');
    // The public catalogue may still be cached.
    expect(cacheControl(await api(s, 'GET', '/tours?limit=1'))).not.toBe('no-store');
  });

  it('REST: every answer that depends on the caller is no-store; only the anonymous catalogue keeps its caching', async () => {
    const admin = await adminToken(s);
    const a = await signUpAndLogin(s);
    const tourId = await makeTour(s);
    const day = inDays(40);
    const booked = await bookRest(s, a.accessToken, tourId, request(tourId, { startDate: day }));
    const departure = `tourId=${tourId}&date=${day}`;
    const { secret } = await createKey(s, admin);
    const partner = { headers: keyHeaders(secret, 'x-api-key') };
    const answers: Record<string, { status: number; headers: Headers }> = {
      booked,
      mine: await api(s, 'GET', '/bookings/my', undefined, { token: a.accessToken }),
      all: await api(s, 'GET', '/bookings/admin/all', undefined, { token: admin }),
      manifest: await api(s, 'GET', `/bookings/admin/manifest?${departure}`, undefined, { token: admin }),
      permits: await api(s, 'GET', `/bookings/admin/permits?${departure}`, undefined, { token: admin }),
      permitsCsv: await api(s, 'GET', `/bookings/admin/permits?${departure}&format=csv`, undefined, { token: admin }),
      payments: await api(s, 'GET', '/bookings/admin/payments', undefined, { token: admin }),
      mineAnonymous: await api(s, 'GET', '/bookings/my'),
      manifestAnonymous: await api(s, 'GET', `/bookings/admin/manifest?${departure}`),
      manifestByUser: await api(s, 'GET', `/bookings/admin/manifest?${departure}`, undefined, { token: a.accessToken }),
      unknownPath: await api(s, 'GET', '/nope'),
      // Mounted before the other routes (it reads the raw body), and no-store all the same (404 here:
      // no card payments are set up).
      stripeWebhook: await api(s, 'POST', '/payments/stripe/webhook', {}),
      // The catalogue read with credentials: what it shows may depend on who asks.
      toursAsUser: await api(s, 'GET', '/tours?limit=1', undefined, { token: a.accessToken }),
      tourAsAdmin: await api(s, 'GET', `/tours/${tourId}`, undefined, { token: admin }),
      departuresAsPartner: await api(s, 'GET', `/tours/${tourId}/departures`, undefined, partner),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      booked: 201,
      mine: 200,
      all: 200,
      manifest: 200,
      permits: 200,
      permitsCsv: 200,
      payments: 200,
      mineAnonymous: 401,
      manifestAnonymous: 401,
      manifestByUser: 403,
      unknownPath: 404,
      stripeWebhook: 404,
      toursAsUser: 200,
      tourAsAdmin: 200,
      departuresAsPartner: 200,
    });
    for (const [name, r] of Object.entries(answers)) expect(cacheControl(r), name).toBe('no-store');

    // The anonymous catalogue keeps what it sent before: a strong ETag, no Cache-Control, 304 on revalidation.
    for (const p of ['/tours?limit=1', '/tours/filters', `/tours/${tourId}`, `/tours/${tourId}/departures`]) {
      const r = await api(s, 'GET', p);
      expect(r.status, p).toBe(200);
      expect(cacheControl(r), p).toBeNull();
      const etag = r.headers.get('etag');
      expect(etag, p).toMatch(/^"/);
      // (fetch adds no-cache to a conditional request unless told otherwise.)
      const again = await fetch(`${s.url}/api${p}`, {
        headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
      });
      expect(again.status, p).toBe(304);
    }
  });

  it('GraphQL: no-store for any request with an Authorization header and any POST (a login answer carries tokens)', async () => {
    const a = await signUpAndLogin(s);
    expect(cacheControl(await gql(s, ME, {}, { token: a.accessToken }))).toBe('no-store');
    expect(cacheControl(await gql(s, ME, {}, { token: 'not-a-token' }))).toBe('no-store');
    expect(cacheControl(await gql(s, LOGIN, { input: { email: a.email, password: a.password } }))).toBe('no-store');
    const query = encodeURIComponent('{ tours(first: 1) { totalCount } }');
    const get = (headers: Record<string, string>) =>
      fetch(`${s.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true', ...headers } });
    const anonymous = await get({});
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).not.toBe('no-store');
    expect((await get({ authorization: `Bearer ${a.accessToken}` })).headers.get('cache-control')).toBe('no-store');
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await fetch(`${s.url}/health`)).headers.get('strict-transport-security')).toBeNull();
    const spoofed = await fetch(`${s.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('HSTS behind a TLS-terminating proxy', () => {
  let s: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1' } });
    off = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1', HSTS_MAX_AGE: '0' } });
  });
  afterAll(async () => {
    await s?.stop();
    await off?.stop();
  });
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

  it('is sent on every answer over HTTPS (X-Forwarded-Proto https from the trusted proxy)', async () => {
    for (const p of ['/health', '/api/tours?limit=1', '/api/users/profile', '/nope']) {
      const res = await fetch(`${s.url}${p}`, { headers: https });
      expect(res.headers.get('strict-transport-security'), p).toBe(HSTS);
    }
    expect(
      (await fetch(`${s.url}/health`, { headers: { 'x-forwarded-proto': 'http' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });

  it('HSTS_MAX_AGE=0 turns it off', async () => {
    expect((await fetch(`${off.url}/health`, { headers: https })).headers.get('strict-transport-security')).toBeNull();
  });
});
