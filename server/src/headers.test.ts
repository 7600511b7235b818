import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN, ME, api, gql, signUpAndLogin } from './test/auth-helpers.js';
import { startTestServer, type TestServer } from './test/harness.js';

const HSTS = 'max-age=31536000; includeSubDomains';

describe('answers with tokens or user data are not cached', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false });
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
