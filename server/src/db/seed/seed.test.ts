import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../common/logger.js';
import { api, mailsTo, signUpAndLogin } from '../../test/auth-helpers.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { User } from '../../modules/users/user.entity.js';
import { Tour } from '../../modules/tours/tour.entity.js';
import { DEMO_ADMIN_EMAIL, ensureAdmins } from './seed.js';

describe('ADMIN_EMAIL given to an account that already exists', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seedDemo: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await s?.stop();
    vi.restoreAllMocks();
  });

  const ADMIN_EMAIL = 'operator@tembea.test';
  const ensure = (adminPassword: string) =>
    ensureAdmins(s.orm.em.fork(), { adminEmail: ADMIN_EMAIL, adminPassword, seedDemo: false, production: false });
  const profile = (token: string) => api(s, 'GET', '/users/profile', undefined, { token });

  it("promotion ends the squatter's sessions and reset links: only ADMIN_PASSWORD gets in, and a warning is logged", async () => {
    const squatter = await signUpAndLogin(s, { email: ADMIN_EMAIL, password: 'squatter-pass-77' });
    await api(
      s,
      'POST',
      '/auth/forgot-password',
      { email: ADMIN_EMAIL },
      { headers: { 'x-forwarded-for': '198.51.100.77' } },
    );
    await expect.poll(() => mailsTo(s, ADMIN_EMAIL).length).toBe(1);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(s, ADMIN_EMAIL)[0]!.text)![1];
    const warn = vi.spyOn(log, 'warn');

    await ensure('Operator-chosen-9');

    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/ADMIN_EMAIL operator@tembea\.test already had an ordinary account.*sessions .*reset link/),
    );
    expect(await profile(squatter.accessToken)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await api(s, 'POST', '/auth/refresh', { refreshToken: squatter.refreshToken })).status).toBe(401);
    expect((await api(s, 'POST', '/auth/login', { email: ADMIN_EMAIL, password: squatter.password })).status).toBe(401);
    const reset = await api(s, 'POST', '/auth/reset-password', { token: resetToken, password: 'squatter-new-pass-1' });
    expect(reset).toMatchObject({ status: 400, body: { message: 'Invalid or expired reset token' } });
    const admin = await api(s, 'POST', '/auth/login', { email: ADMIN_EMAIL, password: 'Operator-chosen-9' });
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe('admin');
  });

  it("a restart with the same ADMIN_PASSWORD keeps the admin's sessions; a new ADMIN_PASSWORD ends them", async () => {
    const admin = (await api(s, 'POST', '/auth/login', { email: ADMIN_EMAIL, password: 'Operator-chosen-9' })).body;
    await ensure('Operator-chosen-9');
    expect((await profile(admin.accessToken)).status).toBe(200);
    await ensure('Operator-rotated-10');
    expect((await profile(admin.accessToken)).status).toBe(401);
    expect((await api(s, 'POST', '/auth/refresh', { refreshToken: admin.refreshToken })).status).toBe(401);
    expect((await api(s, 'POST', '/auth/login', { email: ADMIN_EMAIL, password: 'Operator-rotated-10' })).status).toBe(
      200,
    );
  });
});

// Each test boots a server of its own, which can take a while on a busy machine.
describe('a production start', { timeout: 120_000 }, () => {
  const secrets = () => ({
    JWT_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    PERSONAL_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  });

  /** Starts a production server and returns it with everything it printed while starting. */
  async function startProduction(env: Record<string, string>) {
    const printed: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      });
    const spies = [capture(process.stdout), capture(process.stderr)];
    try {
      const s = await startTestServer({
        env: { NODE_ENV: 'production', LOG_LEVEL: 'info', SEED_DEMO: '', ...secrets(), ...env },
      });
      return { s, printed: printed.join('') };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  it('without SEED_DEMO loads no demo tours, makes no demo admin, prints no password, and warns that there is no admin', async () => {
    const { s, printed } = await startProduction({});
    try {
      expect(s.config.seedDemo).toBe(false);
      expect((await s.rest('GET', '/api/tours?limit=5')).body.tours).toEqual([]);
      expect(await s.orm.em.fork().count(Tour, {})).toBe(0);
      expect(await s.orm.em.fork().count(User, {})).toBe(0);
      expect(printed).not.toMatch(/password:/i);
      expect(printed).not.toContain(DEMO_ADMIN_EMAIL);
      expect(printed).toMatch(/"level":"warn".*"msg":"there is no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD/);
    } finally {
      await s.stop();
    }
  });

  it('with SEED_DEMO=true loads the demo tours but still no demo admin nor password', async () => {
    const { s, printed } = await startProduction({ SEED_DEMO: 'true' });
    try {
      expect(await s.orm.em.fork().count(Tour, {})).toBeGreaterThan(0);
      expect(await s.orm.em.fork().count(User, { email: DEMO_ADMIN_EMAIL })).toBe(0);
      expect(printed).not.toMatch(/password:/i);
    } finally {
      await s.stop();
    }
  });

  it('with ADMIN_EMAIL and ADMIN_PASSWORD has that admin and no warning', async () => {
    const { s, printed } = await startProduction({
      ADMIN_EMAIL: 'ops@tembea.test',
      ADMIN_PASSWORD: 'Operator-chosen-9',
    });
    try {
      expect(
        (await api(s, 'POST', '/auth/login', { email: 'ops@tembea.test', password: 'Operator-chosen-9' })).body.user
          .role,
      ).toBe('admin');
      expect(printed).not.toMatch(/no admin account/);
      expect(printed).not.toMatch(/password:/i);
    } finally {
      await s.stop();
    }
  });
});
