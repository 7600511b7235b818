import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../common/logger.js';
import { api, mailsTo, signUpAndLogin } from '../../modules/auth/testing/helpers.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { ensureAdmins } from './seed.js';

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
  const ensure = (adminPassword: string) => ensureAdmins(s.orm.em.fork(), { adminEmail: ADMIN_EMAIL, adminPassword, seedDemo: false });
  const profile = (token: string) => api(s, 'GET', '/users/profile', undefined, { token });

  it("promotion ends the squatter's sessions and reset links: only ADMIN_PASSWORD gets in, and a warning is logged", async () => {
    const squatter = await signUpAndLogin(s, { email: ADMIN_EMAIL, password: 'squatter-pass-77' });
    await api(s, 'POST', '/auth/forgot-password', { email: ADMIN_EMAIL }, { headers: { 'x-forwarded-for': '198.51.100.77' } });
    await expect.poll(() => mailsTo(s, ADMIN_EMAIL).length).toBe(1);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(s, ADMIN_EMAIL)[0]!.text)![1];
    const warn = vi.spyOn(log, 'warn');

    await ensure('Operator-chosen-9');

    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/ADMIN_EMAIL operator@tembea\.test already had an ordinary account.*sessions .*reset link/));
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
    expect((await api(s, 'POST', '/auth/login', { email: ADMIN_EMAIL, password: 'Operator-rotated-10' })).status).toBe(200);
  });
});
