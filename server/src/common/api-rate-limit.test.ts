import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { api, gql, signUpAndLogin } from '../test/auth-helpers.js';

const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';
let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;
const via = (forwardedFor: string) => ({ headers: { 'x-forwarded-for': forwardedFor } });
const failLogin = (s: TestServer, email: string, forwardedFor: string) =>
  api(s, 'POST', '/auth/login', { email, password: 'wrong-password-1' }, via(forwardedFor));

describe('without a trusted proxy (TRUST_PROXY=0) a client cannot choose the address it is counted at', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { LOGIN_PAIR_LIMIT: '4' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('failed logins with a new X-Forwarded-For each time still lock the account on the real address', async () => {
    const a = await signUpAndLogin(s);
    for (let i = 0; i < 4; i++) expect((await failLogin(s, a.email, `10.9.8.${i}`)).status).toBe(401);
    const locked = await api(s, 'POST', '/auth/login', { email: a.email, password: a.password }, via('10.9.9.9'));
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: LOCKED, code: 'RATE_LIMITED' });
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1) the address the proxy appended is the one counted', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1', LOGIN_PAIR_LIMIT: '4' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a client-supplied leftmost value changes nothing; the rightmost (proxy-appended) address locks', async () => {
    const a = await signUpAndLogin(s);
    const client = newIp();
    for (let i = 0; i < 4; i++) expect((await failLogin(s, a.email, `10.0.0.${i}, ${client}`)).status).toBe(401);
    const locked = await api(
      s,
      'POST',
      '/auth/login',
      { email: a.email, password: a.password },
      via(`10.0.0.99, ${client}`),
    );
    expect(locked.status).toBe(429);
    // Another client address (the one the proxy appends) is its own pair.
    expect(
      (await api(s, 'POST', '/auth/login', { email: a.email, password: a.password }, via(`${client}, ${newIp()}`)))
        .status,
    ).toBe(200);
  });
});

describe('the general API limit (API_RATE_LIMIT per minute, per signed-in user, else per address)', () => {
  let s: TestServer;
  const LIMIT = 8;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1', API_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('answers 429 RATE_LIMITED with Retry-After on /graphql and /api once an address has used its quota', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT; i++) {
      const r =
        i % 2 ? await api(s, 'GET', '/tours?limit=1', undefined, via(ip)) : await gql(s, '{ __typename }', {}, via(ip));
      expect(r.status).toBe(200);
    }
    const g = await gql(s, '{ __typename }', {}, via(ip));
    expect(g.status).toBe(429);
    expect(Number(g.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(g.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(g.body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^Too many requests/),
          extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) },
        },
      ],
    });
    const r = await api(s, 'POST', '/contact', { name: 'x' }, via(ip));
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ message: expect.stringMatching(/^Too many requests/), code: 'RATE_LIMITED' });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other addresses and the health check are not affected.
    expect((await gql(s, '{ __typename }', {}, via(newIp()))).status).toBe(200);
    expect((await fetch(`${s.url}/health`, via(ip))).status).toBe(200);
  });

  const page = (p: string, ip: string) =>
    fetch(`${s.url}${p}`, { headers: { accept: 'text/html', 'x-forwarded-for': ip } });
  const unique = () => `nowhere-${++ipSeq}-${Date.now()}`;

  it('counts a server-rendered page that reads the database against the same quota, and /metrics too', async () => {
    const ip = newIp();
    // Each page's data is new to the catalogue cache, so each render reads the database and counts.
    for (let i = 0; i < LIMIT; i++) expect((await page(`/tourfilter?destination=${unique()}`, ip)).status).toBe(200);
    expect((await gql(s, '{ __typename }', {}, via(ip))).status).toBe(429);
    const refused = await page(`/tourfilter?destination=${unique()}`, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The app's shell: the browser shows the refusal its own requests get.
    expect(await refused.text()).toContain('<div id="root"></div>');
    expect((await fetch(`${s.url}/metrics`, via(ip))).status).toBe(429);
    // The probes a load balancer sends are never refused, and other addresses get their pages.
    expect((await fetch(`${s.url}/ready`, via(ip))).status).toBe(200);
    expect((await fetch(`${s.url}/health`, via(ip))).status).toBe(200);
    expect((await page(`/tourfilter?destination=${unique()}`, newIp())).status).toBe(200);
  });

  it('a page rendered from the catalogue cache reads no database and does not count', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMIT * 2; i++) expect((await page('/tours', ip)).status).toBe(200);
    expect((await gql(s, '{ __typename }', {}, via(ip))).status).toBe(200);
  });

  it('counts a signed-in user by account, wherever it connects from', async () => {
    const a = await signUpAndLogin(s, {});
    const seen: number[] = [];
    for (let i = 0; i <= LIMIT; i++)
      seen.push((await api(s, 'GET', '/users/profile', undefined, { token: a.accessToken, ...via(newIp()) })).status);
    expect(seen).toEqual([...Array(LIMIT).fill(200), 429]);
    // The same addresses without the token still have their own quota.
    expect((await api(s, 'GET', '/tours?limit=1', undefined, via(`198.51.100.${ipSeq}`))).status).toBe(200);
  });
});

describe('every other rate limit takes its count from the environment', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      seedDemo: false,
      env: {
        TRUST_PROXY: '1',
        SIGNUP_RATE_LIMIT: '2',
        CONTACT_RATE_LIMIT: '2',
        FORGOT_PASSWORD_EMAIL_LIMIT: '1',
        FORGOT_PASSWORD_IP_LIMIT: '2',
        LOGIN_IP_LIMIT: '3',
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const statuses = async (n: number, call: (i: number) => Promise<{ status: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call(i)).status);
    return out;
  };

  it('sign-ups, contact messages, reset requests and failed logins per address', async () => {
    const ip = newIp();
    const user = (i: number) => ({
      name: 'Rate Test',
      email: `rate-${i}-${Date.now()}@example.com`,
      phone: '+255700000000',
      password: 'rate-password-1',
    });
    expect(await statuses(3, (i) => api(s, 'POST', '/auth/register', user(i), via(ip)))).toEqual([201, 201, 429]);
    const msg = { name: 'Asha', email: 'asha@example.com', message: 'Is there a departure in June?' };
    expect(await statuses(3, () => api(s, 'POST', '/contact', msg, via(ip)))).toEqual([200, 200, 429]);
    expect(
      await statuses(2, () => api(s, 'POST', '/auth/forgot-password', { email: 'one@example.com' }, via(newIp()))),
    ).toEqual([200, 429]);
    const resetIp = newIp();
    expect(
      await statuses(3, (i) => api(s, 'POST', '/auth/forgot-password', { email: `r${i}@example.com` }, via(resetIp))),
    ).toEqual([200, 200, 429]);
    const loginIp = newIp();
    expect(await statuses(4, (i) => failLogin(s, `nobody-${i}@example.com`, loginIp))).toEqual([401, 401, 401, 429]);
  });
});

describe('rate-limit configuration', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-limits-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("defaults to today's limits", () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.rateLimits).toEqual({
      loginPair: 10,
      loginAddress: 100,
      loginAccount: 20,
      loginDevice: 10,
      signup: 30,
      forgotEmail: 3,
      forgotAddress: 10,
      contact: 5,
      api: 600,
      partnerApi: 1200,
    });
    expect(c.bookingsPerHour).toBe(30);
  });

  it.each([
    'LOGIN_PAIR_LIMIT',
    'LOGIN_IP_LIMIT',
    'LOGIN_ACCOUNT_LIMIT',
    'LOGIN_DEVICE_LIMIT',
    'SIGNUP_RATE_LIMIT',
    'FORGOT_PASSWORD_EMAIL_LIMIT',
    'FORGOT_PASSWORD_IP_LIMIT',
    'CONTACT_RATE_LIMIT',
    'API_RATE_LIMIT',
    'PARTNER_API_RATE_LIMIT',
    'BOOKING_RATE_LIMIT',
  ])('%s: a whole number of at least 1', (name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: '0' })).toThrow(
      new ConfigError(
        `${name} must be between 1 and ${name.endsWith('API_RATE_LIMIT') ? '100000000' : '1000000'}, got 0`,
      ),
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: 'lots' })).toThrow(
      `${name} must be a whole number, got "lots"`,
    );
  });
});
