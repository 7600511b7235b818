import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretWeakness } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('configuration', () => {
  it('defaults every variable', () => {
    const c = load({});
    expect(c).toMatchObject({
      port: 4000,
      databaseUrl: null,
      smtpUrl: null,
      seedDemo: true,
      redisUrl: null,
      production: false,
      hstsMaxAge: 31_536_000,
    });
    expect(load({ HSTS_MAX_AGE: '0' }).hstsMaxAge).toBe(0);
    expect(c.bookingHorizonMonths).toBe(24);
    expect(load({ BOOKING_HORIZON_MONTHS: '36' }).bookingHorizonMonths).toBe(36);
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
    [{ BOOKING_HORIZON_MONTHS: '0' }, 'BOOKING_HORIZON_MONTHS must be between 1 and 120'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ ADMIN_EMAIL: 'boss@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL is not an email address'],
    [
      { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' },
      'ADMIN_PASSWORD is refused: Password must be at least 8 characters',
    ],
    [
      { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Password123' },
      'ADMIN_PASSWORD is refused: This password is too common. Please choose another.',
    ],
  ])('refuses %o with a clear message', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('never echoes the password of a bad DATABASE_URL', () => {
    expect(() => load({ DATABASE_URL: 'postgres://u:secret@ host/x' })).toThrow(/\*\*\*@/);
    expect(() => load({ DATABASE_URL: 'postgres://u:secret@ host/x' })).not.toThrow(/secret/);
  });
});

describe('signing secrets in production', () => {
  const strong = () => randomBytes(48).toString('base64');
  const personalDataKeys = `k1:${randomBytes(32).toString('base64')}`;
  const production = (jwt: string, refresh = strong()) =>
    load({
      NODE_ENV: 'production',
      JWT_SECRET: jwt,
      JWT_REFRESH_SECRET: refresh,
      PERSONAL_DATA_KEYS: personalDataKeys,
    });
  const WEAK = [
    'x'.repeat(48),
    'tembea'.repeat(8),
    '0123456789abcdef0123456789abcdef',
    'passwordpasswordpassword12345678',
    'aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbccccccccdddd',
    'my-super-secret-jwt-key-for-tembea',
  ];

  it.each(WEAK)('refuses the long but weak %s, saying how to generate one', (weak) => {
    expect(() => production(weak)).toThrow(ConfigError);
    expect(() => production(weak)).toThrow(
      /^JWT_SECRET .*production needs a random secret of at least 32 bytes; generate one with `openssl rand -base64 48`/,
    );
    expect(() => production(strong(), weak)).toThrow(/^JWT_REFRESH_SECRET /);
    // Outside production a long one is still accepted (the generated ones are random anyway).
    expect(load({ JWT_SECRET: weak, JWT_REFRESH_SECRET: strong() }).jwtSecret).toBe(weak);
  });

  it('accepts random secrets of 32 bytes or more in the usual encodings', () => {
    for (let i = 0; i < 200; i++) {
      for (const value of [
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('base64'),
        randomBytes(48).toString('base64url'),
      ]) {
        expect(secretWeakness(value), value).toBeNull();
      }
    }
    expect(production(strong()).production).toBe(true);
  });

  it('requires PERSONAL_DATA_KEYS in production, where a generated key could be lost with the data it seals', () => {
    expect(() => load({ NODE_ENV: 'production', JWT_SECRET: strong(), JWT_REFRESH_SECRET: strong() })).toThrow(
      /^PERSONAL_DATA_KEYS is required when NODE_ENV=production; generate one with/,
    );
    expect(production(strong()).personalDataKeys.map((k) => k.id)).toEqual(['k1']);
  });

  it('the built server exits with code 78 and the message on a weak secret', async () => {
    const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    if (!existsSync(main)) throw new Error('server/dist/main.js is missing: build the server first (npm test does)');
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: 'tembea'.repeat(8),
        JWT_REFRESH_SECRET: strong(),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(err).toContain('Configuration error: JWT_SECRET repeats a short piece');
    expect(err).toContain('openssl rand -base64 48');
  }, 30_000);
});
