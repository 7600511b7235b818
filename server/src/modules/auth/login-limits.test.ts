import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { LOGIN, api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { BAD_CREDENTIALS, SIGNUP_LOCKED } from './auth.service.js';

const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';
const ADDRESS_BLOCKED = 'Too many failed logins from your network address. Please try again in 24 hours.';
const SLOWED = /^Too many failed logins for this account\. Please try again in \d+ seconds\.$/;
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

  /**
   * One login over REST (odd n) or GraphQL (even n): 'checked' when its password was checked and
   * found wrong, 'ok' when it logged in, else the message of its 429.
   */
  const tryLogin = async (n: number, email: string, password: string, ip: string): Promise<string> => {
    if (n % 2) {
      const r = await restLogin(email, password, ip);
      if (r.status === 200) return 'ok';
      if (r.status === 401 && r.body.message === BAD_CREDENTIALS) return 'checked';
      expect(r).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      return r.body.message;
    }
    const g = await gql(s, LOGIN, { input: { email, password } }, from(ip));
    if (g.body.data?.login) return 'ok';
    const e = g.body.errors[0];
    if (e.message === BAD_CREDENTIALS) return 'checked';
    expect(e.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    return e.message;
  };
  const inParallel = (n: number, attempt: (i: number) => Promise<string>) =>
    Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));
  const tally = (outcomes: string[]) => {
    const counts: Record<string, number> = {};
    for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
    return counts;
  };

  it('checks only 10 of 30 wrong passwords sent at once for one account from one address; the rest are 429 unchecked', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    const outcomes = await inParallel(30, (i) => tryLogin(i, a.email, 'wrong-password', ip));
    expect(tally(outcomes)).toEqual({ checked: s.config.rateLimits.loginPair, [LOCKED]: 20 });
    expect(await tryLogin(1, a.email, a.password, ip)).toBe(LOCKED);
    expect(await tryLogin(1, a.email, a.password, newIp())).toBe('ok');
  });

  it('a correct password after fewer failures than the limit logs in and clears the pair, also under parallel attempts', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    expect(tally(await inParallel(9, (i) => tryLogin(i, a.email, 'wrong-password', ip)))).toEqual({ checked: 9 });
    expect(await tryLogin(1, a.email, a.password, ip)).toBe('ok');
    const again = await inParallel(30, (i) => tryLogin(i, a.email, 'wrong-password', ip));
    expect(tally(again)).toEqual({ checked: 10, [LOCKED]: 20 });
  });

  it('checks only 20 of 30 wrong passwords sent at once for one account from 30 addresses, then slows the account down', async () => {
    const a = await signUpAndLogin(s);
    const outcomes = await inParallel(30, (i) => tryLogin(i, a.email, 'wrong-password', newIp()));
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(s.config.rateLimits.loginAccount);
    expect(outcomes.filter((o) => o !== 'checked')).toEqual(Array(10).fill(expect.stringMatching(SLOWED)));
    expect(await tryLogin(1, a.email, a.password, newIp())).toMatch(SLOWED);
  });

  it('a successful login does not count toward the account slow-down', async () => {
    const a = await signUpAndLogin(s);
    for (const [ip, failures] of [
      [newIp(), 10],
      [newIp(), 9],
    ] as const) {
      expect(tally(await inParallel(failures, (i) => tryLogin(i, a.email, 'wrong-password', ip)))).toEqual({
        checked: failures,
      });
    }
    expect(await tryLogin(1, a.email, a.password, newIp())).toBe('ok');
    // The 20th failure is still checked, and only then does the slow-down start.
    expect(await tryLogin(1, a.email, 'wrong-password', newIp())).toBe('checked');
    expect(await tryLogin(1, a.email, a.password, newIp())).toMatch(SLOWED);
  });

  it('checks only 100 of 130 wrong passwords sent at once from one address over many accounts; its successes do not count', async () => {
    const a = await signUpAndLogin(s);
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect(await tryLogin(i, a.email, a.password, ip)).toBe('ok');
    const run = randomBytes(4).toString('hex');
    const outcomes = await inParallel(130, (i) => tryLogin(i, `guess.${i}.${run}@example.com`, 'wrong-password', ip));
    expect(tally(outcomes)).toEqual({ checked: s.config.rateLimits.loginAddress, [ADDRESS_BLOCKED]: 30 });
    expect(await tryLogin(1, a.email, a.password, ip)).toBe(ADDRESS_BLOCKED);
  }, 120_000);

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
