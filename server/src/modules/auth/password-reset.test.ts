import { chmodSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { User } from '../users/user.entity.js';
import { hashPassword } from './password.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { tokenHash } from './secrets.js';
import { LOGIN, api, gql, mails, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { captureRequestStatements } from '../../test/statements.js';

let s: TestServer;
beforeAll(async () => {
  // Each request below comes from its own forwarded address, so the per-IP limit of reset
  // requests (rate-limit.test.ts) does not add up across these tests.
  s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await s?.stop();
});

const FORGOT = `mutation($email: String!) { forgotPassword(email: $email) { message } }`;
const RESET = `mutation($token: String!, $password: String!) { resetPassword(token: $token, password: $password) { message } }`;
let ipSeq = 0;
const fromNewIp = () => ({ headers: { 'x-forwarded-for': `198.51.100.${++ipSeq}` } });
const SENT = 'If the email exists, a reset link has been sent. Please check your inbox.';

/** Asks for a reset link and returns the token of the link mailed to the address. */
async function requestLink(email: string, via: 'gql' | 'rest' = 'gql'): Promise<string> {
  const before = mailsTo(s, email).length;
  if (via === 'gql') expect((await gql(s, FORGOT, { email }, fromNewIp())).body.data.forgotPassword.message).toBe(SENT);
  else expect((await api(s, 'POST', '/auth/forgot-password', { email }, fromNewIp())).body.message).toBe(SENT);
  await expect.poll(() => mailsTo(s, email).length).toBe(before + 1);
  const text = mailsTo(s, email).at(-1)!.text;
  const m = new RegExp(`${s.config.publicUrl.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(
    text,
  );
  expect(m, 'reset link in the mail').not.toBeNull();
  return m![1]!;
}

describe('forgot password', () => {
  it('mails a reset link (text and HTML, with the operator details) and stores only its hash', async () => {
    const a = await signUpAndLogin(s);
    const token = await requestLink(a.email);
    const mail = mailsTo(s, a.email).at(-1)!.text;
    expect(mail).toMatch(/Subject: Reset your Tembea password/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain('Arusha');
    const row = await s.orm.em.fork().findOneOrFail(PasswordResetToken, { tokenHash: tokenHash(token) });
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('keeps the mail holding the link private: outbox folder 0700 (tightened if it was wider), each file 0600', async () => {
    const outbox = path.join(s.dataDir, 'mail');
    mkdirSync(outbox, { recursive: true });
    chmodSync(outbox, 0o755);
    const a = await signUpAndLogin(s);
    await requestLink(a.email);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    const file = path.join(outbox, mailsTo(s, a.email).at(-1)!.file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('answers an unknown email the same and sends nothing', async () => {
    const known = await signUpAndLogin(s);
    const count = mails(s).length;
    const unknown = `nobody.${Date.now()}@example.com`;
    const g = await gql(s, FORGOT, { email: unknown }, fromNewIp());
    expect(g.body).toEqual({ data: { forgotPassword: { message: SENT } } });
    const r1 = await api(s, 'POST', '/auth/forgot-password', { email: unknown }, fromNewIp());
    const r2 = await api(s, 'POST', '/auth/forgot-password', { email: known.email }, fromNewIp());
    expect(r1.status).toBe(r2.status);
    expect(r1.body).toEqual(r2.body);
    await expect.poll(() => mailsTo(s, known.email).length).toBe(1);
    expect(mails(s).length).toBe(count + 1);
    expect(mailsTo(s, unknown)).toHaveLength(0);
  });

  it('refuses a missing or malformed email with BAD_USER_INPUT', async () => {
    expect((await api(s, 'POST', '/auth/forgot-password', {})).status).toBe(400);
    const g = await gql(s, FORGOT, { email: 'nope' });
    expect(g.body.errors[0]).toMatchObject({
      message: 'Please enter a valid email address',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('forgot password gives away nothing by its timing', () => {
  let ipSeq2 = 0;
  const from = () => ({ headers: { 'x-forwarded-for': `10.77.${Math.floor(++ipSeq2 / 250)}.${(ipSeq2 % 250) + 1}` } });
  const forgot = (email: string) => api(s, 'POST', '/auth/forgot-password', { email }, from());
  const median = (xs: number[]) => {
    const a = [...xs].sort((x, y) => x - y);
    const m = a.length >> 1;
    return a.length % 2 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
  };

  it('answers before any account-dependent work: no SQL statement runs, nothing is stored or mailed until the answer has gone', async () => {
    const a = await signUpAndLogin(s);
    const unknown = `nobody.${Date.now()}@example.com`;
    s.jobs.pause();
    const statements = captureRequestStatements();
    let known, other;
    try {
      known = await forgot(a.email);
      other = await forgot(unknown);
      expect(statements.seen).toEqual([]);
      expect(await s.orm.em.fork().count(PasswordResetToken, { user: a.id })).toBe(0);
      expect(mailsTo(s, a.email)).toHaveLength(0);
    } finally {
      statements.stop();
      s.jobs.resume();
    }
    expect(known).toMatchObject({ status: 200, body: { message: SENT } });
    expect(other.body).toEqual(known.body);
    expect(other.status).toBe(known.status);
    // The work then happens after the answers: a link for the account, nothing for the unknown address.
    await s.jobs.idle();
    expect(await s.orm.em.fork().count(PasswordResetToken, { user: a.id })).toBe(1);
    expect(mailsTo(s, a.email)).toHaveLength(1);
    expect(mailsTo(s, unknown)).toHaveLength(0);
  });

  it('answers an existing and an unknown address in the same time (medians of 40 requests each)', async () => {
    const em = s.orm.em.fork();
    const passwordHash = await hashPassword('timing-check-pass-1');
    const stamp = Date.now().toString(36);
    const known = Array.from({ length: 40 }, (_, i) => `known.${stamp}.${i}@example.com`);
    for (const email of known) em.persist(em.create(User, { name: 'Timing Check', email, passwordHash }));
    await em.flush();
    // Each answer is timed alone. The work after an answer starts once the answer has been written
    // to the socket, so a client elsewhere cannot see it; but this test's client shares the server's
    // process (and the embedded database), so that work is held until the answer has been read here,
    // then let run before the next request.
    const time = async (email: string) => {
      s.jobs.pause();
      const t0 = performance.now();
      const res = await forgot(email);
      const ms = performance.now() - t0;
      s.jobs.resume();
      await s.jobs.idle();
      expect(res.status).toBe(200);
      return ms;
    };
    for (let i = 0; i < 5; i++) await time(`warm-up.${stamp}.${i}@example.com`);
    /** One round of 40 pairs; the median of the differences within pairs, and a summary. */
    const round = async (r: number) => {
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (let i = 0; i < 40; i++) {
        // Alternate which goes first, so a drift in the machine's load hits both alike.
        const unknown = `unknown.${stamp}.${r}.${i}@example.com`;
        if (i % 2) {
          unknownMs.push(await time(unknown));
          knownMs.push(await time(known[i]!));
        } else {
          knownMs.push(await time(known[i]!));
          unknownMs.push(await time(unknown));
        }
      }
      // Each pair ran back to back, so the differences within pairs cancel most of the drift of a
      // busy machine's load, which would swamp a difference between the two medians.
      const within = median(knownMs.map((ms, i) => ms - unknownMs[i]!));
      return {
        within,
        what: `existing ${median(knownMs).toFixed(2)} ms, unknown ${median(unknownMs).toFixed(2)} ms, within pairs ${within.toFixed(2)} ms`,
      };
    };
    // A real difference shows in every round (an answer that looked the account up was 2-9 ms slower
    // here); a busy machine's noise rarely in three running.
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let r = 0; r < 3; r++) {
      rounds.push(await round(r));
      if (Math.abs(rounds.at(-1)!.within) < 2) break;
    }
    expect(Math.min(...rounds.map((x) => Math.abs(x.within))), rounds.map((x) => x.what).join('; ')).toBeLessThan(2);
    await s.jobs.idle();
    expect(mailsTo(s, known[0]!).length).toBeGreaterThanOrEqual(1);
  }, 180_000);
});

describe('reset password', () => {
  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const a = await signUpAndLogin(s);
    const token = await requestLink(a.email, 'rest');
    const res = await api(s, 'POST', '/auth/reset-password', { token, password: 'new-pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/password has been reset/);
    // The session from before the reset cannot be refreshed, and its access token is refused at once.
    expect((await api(s, 'POST', '/auth/refresh', { refreshToken: a.refreshToken })).status).toBe(401);
    expect((await api(s, 'GET', '/users/profile', undefined, { token: a.accessToken })).status).toBe(401);
    expect(
      (await gql(s, LOGIN, { input: { email: a.email, password: a.password } })).body.errors[0].extensions.code,
    ).toBe('UNAUTHENTICATED');
    expect(
      (await gql(s, LOGIN, { input: { email: a.email, password: 'new-pass' } })).body.data.login.accessToken,
    ).toBeTruthy();
    // Used once: the same link is refused.
    const again = await gql(s, RESET, { token, password: 'another-pass' });
    expect(again.body.errors[0]).toMatchObject({
      message: 'Invalid or expired reset token',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('a used link also kills the other links sent before it', async () => {
    const a = await signUpAndLogin(s);
    const first = await requestLink(a.email);
    const second = await requestLink(a.email);
    expect((await gql(s, RESET, { token: second, password: 'second-pass' })).body.errors).toBeUndefined();
    expect((await gql(s, RESET, { token: first, password: 'first-pass' })).body.errors[0].message).toBe(
      'Invalid or expired reset token',
    );
  });

  it('refuses an expired link', async () => {
    const a = await signUpAndLogin(s);
    const token = await requestLink(a.email);
    await s.orm.em
      .fork()
      .nativeUpdate(PasswordResetToken, { tokenHash: tokenHash(token) }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await api(s, 'POST', '/auth/reset-password', { token, password: 'new-pass' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Invalid or expired reset token', code: 'BAD_USER_INPUT' },
    });
    expect((await api(s, 'POST', '/auth/login', { email: a.email, password: a.password })).status).toBe(200);
  });

  it("refuses a missing token with 'Invalid reset token' and an unknown one", async () => {
    expect((await api(s, 'POST', '/auth/reset-password', { password: 'new-pass' })).body.message).toBe(
      'Invalid reset token',
    );
    expect((await gql(s, RESET, { token: '', password: 'new-pass' })).body.errors[0].message).toBe(
      'Invalid reset token',
    );
    expect((await gql(s, RESET, { token: 'made-up', password: 'new-pass' })).body.errors[0].message).toBe(
      'Invalid or expired reset token',
    );
  });

  it('applies the sign-up password policy (8 to 256 characters, not a common one) and keeps the link usable after a refusal', async () => {
    const a = await signUpAndLogin(s);
    const token = await requestLink(a.email);
    const short = await gql(s, RESET, { token, password: '1234567' });
    expect(short.body.errors[0]).toMatchObject({
      message: 'Password must be at least 8 characters',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'password' }] },
    });
    expect((await api(s, 'POST', '/auth/reset-password', { token, password: 'z'.repeat(257) })).body.message).toBe(
      'Password must be at most 256 characters',
    );
    expect((await api(s, 'POST', '/auth/reset-password', { token })).body.message).toBe('Password is required');
    for (const password of ['123456789', 'Sunshine', 'baseball']) {
      const rest = await api(s, 'POST', '/auth/reset-password', { token, password });
      expect(rest, password).toMatchObject({
        status: 400,
        body: { message: 'This password is too common. Please choose another.', errors: [{ field: 'password' }] },
      });
    }
    const common = await gql(s, RESET, { token, password: 'trustno1' });
    expect(common.body.errors[0]).toMatchObject({
      message: 'This password is too common. Please choose another.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // The old password still works: nothing was changed by the refusals.
    expect((await api(s, 'POST', '/auth/login', { email: a.email, password: a.password })).status).toBe(200);
    expect((await gql(s, RESET, { token, password: 'ngorongoro-crater' })).body.errors).toBeUndefined();
    expect((await api(s, 'POST', '/auth/login', { email: a.email, password: 'ngorongoro-crater' })).status).toBe(200);
  });

  it('two parallel resets with one link: one succeeds', async () => {
    const a = await signUpAndLogin(s);
    const token = await requestLink(a.email);
    const results = await Promise.all(
      ['parallel-one', 'parallel-two'].map((password) => api(s, 'POST', '/auth/reset-password', { token, password })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
