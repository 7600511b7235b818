import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('configuration', () => {
  it('defaults every variable (design.md runtime contract)', () => {
    const c = load({});
    expect(c).toMatchObject({ port: 4000, databaseUrl: null, smtpUrl: null, seedDemo: true, redisUrl: null, production: false, hstsMaxAge: 31_536_000 });
    expect(load({ HSTS_MAX_AGE: '0' }).hstsMaxAge).toBe(0);
    expect(c.publicUrl).toBe('http://localhost:4000');
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.jwtSecret).not.toBe(c.jwtRefreshSecret);
    // Generated once into DATA_DIR: the same on the next start, so sessions survive a restart.
    expect(load({}).jwtSecret).toBe(c.jwtSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'foo' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL is not a valid URL'],
    [{ REDIS_URL: 'foo' }, 'REDIS_URL is not a valid URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY must be a whole number'],
    [{ HSTS_MAX_AGE: 'forever' }, 'HSTS_MAX_AGE must be a whole number'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL is not an email address'],
    [{ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD is refused: Password must be at least 8 characters'],
    [{ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Password123' }, 'ADMIN_PASSWORD is refused: This password is too common. Please choose another.'],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('never echoes the password of a bad DATABASE_URL', () => {
    expect(() => load({ DATABASE_URL: 'postgres://u:secret@ host/x' })).toThrow(/\*\*\*@/);
    expect(() => load({ DATABASE_URL: 'postgres://u:secret@ host/x' })).not.toThrow(/secret/);
  });
});
