import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { User } from '../users/user.entity.js';
import { LOGIN, ME, REGISTER, api, gql, mailsTo, newUser, signUpAndLogin } from '../../test/auth-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await s?.stop();
});

const countUsers = (email: string) => s.orm.em.fork().count(User, { email });

describe('sign-up', () => {
  it('creates an account over GraphQL with a lower-cased email and the user role', async () => {
    const u = newUser({ email: `Mixed.Case.${Date.now()}@Example.COM` });
    const { body } = await gql(s, REGISTER, { input: u });
    expect(body.errors).toBeUndefined();
    const { user, message } = body.data.register;
    expect(message).toMatch(/Account created successfully/);
    expect(user).toMatchObject({
      name: u.name,
      email: u.email.toLowerCase(),
      phone: u.phone,
      role: 'user',
      profileImage: null,
      lastLoginAt: null,
      permissions: ['bookings:own'],
    });
    expect(user.registeredAt).toBe(user.createdAt);
    expect(await countUsers(u.email.toLowerCase())).toBe(1);
  });

  it('creates an account over REST: 201 { success, message, user }', async () => {
    const u = newUser();
    const res = await api(s, 'POST', '/auth/register', u);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.stringMatching(/Account created successfully/),
      user: { email: u.email, name: u.name, phone: u.phone, role: 'user' },
    });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });

  it('answers a taken email exactly like a new one, creates nothing and mails the owner', async () => {
    const u = newUser();
    const first = await api(s, 'POST', '/auth/register', u);
    const again = await api(s, 'POST', '/auth/register', { ...u, name: 'Someone Else', email: u.email.toUpperCase() });
    expect(again.status).toBe(first.status);
    expect(again.body.message).toBe(first.body.message);
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(first.body.user).sort());
    expect(again.body.user.id).not.toBe(first.body.user.id);
    const gqlAgain = await gql(s, REGISTER, { input: u });
    expect(gqlAgain.body.errors).toBeUndefined();
    expect(gqlAgain.body.data.register.message).toBe(first.body.message);
    expect(await countUsers(u.email)).toBe(1);
    // The first account keeps its name and password.
    const login = await api(s, 'POST', '/auth/login', { email: u.email, password: u.password });
    expect(login.body.user.name).toBe(u.name);
    await expect.poll(() => mailsTo(s, u.email).length).toBe(2);
    expect(mailsTo(s, u.email)[0]!.text).toMatch(/tried to create a Tembea account with this email address/);
    expect(mailsTo(s, u.email)[0]!.text).toContain(`${s.config.publicUrl}/forgot-password`);
  });

  it('needs name, email, phone and password, in both APIs, with the failing fields', async () => {
    const res = await api(s, 'POST', '/auth/register', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors.map((e: any) => e.field).sort()).toEqual(['email', 'name', 'password', 'phone']);
    const g = await gql(s, REGISTER, { input: { name: ' ', email: '', phone: '', password: '' } });
    expect(g.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(g.body.errors[0].extensions.fields.map((e: any) => e.field).sort()).toEqual([
      'email',
      'name',
      'password',
      'phone',
    ]);
    expect(g.body.errors[0].message).toBe('Name is required');
  });

  it('refuses a malformed email', async () => {
    for (const email of ['amani', 'amani@', 'a b@example.com', '@example.com']) {
      const res = await api(s, 'POST', '/auth/register', newUser({ email }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address');
    }
  });

  it('refuses a password shorter than 8 or longer than 256 characters, never cutting it', async () => {
    const short = await gql(s, REGISTER, { input: newUser({ password: '1234567' }) });
    expect(short.body.errors[0]).toMatchObject({
      message: 'Password must be at least 8 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const long = await api(s, 'POST', '/auth/register', newUser({ password: 'x'.repeat(257) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Password must be at most 256 characters');
    // Exactly 256 works, and its 255-character prefix does not log in.
    const u = newUser({ password: 'p'.repeat(255) + 'Q' });
    expect((await api(s, 'POST', '/auth/register', u)).status).toBe(201);
    expect((await api(s, 'POST', '/auth/login', { email: u.email, password: 'p'.repeat(255) })).status).toBe(401);
    expect((await api(s, 'POST', '/auth/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('refuses the most common passwords, whatever their case, in both APIs, and creates nothing', async () => {
    const TOO_COMMON = 'This password is too common. Please choose another.';
    for (const password of ['password', 'Password1', '12345678', 'iloveyou', 'QWERTYUIOP', 'football']) {
      const u = newUser({ password });
      const rest = await api(s, 'POST', '/auth/register', u);
      expect(rest, password).toMatchObject({
        status: 400,
        body: { message: TOO_COMMON, code: 'BAD_USER_INPUT', errors: [{ field: 'password', message: TOO_COMMON }] },
      });
      const g = await gql(s, REGISTER, { input: u });
      expect(g.body.errors[0]).toMatchObject({
        message: TOO_COMMON,
        extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'password', message: TOO_COMMON }] },
      });
      expect(await countUsers(u.email)).toBe(0);
    }
    // A long passphrase of common words is fine.
    expect((await api(s, 'POST', '/auth/register', newUser({ password: 'correct horse battery staple' }))).status).toBe(
      201,
    );
  });

  it('refuses non-string fields and a body that is not JSON with 400, not 500', async () => {
    const typed = await api(s, 'POST', '/auth/register', { name: ['x'], email: { a: 1 }, phone: 5, password: true });
    expect(typed.status).toBe(400);
    expect(typed.body.errors).toEqual([
      { field: 'name', message: 'Name must be text' },
      { field: 'email', message: 'Email must be text' },
      { field: 'phone', message: 'Phone must be text' },
      { field: 'password', message: 'Password must be text' },
    ]);
    const login = await api(s, 'POST', '/auth/login', { email: 123, password: ['secret123'] });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('Email must be text');
    expect((await api(s, 'POST', '/auth/forgot-password', { email: ['a@b.co'] })).status).toBe(400);
    expect((await api(s, 'POST', '/auth/reset-password', { token: 'x', password: 12345678 })).body.message).toBe(
      'Password must be text',
    );
    const res = await fetch(`${s.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
  });
});

describe('login', () => {
  it('returns tokens and the user over GraphQL and records the login time', async () => {
    const u = newUser();
    await gql(s, REGISTER, { input: u });
    const { body } = await gql(s, LOGIN, { input: { email: u.email.toUpperCase(), password: u.password } });
    expect(body.errors).toBeUndefined();
    const { accessToken, refreshToken, user } = body.data.login;
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(user).toMatchObject({ email: u.email, role: 'user' });
    expect(new Date(user.lastLoginAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const claims = jwt.decode(accessToken) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      sub: user.id,
      role: 'user',
      typ: 'access',
      sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('answers REST with accessToken, token, refreshToken and the user fields', async () => {
    const u = newUser();
    await api(s, 'POST', '/auth/register', u);
    const res = await api(s, 'POST', '/auth/login', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(res.body.accessToken);
    expect(typeof res.body.refreshToken).toBe('string');
    expect(res.body.user).toMatchObject({
      name: u.name,
      email: u.email,
      phone: u.phone,
      role: 'user',
      profileImage: null,
    });
    expect(Object.keys(res.body.user)).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'phone', 'role', 'profileImage', 'createdAt']),
    );
  });

  it('answers a wrong password and an unknown email alike: 401 Invalid email or password', async () => {
    const u = newUser();
    await api(s, 'POST', '/auth/register', u);
    const wrong = await api(s, 'POST', '/auth/login', { email: u.email, password: 'not-the-password' });
    const unknown = await api(s, 'POST', '/auth/login', {
      email: `nobody.${Date.now()}@example.com`,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
    const g1 = await gql(s, LOGIN, { input: { email: u.email, password: 'not-the-password' } });
    const g2 = await gql(s, LOGIN, { input: { email: `nobody.${Date.now()}@example.com`, password: 'x' } });
    expect(g1.body.errors[0]).toMatchObject({
      message: 'Invalid email or password',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(g2.body.errors[0].message).toBe(g1.body.errors[0].message);
    expect(g2.body.errors[0].extensions).toEqual(g1.body.errors[0].extensions);
  });

  it('needs email and password and an email format', async () => {
    expect((await api(s, 'POST', '/auth/login', {})).body.errors.map((e: any) => e.field)).toEqual([
      'email',
      'password',
    ]);
    const bad = await gql(s, LOGIN, { input: { email: 'not-an-email', password: 'whatever1' } });
    expect(bad.body.errors[0]).toMatchObject({
      message: 'Please enter a valid email address',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const long = await api(s, 'POST', '/auth/login', { email: 'a@example.com', password: 'y'.repeat(257) });
    expect(long.status).toBe(400);
  });
});

describe('access tokens', () => {
  const secret = () => s.config.jwtSecret;

  it('me is null without a token and the user with one (REST profile too)', async () => {
    expect((await gql(s, ME)).body.data.me).toBeNull();
    const a = await signUpAndLogin(s);
    const me = await gql(s, ME, {}, { token: a.accessToken });
    expect(me.body.data.me).toMatchObject({
      id: String(a.id),
      email: a.email,
      role: 'user',
      permissions: ['bookings:own'],
    });
    const profile = await api(s, 'GET', '/users/profile', undefined, { token: a.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ id: String(a.id), email: a.email, name: a.name });
    expect(profile.body.email).toBe(a.email);
    const anon = await api(s, 'GET', '/users/profile');
    expect(anon).toMatchObject({ status: 401, body: { message: 'Authentication required. Please login.' } });
  });

  it('refuses an expired token with Session expired', async () => {
    const a = await signUpAndLogin(s);
    const expired = jwt.sign(
      { sub: String(a.id), role: 'user', typ: 'access', exp: Math.floor(Date.now() / 1000) - 60 },
      secret(),
      { algorithm: 'HS256' },
    );
    const me = await gql(s, ME, {}, { token: expired });
    expect(me.body.errors[0]).toMatchObject({
      message: 'Session expired. Please login again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect((await api(s, 'GET', '/users/profile', undefined, { token: expired })).status).toBe(401);
  });

  it('refuses forged, alg:none, malformed and wrong-type tokens with Invalid token', async () => {
    const a = await signUpAndLogin(s);
    const claims = { sub: String(a.id), role: 'admin', typ: 'access' };
    const forged = jwt.sign(claims, 'x'.repeat(48), { algorithm: 'HS256', expiresIn: 600 });
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const refreshTyped = jwt.sign({ ...claims, role: 'user', typ: 'refresh' }, secret(), {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const resetTyped = jwt.sign({ ...claims, role: 'user', typ: 'reset' }, secret(), {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const hs512 = jwt.sign(claims, secret(), { algorithm: 'HS512', expiresIn: 600 });
    for (const token of [forged, none, refreshTyped, resetTyped, hs512, a.refreshToken, 'not.a.jwt', 'garbage']) {
      const me = await gql(s, ME, {}, { token });
      expect(me.body.errors?.[0], token).toMatchObject({
        message: 'Invalid token. Please login again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      const rest = await api(s, 'GET', '/users/profile', undefined, { token });
      expect(rest.status).toBe(401);
      expect(rest.body.message).toBe('Invalid token. Please login again.');
    }
  });

  it('reads the role from the account, not only the token', async () => {
    const a = await signUpAndLogin(s);
    const { sid } = jwt.decode(a.accessToken) as jwt.JwtPayload;
    const claimsAdmin = jwt.sign({ sub: String(a.id), role: 'admin', typ: 'access', sid }, secret(), {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const me = await gql(s, ME, {}, { token: claimsAdmin });
    expect(me.body.data.me.role).toBe('user');
    expect(me.body.data.me.permissions).toEqual(['bookings:own']);
  });
});
