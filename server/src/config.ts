import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { passwordPolicyError } from './modules/auth/password-policy.js';
import { BOOKING_HORIZON_MONTHS, TRAVELLER_DETAILS_DAYS } from '@tembea/schema';
import { personalDataKeys, type PersonalDataKey } from './common/personal-data.js';
import { ConfigError } from './config-error.js';
import { loadPaymentConfig, type PaymentConfig } from './payment-config.js';

/** Every environment variable the server reads, parsed once. */
export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  smtpUrl: string | null;
  publicUrl: string;
  jwtSecret: string;
  jwtRefreshSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  redisUrl: string | null;
  /** Prefix of the rate-limit and catalogue cache keys in Redis (several apps or test servers may share one Redis). */
  redisPrefix: string;
  /** Anonymous catalogue answers are cached (CATALOGUE_CACHE, on by default). */
  catalogueCache: boolean;
  /** Bounds of that cache, in memory or in Redis alike. */
  catalogueCacheLimits: CatalogueCacheLimits;
  clientDist: string;
  /**
   * Serve the client through Vite's dev server inside this one (CLIENT_DEV_SERVER, set by `npm run
   * dev`): modules from client/src with hot reload, pages server-rendered from the current sources.
   * Ignored in production.
   */
  clientDevServer: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Trust X-Forwarded-For from this many proxies (rate limits key on the client IP). */
  trustProxy: number;
  /** Strict-Transport-Security max-age (seconds) sent on HTTPS answers; 0 sends none. */
  hstsMaxAge: number;
  mailFrom: string;
  /** Where new-booking notices go (MAIL_OPERATOR; the sender's address by default). */
  mailOperator: string;
  /** Booking requests one user may make in an hour. */
  bookingsPerHour: number;
  /** How many months ahead a booking or a quote may start (BOOKING_HORIZON_MONTHS). */
  bookingHorizonMonths: number;
  /** Days before departure until which travellers may complete who travels (TRAVELLER_DETAILS_DAYS). */
  travellerDetailsDays: number;
  /** Days after a trip ends that travellers' dates of birth and passports are kept (PERSONAL_DATA_RETENTION_DAYS). */
  personalDataRetentionDays: number;
  /** Keys sealing personal data at rest, the first for new values (PERSONAL_DATA_KEYS). */
  personalDataKeys: PersonalDataKey[];

  // Catalogue
  /** Up to this many matches totalCount is exact; above it, an estimate marked as such (TOUR_COUNT_EXACT_LIMIT). */
  countExactLimit: number;
  /** A search ranks by relevance this many of its first matches in catalogue order; the rest follow in that order (SEARCH_RANKED_TOURS). */
  searchRankedTours: number;

  // Several instances
  /** Folder of uploaded files served at /uploads (UPLOADS_DIR): one folder every instance shares. */
  uploadsDir: string;
  /** Signing secrets generated into DATA_DIR/secrets because the environment left them unset. */
  generatedSecrets: string[];

  // Operations: time limits and metrics.
  /** A request still running after this many ms is answered 503 TIMEOUT (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** PostgreSQL statement_timeout of every pooled connection, in ms; 0 sets none (DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs: number;
  /** A multipart upload's body must have arrived whole this many ms after reading began (UPLOAD_BODY_TIMEOUT_MS). */
  uploadBodyTimeoutMs: number;
  /** Uploads one account may have in progress at once on this instance (UPLOADS_PER_ACCOUNT). */
  uploadsPerAccount: number;
  /**
   * When set, GET /metrics answers only `Authorization: Bearer <token>` (METRICS_TOKEN). Production
   * without one serves no metrics (404): they name routes, operations and booking counts.
   */
  metricsToken: string | null;

  // Partner webhooks
  /**
   * Seconds to wait after each failed delivery attempt, in order; a delivery is given up after
   * its last retry (WEBHOOK_RETRY_SECONDS, comma-separated).
   */
  webhookRetrySeconds: number[];
  /** A delivery attempt without an answer after this many ms fails (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** Whether webhooks may reach loopback, private and link-local addresses (local testing only; off by default). */
  webhookInternalTargets: boolean;

  // Hardening: cross-origin callers and request-rate limits.
  /** Exact origins (scheme://host[:port]) whose browser pages may call /graphql and /api; none: same origin only. */
  corsOrigins: string[];
  /** How many requests each limit lets through in its window (the windows are fixed in the modules). */
  rateLimits: RateLimits;
  /** Payments: hold, refund fee, the operator's accounts and Stripe (PAYMENT_*, REFUND_FEE_PERCENT, STRIPE_*). */
  payments: PaymentConfig;
}

/** How much the catalogue cache may hold: past it, the least recently used entries go first (in Redis, the stored longest ago). */
export interface CatalogueCacheLimits {
  /** Most entries kept (CATALOGUE_CACHE_MAX_ENTRIES). */
  maxEntries: number;
  /** Most bytes of answers kept (CATALOGUE_CACHE_MAX_BYTES). */
  maxBytes: number;
  /** An answer larger than this is sent but not kept (CATALOGUE_CACHE_MAX_ANSWER_BYTES). */
  maxAnswerBytes: number;
}

/** Counts of the rate limits, each per its window. */
export interface RateLimits {
  /** Failed logins on one account from one address, per 15 minutes. */
  loginPair: number;
  /** Failed logins from one address whatever the accounts, per day. */
  loginAddress: number;
  /** Failed logins on one account from any addresses within 15 minutes before it is slowed down. */
  loginAccount: number;
  /** Failed logins from a known device on its account, per 15 minutes. */
  loginDevice: number;
  /** Sign-ups from one address per hour. */
  signup: number;
  /** Password-reset requests for one email per hour. */
  forgotEmail: number;
  /** Password-reset requests from one address per hour. */
  forgotAddress: number;
  /** Contact messages from one address per 10 minutes. */
  contact: number;
  /** Requests to /graphql and /api per minute from one signed-in user, else from one address. */
  api: number;
  /** Requests to /graphql and /api per minute with one partner API key that sets no limit of its own. */
  partnerApi: number;
}

export { ConfigError };

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === null) return def;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = str(env, name);
  if (raw === null) return def;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw.replace(/\/\/[^@]*@/, '//***@')}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}`);
  }
  return raw;
}

/** A comma-separated list of whole numbers of seconds, each within min..max, at least one. */
function secondsList(env: Env, name: string, def: number[], min: number, max: number): number[] {
  const raw = str(env, name);
  if (raw === null) return def;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 20 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < min || Number(p) > max)) {
    throw new ConfigError(
      `${name} must list 1 to 20 whole numbers of seconds from ${min} to ${max}, comma-separated, got "${raw}"`,
    );
  }
  return parts.map(Number);
}

/** A comma-separated list of exact web origins: http(s)://host[:port], nothing after it. */
function origins(env: Env, name: string): string[] {
  const raw = str(env, name);
  if (raw === null) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let parsed: URL | null = null;
      try {
        parsed = new URL(entry);
      } catch {
        /* reported below */
      }
      const bare =
        parsed && parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
      if (
        !parsed ||
        !bare ||
        !['http:', 'https:'].includes(parsed.protocol) ||
        entry.endsWith('?') ||
        entry.endsWith('#')
      ) {
        throw new ConfigError(
          `${name} must list origins like https://app.example.com (scheme, host and port only, comma-separated), got "${entry}"`,
        );
      }
      return parsed.origin;
    });
}

const GENERATE_SECRET =
  `generate one with \`openssl rand -base64 48\` or ` +
  `\`node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"\``;

/**
 * Why a signing secret does not look random, or null. Anyone who guesses it can sign tokens for any
 * account, so production refuses one character or a short word repeated, few different characters,
 * or less than an estimated 128 bits (its length times the Shannon entropy of its characters). Real
 * random secrets of 32 bytes pass with a wide margin (hex: at least 12 characters and 220 bits).
 */
export function secretWeakness(value: string): string | null {
  if (value.length < 32) return 'is shorter than 32 characters';
  for (let period = 1; period <= value.length / 2; period++) {
    if (value.slice(period) === value.slice(0, value.length - period)) return 'repeats a short piece';
  }
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  if (counts.size < 10) return 'uses fewer than 10 different characters';
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / value.length) * Math.log2(n / value.length);
  if (bitsPerChar < 3 || bitsPerChar * value.length < 128) return 'is not random enough';
  return null;
}

/** A signing secret: from the environment, else generated once and kept under DATA_DIR. */
function secret(env: Env, name: string, dataDir: string, production: boolean): string {
  const raw = str(env, name);
  if (raw !== null) {
    if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long; ${GENERATE_SECRET}`);
    const weakness = production ? secretWeakness(raw) : null;
    if (weakness)
      throw new ConfigError(
        `${name} ${weakness}: production needs a random secret of at least 32 bytes; ${GENERATE_SECRET}`,
      );
    return raw;
  }
  if (production) throw new ConfigError(`${name} is required when NODE_ENV=production; ${GENERATE_SECRET}`);
  const file = path.join(dataDir, 'secrets', name.toLowerCase());
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

/** Parses the environment; throws ConfigError with a clear message on any bad value. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const port = int(env, 'PORT', 4000, 0, 65535);
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(e as Error).message}`);
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const adminEmail = str(env, 'ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if ((adminEmail === null) !== (adminPassword === null || adminPassword === '')) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL is not an email address: "${adminEmail}"`);
  }
  const adminPasswordProblem = adminPassword ? passwordPolicyError(adminPassword) : null;
  if (adminPasswordProblem) throw new ConfigError(`ADMIN_PASSWORD is refused: ${adminPasswordProblem}`);
  const logLevel = (str(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info')) as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of debug, info, warn, error, silent`);
  }
  const jwtSecret = secret(env, 'JWT_SECRET', dataDir, production);
  const jwtRefreshSecret = secret(env, 'JWT_REFRESH_SECRET', dataDir, production);
  if (jwtSecret === jwtRefreshSecret) throw new ConfigError('JWT_SECRET and JWT_REFRESH_SECRET must differ');
  const mailFrom = str(env, 'MAIL_FROM') ?? 'Tembea Tours <hello@tembea.example>';
  return {
    nodeEnv,
    production,
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    smtpUrl,
    publicUrl,
    jwtSecret,
    jwtRefreshSecret,
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword: adminPassword || null,
    // A production database gets the demo catalogue only when asked for explicitly.
    seedDemo: bool(env, 'SEED_DEMO', !production),
    redisUrl,
    redisPrefix: str(env, 'REDIS_PREFIX') ?? 'tembea:rl:',
    catalogueCache: bool(env, 'CATALOGUE_CACHE', true),
    // 2 MB keeps the REST list of 1000 tours (about 1 MB); 64 MB holds 32 of those or thousands of pages.
    catalogueCacheLimits: {
      maxEntries: int(env, 'CATALOGUE_CACHE_MAX_ENTRIES', 2_000, 1, 1_000_000),
      maxBytes: int(env, 'CATALOGUE_CACHE_MAX_BYTES', 64 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024),
      maxAnswerBytes: int(env, 'CATALOGUE_CACHE_MAX_ANSWER_BYTES', 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    },
    clientDist: path.resolve(str(env, 'CLIENT_DIST') ?? path.join(import.meta.dirname, '../../client/dist')),
    clientDevServer: !production && bool(env, 'CLIENT_DEV_SERVER', false),
    logLevel,
    trustProxy: int(env, 'TRUST_PROXY', 0, 0, 10),
    hstsMaxAge: int(env, 'HSTS_MAX_AGE', 31_536_000, 0, 63_072_000),
    mailFrom,
    mailOperator: str(env, 'MAIL_OPERATOR') ?? mailFrom,
    bookingsPerHour: int(env, 'BOOKING_RATE_LIMIT', 30, 1, 1_000_000),
    bookingHorizonMonths: int(env, 'BOOKING_HORIZON_MONTHS', BOOKING_HORIZON_MONTHS, 1, 120),
    travellerDetailsDays: int(env, 'TRAVELLER_DETAILS_DAYS', TRAVELLER_DETAILS_DAYS, 0, 180),
    personalDataRetentionDays: int(env, 'PERSONAL_DATA_RETENTION_DAYS', 90, 1, 3650),
    personalDataKeys: personalDataKeys(str(env, 'PERSONAL_DATA_KEYS'), dataDir, production),
    countExactLimit: int(env, 'TOUR_COUNT_EXACT_LIMIT', 1000, 1, 1_000_000),
    searchRankedTours: int(env, 'SEARCH_RANKED_TOURS', 100, 1, 10_000),

    // Several instances
    uploadsDir: path.resolve(str(env, 'UPLOADS_DIR') ?? path.join(dataDir, 'uploads')),
    generatedSecrets: ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'PERSONAL_DATA_KEYS'].filter(
      (name) => str(env, name) === null,
    ),

    // Operations: time limits and metrics.
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 1, 3_600_000),
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
    // 10 photos of 10 MB arrive in a minute at about 14 Mbit/s, a 5 MB picture at under 1 Mbit/s.
    uploadBodyTimeoutMs: int(env, 'UPLOAD_BODY_TIMEOUT_MS', 60_000, 1_000, 300_000),
    uploadsPerAccount: int(env, 'UPLOADS_PER_ACCOUNT', 2, 1, 100),
    metricsToken: str(env, 'METRICS_TOKEN'),

    // Partner webhooks: retried after 30 s, 2 min, 10 min, 1 h and 6 h, then given up.
    webhookRetrySeconds: secondsList(env, 'WEBHOOK_RETRY_SECONDS', [30, 120, 600, 3_600, 21_600], 0, 604_800),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    // A webhook reaches public addresses only, whatever NODE_ENV says: a partner's URL must not
    // reach into the operator's network (databases, admin ports, the cloud's metadata service).
    // Local testing against a receiver on this machine opts in.
    webhookInternalTargets: bool(env, 'WEBHOOK_ALLOW_INTERNAL_TARGETS', false),

    // Hardening: cross-origin callers and request-rate limits.
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    rateLimits: {
      loginPair: int(env, 'LOGIN_PAIR_LIMIT', 10, 1, 1_000_000),
      loginAddress: int(env, 'LOGIN_IP_LIMIT', 100, 1, 1_000_000),
      loginAccount: int(env, 'LOGIN_ACCOUNT_LIMIT', 20, 1, 1_000_000),
      loginDevice: int(env, 'LOGIN_DEVICE_LIMIT', 10, 1, 1_000_000),
      signup: int(env, 'SIGNUP_RATE_LIMIT', 30, 1, 1_000_000),
      forgotEmail: int(env, 'FORGOT_PASSWORD_EMAIL_LIMIT', 3, 1, 1_000_000),
      forgotAddress: int(env, 'FORGOT_PASSWORD_IP_LIMIT', 10, 1, 1_000_000),
      contact: int(env, 'CONTACT_RATE_LIMIT', 5, 1, 1_000_000),
      api: int(env, 'API_RATE_LIMIT', 600, 1, 100_000_000),
      partnerApi: int(env, 'PARTNER_API_RATE_LIMIT', 1200, 1, 100_000_000),
    },
    payments: loadPaymentConfig(
      env,
      production,
      (name, def, min, max) => int(env, name, def, min, max),
      (message) => {
        throw new ConfigError(message);
      },
    ),
  };
}

/**
 * What keeps this configuration from serving as one of several instances behind a load balancer
 * (REDIS_URL set says there are several): an embedded database belongs to one process, and signing
 * secrets generated under DATA_DIR differ from instance to instance unless DATA_DIR is shared.
 */
export function multiInstanceWarnings(config: Config): string[] {
  if (!config.redisUrl) return [];
  const warnings: string[] = [];
  if (!config.databaseUrl) {
    warnings.push(
      'REDIS_URL is set but the database is embedded in DATA_DIR/pg, which serves this one process only: set DATABASE_URL to a PostgreSQL server every instance shares',
    );
  }
  if (config.generatedSecrets.length) {
    warnings.push(
      `REDIS_URL is set but ${listOf(config.generatedSecrets)} come from ${path.join(config.dataDir, 'secrets')}: every instance must sign with the same secrets, so set them in the environment (or share DATA_DIR)`,
    );
  }
  return warnings;
}
