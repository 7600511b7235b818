import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { LOGIN, api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { SIGNUP_LOCKED } from './auth.service.js';

const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Same behaviour with the in-memory store and with Redis (a unique key prefix per test server).
describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL, REDIS_PREFIX: `tembea-test:${randomBytes(6).toString('hex')}:` }],
] as const)('login and reset limits %s', (_store, storeEnv) => {
  let s: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY lets the tests speak from several client addresses.
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1', ...storeEnv } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  let ipSeq = 0;
  const newIp = () => `203.0.113.${++ipSeq}`;
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const restLogin = (email: string, password: string, ip: string) =>
    api(s, 'POST', '/auth/login', { email, password }, from(ip));

  it('limits sign-ups per address (each costs a password hash): 429 after 30 in an hour, other addresses unaffected', async () => {
    const ip = newIp();
    const register = (n: number, addr: string) =>
      api(
        s,
        'POST',
        '/auth/register',
        {
          name: 'Flood Test',
          email: `flood-${n}-${randomBytes(4).toString('hex')}@example.com`,
          phone: '+255700000000',
          password: 'flood-password-1',
        },
        from(addr),
      );
    for (let i = 0; i < 30; i++) expect((await register(i, ip)).status).toBe(201);
    const refused = await register(30, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: SIGNUP_LOCKED, code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await register(31, newIp())).status).toBe(201);
  });

  it('locks an account on one address after 10 failures: 429 with Retry-After, even for the right password', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await restLogin(a.email, 'wrong-password', ip)).status).toBe(401);
    const locked = await restLogin(a.email, a.password, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: LOCKED, code: 'RATE_LIMITED' });
    const retry = Number(locked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    const g = await gql(s, LOGIN, { input: { email: a.email, password: a.password } }, from(ip));
    expect(g.body.errors[0]).toMatchObject({
      message: LOCKED,
      extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) },
    });
  });

  it('keys on the address: the same account still logs in from another one', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    for (let i = 0; i < 10; i++) await restLogin(a.email, 'wrong-password', ip);
    expect((await restLogin(a.email, a.password, ip)).status).toBe(429);
    expect((await restLogin(a.email, a.password, newIp())).status).toBe(200);
    // and another account from the locked address is not affected
    const b = await signUpAndLogin(s);
    expect((await restLogin(b.email, b.password, ip)).status).toBe(200);
  });

  it('locks an unknown email the same way, so the lock reveals nothing', async () => {
    const ip = newIp();
    const email = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect((await restLogin(email, 'wrong-password', ip)).status).toBe(401);
    const locked = await restLogin(email, 'wrong-password', ip);
    expect(locked).toMatchObject({ status: 429, body: { message: LOCKED } });
  });

  it('a successful login clears the count of the address', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    for (let i = 0; i < 9; i++) await restLogin(a.email, 'wrong-password', ip);
    expect((await restLogin(a.email, a.password, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await restLogin(a.email, 'wrong-password', ip)).status).toBe(401);
    expect((await restLogin(a.email, a.password, ip)).status).toBe(200);
  });

  it('limits reset requests per email (3 an hour) and per address (10 an hour)', async () => {
    const a = await signUpAndLogin(s);
    for (let i = 0; i < 3; i++)
      expect((await api(s, 'POST', '/auth/forgot-password', { email: a.email }, from(newIp()))).status).toBe(200);
    const perEmail = await api(s, 'POST', '/auth/forgot-password', { email: a.email }, from(newIp()));
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await api(s, 'POST', '/auth/forgot-password', { email: `someone${i}.${Date.now()}@example.com` }, from(ip)))
          .status,
      ).toBe(200);
    }
    const perIp = await gql(
      s,
      `mutation { forgotPassword(email: "late.${Date.now()}@example.com") { message } }`,
      {},
      from(ip),
    );
    expect(perIp.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
