import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { DEVICE_COOKIE } from './device-token.js';
import { LOGIN_LOCKED } from './login-protection.js';
import { LOGIN, api, gql, mailsTo, signUpAndLogin, type Res } from '../../test/auth-helpers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SLOWED = /^Too many failed logins for this account\. Please try again in \d+ seconds\.$/;

let ipSeq = 0;
/** A client address of its own for each call (the servers below trust X-Forwarded-For). */
const newIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function deviceCookie(res: Res): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!set) throw new Error('no device cookie in the answer');
  return set.split(';')[0]!;
}

function helpers(s: () => TestServer) {
  const login = (email: string, password: string, ip: string, cookie?: string) =>
    api(
      s(),
      'POST',
      '/auth/login',
      { email, password },
      { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } },
    );
  /** Wrong passwords for one account, `perAddress` from each of `addresses` new addresses; the statuses in order. */
  const attack = async (email: string, addresses: number, perAddress: number) => {
    const statuses: number[] = [];
    for (let a = 0; a < addresses; a++) {
      const ip = newIp();
      for (let i = 0; i < perAddress; i++) statuses.push((await login(email, 'not-the-password', ip)).status);
    }
    return statuses;
  };
  return { login, attack };
}

// The same with the in-memory store and with Redis (a unique key prefix per test server).
describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL, REDIS_PREFIX: `tembea-test:${randomBytes(6).toString('hex')}:` }],
] as const)('an attack on one account from many addresses, %s', { timeout: 120_000 }, (_store, storeEnv) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1', ...storeEnv } });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const { login, attack } = helpers(() => s);

  it('100 wrong passwords over 10 addresses slow the account down for seconds: its owner gets in from a new address within 60 s', async () => {
    const owner = await signUpAndLogin(s);
    const statuses = await attack(owner.email, 10, 10);
    // 20 guesses were checked (10 from each of the first two addresses), then the rest refused
    // unchecked (all 80 of them unless the machine is so slow that the 15 s slow-down ran out).
    expect(statuses.slice(0, 21)).toEqual([...Array(20).fill(401), 429]);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(60);
    const attackEnded = Date.now();

    const slowed = await login(owner.email, owner.password, newIp());
    expect(slowed).toMatchObject({
      status: 429,
      body: { code: 'RATE_LIMITED', message: expect.stringMatching(SLOWED) },
    });
    const retry = Number(slowed.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(statuses.filter((x) => x === 401).length === 20 ? 15 : 30);
    await sleep(retry * 1000 + 250);
    const back = await login(owner.email, owner.password, newIp());
    expect(back.status).toBe(200);
    expect(Date.now() - attackEnded).toBeLessThan(60_000);

    // A second wave within the hour slows it down longer, still for seconds.
    const again = await attack(owner.email, 2, 10);
    expect(again.filter((x) => x === 401)).toHaveLength(20);
    const second = await login(owner.email, owner.password, newIp());
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(retry);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});

// Every failed login costs a password hash check: on a busy machine these take a while.
describe('login protection', { timeout: 120_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const { login, attack } = helpers(() => s);

  it('a device that signed in before gets in at once during the slow-down, from any address, even a locked one', async () => {
    const owner = await signUpAndLogin(s);
    const cookie = deviceCookie(await login(owner.email, owner.password, newIp()));
    const lockedIp = newIp();
    for (let i = 0; i < 10; i++) await login(owner.email, 'not-the-password', lockedIp);
    await attack(owner.email, 9, 10);
    expect((await login(owner.email, owner.password, newIp())).body.message).toMatch(SLOWED);
    expect((await login(owner.email, owner.password, lockedIp)).body.message).toBe(LOGIN_LOCKED);
    expect((await login(owner.email, owner.password, newIp(), cookie)).status).toBe(200);
    const next = await login(owner.email, owner.password, lockedIp, cookie);
    expect(next.status).toBe(200);
    // Each success hands out a fresh device token.
    expect(deviceCookie(next)).not.toBe(cookie);
  });

  it('a device token works only for its own account and only as issued', async () => {
    const a = await signUpAndLogin(s);
    const b = await signUpAndLogin(s);
    const cookieOfA = deviceCookie(await login(a.email, a.password, newIp()));
    await attack(b.email, 2, 10);
    expect((await login(b.email, b.password, newIp(), cookieOfA)).status).toBe(429);
    const [name, value] = cookieOfA.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    await attack(a.email, 2, 10);
    expect((await login(a.email, a.password, newIp(), tampered)).status).toBe(429);
    expect((await login(a.email, a.password, newIp(), cookieOfA)).status).toBe(200);
  });

  it('a known device has a lock of its own: 10 wrong passwords lock that device, not the account', async () => {
    const owner = await signUpAndLogin(s);
    const laptop = deviceCookie(await login(owner.email, owner.password, newIp()));
    const phone = deviceCookie(await login(owner.email, owner.password, newIp()));
    for (let i = 0; i < 10; i++)
      expect((await login(owner.email, 'not-the-password', newIp(), laptop)).status).toBe(401);
    const locked = await login(owner.email, owner.password, newIp(), laptop);
    expect(locked).toMatchObject({ status: 429, body: { message: LOGIN_LOCKED } });
    expect((await login(owner.email, owner.password, newIp(), phone)).status).toBe(200);
    expect((await login(owner.email, owner.password, newIp())).status).toBe(200);
  });

  it('the device cookie is HttpOnly, SameSite=Strict, kept 180 days, Secure over HTTPS; GraphQL logins set it too', async () => {
    const owner = await signUpAndLogin(s);
    const plain = (await login(owner.email, owner.password, newIp())).headers
      .getSetCookie()
      .find((c) => c.startsWith(DEVICE_COOKIE))!;
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Strict/);
    expect(plain).toMatch(/; Path=\//);
    expect(plain).toMatch(/; Max-Age=15552000/);
    expect(plain).not.toMatch(/; Secure/);
    const https = await api(
      s,
      'POST',
      '/auth/login',
      { email: owner.email, password: owner.password },
      { headers: { 'x-forwarded-for': newIp(), 'x-forwarded-proto': 'https' } },
    );
    expect(https.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE))).toMatch(/; Secure/);
    const g = await gql(
      s,
      LOGIN,
      { input: { email: owner.email, password: owner.password } },
      { headers: { 'x-forwarded-for': newIp() } },
    );
    expect(g.body.data.login.accessToken).toBeTruthy();
    const cookie = deviceCookie(g);
    await attack(owner.email, 2, 10);
    expect(
      (
        await gql(
          s,
          LOGIN,
          { input: { email: owner.email, password: owner.password } },
          { headers: { 'x-forwarded-for': newIp(), cookie } },
        )
      ).body.data.login,
    ).toBeTruthy();
  });

  it('blocks an address for a day after 100 failed logins for any accounts; other addresses are unaffected', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      statuses.push((await login(`guess.${i}.${Date.now().toString(36)}@example.com`, 'not-the-password', ip)).status);
    }
    expect(statuses.filter((x) => x === 401)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(20).fill(429));
    const owner = await signUpAndLogin(s);
    const blocked = await login(owner.email, owner.password, ip);
    expect(blocked).toMatchObject({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message: 'Too many failed logins from your network address. Please try again in 24 hours.',
      },
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await login(owner.email, owner.password, newIp())).status).toBe(200);
  }, 240_000);

  it('a password reset lifts the slow-down of the account at once', async () => {
    const owner = await signUpAndLogin(s);
    await attack(owner.email, 2, 10);
    expect((await login(owner.email, owner.password, newIp())).status).toBe(429);
    await api(s, 'POST', '/auth/forgot-password', { email: owner.email }, { headers: { 'x-forwarded-for': newIp() } });
    await expect.poll(() => mailsTo(s, owner.email).length).toBe(1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(s, owner.email)[0]!.text)![1];
    expect((await api(s, 'POST', '/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(200);
    expect((await login(owner.email, 'brand-new-pass', newIp())).status).toBe(200);
  });
});
