import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { RefreshToken } from './refresh-token.entity.js';
import { tokenHash } from './secrets.js';
import { ME, REFRESH, api, gql, signUpAndLogin } from '../../test/auth-helpers.js';
import { captureRequestStatements } from '../../test/statements.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await s?.stop();
});

const EXPIRED = 'Session expired. Please login again.';
const row = (token: string) => s.orm.em.fork().findOneOrFail(RefreshToken, { tokenHash: tokenHash(token) });
const refreshGql = (t: string) => gql(s, REFRESH, { t });
const refreshRest = (t: string) => api(s, 'POST', '/auth/refresh', { refreshToken: t });

describe('refresh tokens', () => {
  it('are random, stored only as their hash, and expire 30 days after login', async () => {
    const a = await signUpAndLogin(s);
    const r = await row(a.refreshToken);
    expect(r.tokenHash).not.toContain(a.refreshToken);
    expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const days = (r.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const b = await signUpAndLogin(s);
    expect(b.refreshToken).not.toBe(a.refreshToken);
  });

  it('rotate on each use (GraphQL and REST), keeping the family and its absolute expiry', async () => {
    const a = await signUpAndLogin(s);
    const first = await refreshGql(a.refreshToken);
    expect(first.body.errors).toBeUndefined();
    const pair = first.body.data.refreshToken;
    expect(pair.refreshToken).not.toBe(a.refreshToken);
    expect((await gql(s, ME, {}, { token: pair.accessToken })).body.data.me.email).toBe(a.email);
    const second = await refreshRest(pair.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const [r0, r2] = [await row(a.refreshToken), await row(second.body.refreshToken)];
    expect(r2.familyId).toBe(r0.familyId);
    expect(r2.expiresAt.getTime()).toBe(r0.expiresAt.getTime());
    expect(r0.usedAt).toBeInstanceOf(Date);
  });

  it('presenting a used token again revokes the whole family', async () => {
    const a = await signUpAndLogin(s);
    const next = (await refreshRest(a.refreshToken)).body.refreshToken as string;
    const reuse = await refreshGql(a.refreshToken);
    expect(reuse.body.errors[0]).toMatchObject({ message: EXPIRED, extensions: { code: 'UNAUTHENTICATED' } });
    // The legitimate successor is dead too: whoever copied the token gets nothing.
    const after = await refreshRest(next);
    expect(after).toMatchObject({ status: 401, body: { message: EXPIRED } });
    expect((await row(next)).revokedAt).toBeInstanceOf(Date);
    // Other sessions of the same user are untouched.
    const other = await api(s, 'POST', '/auth/login', { email: a.email, password: a.password });
    expect((await refreshRest(other.body.refreshToken)).status).toBe(200);
  });

  it('of ten parallel refreshes with one token, exactly one wins', async () => {
    const a = await signUpAndLogin(s);
    // Half over GraphQL, half over REST: both go through the same conditional UPDATE.
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        if (i % 2) {
          const r = await refreshRest(a.refreshToken);
          return { won: r.status === 200, code: r.status === 401 ? 'UNAUTHENTICATED' : String(r.status) };
        }
        const r = await refreshGql(a.refreshToken);
        return { won: !!r.body.data?.refreshToken, code: r.body.errors?.[0]?.extensions.code };
      }),
    );
    expect(results.filter((r) => r.won)).toHaveLength(1);
    expect(results.filter((r) => !r.won).map((r) => r.code)).toEqual(Array(9).fill('UNAUTHENTICATED'));
    const successors = await s.orm.em.fork().count(RefreshToken, { familyId: (await row(a.refreshToken)).familyId });
    expect(successors).toBe(2);
  });

  it('stop working after the absolute expiry, even unused', async () => {
    const a = await signUpAndLogin(s);
    const em = s.orm.em.fork();
    await em.nativeUpdate(
      RefreshToken,
      { tokenHash: tokenHash(a.refreshToken) },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    expect(await refreshRest(a.refreshToken)).toMatchObject({ status: 401, body: { message: EXPIRED } });
    expect((await refreshGql(a.refreshToken)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an unknown, empty or missing refresh token', async () => {
    expect((await refreshRest('made-up-token')).status).toBe(401);
    expect((await refreshRest('')).status).toBe(401);
    expect((await api(s, 'POST', '/auth/refresh', {})).status).toBe(401);
    expect((await refreshGql('x'.repeat(43))).body.errors[0].message).toBe(EXPIRED);
  });
});

describe('logout', () => {
  it('revokes the session of the refresh token over GraphQL', async () => {
    const a = await signUpAndLogin(s);
    const out = await gql(
      s,
      `mutation($t: String) { logout(refreshToken: $t) { allSessionsEnded } }`,
      { t: a.refreshToken },
      { token: a.accessToken },
    );
    expect(out.body.data.logout).toEqual({ allSessionsEnded: false });
    expect((await refreshRest(a.refreshToken)).status).toBe(401);
  });

  it('over REST with only the bearer token ends every session of the user', async () => {
    const a = await signUpAndLogin(s);
    const second = await api(s, 'POST', '/auth/login', { email: a.email, password: a.password });
    const out = await api(s, 'POST', '/auth/logout', undefined, { token: a.accessToken });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect((await refreshRest(a.refreshToken)).status).toBe(401);
    expect((await refreshRest(second.body.refreshToken)).status).toBe(401);
  });

  it('over REST with a refresh token ends only that session', async () => {
    const a = await signUpAndLogin(s);
    const second = await api(s, 'POST', '/auth/login', { email: a.email, password: a.password });
    expect((await api(s, 'POST', '/auth/logout', { refreshToken: a.refreshToken })).status).toBe(200);
    expect((await refreshRest(a.refreshToken)).status).toBe(401);
    expect((await refreshRest(second.body.refreshToken)).status).toBe(200);
  });

  it('refuses a refresh token that is not text with 400, and ends no session', async () => {
    const a = await signUpAndLogin(s);
    const out = await api(s, 'POST', '/auth/logout', { refreshToken: 123 }, { token: a.accessToken });
    expect(out).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', message: 'refreshToken must be text' } });
    expect((await refreshRest(a.refreshToken)).status).toBe(200);
  });

  it('needs a session: without token nor refresh token it is UNAUTHENTICATED', async () => {
    const g = await gql(s, `mutation { logout { allSessionsEnded } }`);
    expect(g.body.errors[0]).toMatchObject({
      message: 'Authentication required. Please login.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await api(s, 'POST', '/auth/logout')).status).toBe(401);
  });
});

describe('access tokens end with their session', () => {
  const profile = (token: string) => api(s, 'GET', '/users/profile', undefined, { token });
  const sid = (token: string) => (jwt.decode(token) as jwt.JwtPayload).sid as string;

  it('carry the session id, which rotation keeps', async () => {
    const a = await signUpAndLogin(s);
    const family = (await row(a.refreshToken)).familyId;
    expect(sid(a.accessToken)).toBe(family);
    const next = await refreshRest(a.refreshToken);
    expect(sid(next.body.accessToken)).toBe(family);
    expect((await profile(next.body.accessToken)).status).toBe(200);
  });

  it('are refused after logout, over REST and GraphQL', async () => {
    const a = await signUpAndLogin(s);
    expect((await profile(a.accessToken)).status).toBe(200);
    expect((await api(s, 'POST', '/auth/logout', undefined, { token: a.accessToken })).status).toBe(200);
    expect(await profile(a.accessToken)).toMatchObject({
      status: 401,
      body: { message: EXPIRED, code: 'UNAUTHENTICATED' },
    });

    const b = await signUpAndLogin(s);
    await gql(
      s,
      `mutation($t: String) { logout(refreshToken: $t) { allSessionsEnded } }`,
      { t: b.refreshToken },
      { token: b.accessToken },
    );
    expect((await gql(s, ME, {}, { token: b.accessToken })).body.errors[0]).toMatchObject({
      message: EXPIRED,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('only the ended session: another session of the same user keeps working', async () => {
    const a = await signUpAndLogin(s);
    const other = (await api(s, 'POST', '/auth/login', { email: a.email, password: a.password })).body;
    await api(s, 'POST', '/auth/logout', { refreshToken: a.refreshToken });
    expect((await profile(a.accessToken)).status).toBe(401);
    expect((await profile(other.accessToken)).status).toBe(200);
  });

  it('are refused once a refresh token is reused (every access token of the family)', async () => {
    const a = await signUpAndLogin(s);
    const next = (await refreshRest(a.refreshToken)).body;
    expect((await profile(next.accessToken)).status).toBe(200);
    expect((await refreshRest(a.refreshToken)).status).toBe(401);
    expect((await profile(a.accessToken)).status).toBe(401);
    expect((await profile(next.accessToken)).status).toBe(401);
  });

  it('are refused after the absolute expiry of their session', async () => {
    const a = await signUpAndLogin(s);
    await s.orm.em
      .fork()
      .nativeUpdate(RefreshToken, { tokenHash: tokenHash(a.refreshToken) }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await profile(a.accessToken)).status).toBe(401);
  });

  it('are refused without an expiry or a session id, even with a valid signature', async () => {
    const a = await signUpAndLogin(s);
    const claims = jwt.decode(a.accessToken) as jwt.JwtPayload;
    const noExp = jwt.sign({ sub: claims.sub, role: 'user', typ: 'access', sid: claims.sid }, s.config.jwtSecret, {
      algorithm: 'HS256',
    });
    const noSid = jwt.sign({ sub: claims.sub, role: 'user', typ: 'access' }, s.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const badSid = jwt.sign({ sub: claims.sub, role: 'user', typ: 'access', sid: "x' or 1=1 --" }, s.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const otherSid = jwt.sign({ sub: claims.sub, role: 'user', typ: 'access', sid: randomUUID() }, s.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    for (const token of [noExp, noSid, badSid]) {
      expect(await profile(token), token).toMatchObject({
        status: 401,
        body: { message: 'Invalid token. Please login again.' },
      });
    }
    expect(await profile(otherSid)).toMatchObject({ status: 401, body: { message: EXPIRED } });
    // Someone else's session id does not open this account either.
    const b = await signUpAndLogin(s);
    const crossed = jwt.sign(
      { sub: claims.sub, role: 'user', typ: 'access', sid: sid(b.accessToken) },
      s.config.jwtSecret,
      { algorithm: 'HS256', expiresIn: 600 },
    );
    expect((await profile(crossed)).status).toBe(401);
  });

  it('checking the session costs no extra statement: a profile read is one SQL statement', async () => {
    const a = await signUpAndLogin(s);
    const statements = captureRequestStatements();
    try {
      expect((await profile(a.accessToken)).status).toBe(200);
    } finally {
      statements.stop();
    }
    expect(statements.seen).toHaveLength(1);
    expect(statements.seen[0]).toMatch(/from "users".*exists \(select 1 from "refresh_tokens"/s);
  });
});
