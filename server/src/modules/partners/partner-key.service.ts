import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, validatePartnerKeyForm, type PartnerKeyFormValues } from '@tembea/schema';
import type { PartnerCaller, Principal, RequestContext } from '../../common/context.js';
import { NotFoundError, throwIfInvalid, UnauthenticatedError } from '../../common/errors.js';
import { requireId } from '../../common/ids.js';
import { requireAdmin, requirePartner } from '../../common/guards.js';
import { intArrayLiteral, queryRows, sql } from '../../common/sql.js';
import { User } from '../users/user.entity.js';
import { PartnerKey } from './partner-key.entity.js';

/** Every key starts with it, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'tmb_';
/** Characters of a key shown in lists: the prefix and 6 of its random characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
/** tmb_ and the base64url text of 32 random bytes. */
const KEY_RE = /^tmb_[A-Za-z0-9_-]{43}$/;
/**
 * How long this process trusts what it read about a key: a key revoked on another instance is
 * refused there at most this long after (on the instance that revoked it, at once).
 */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 10_000;
/** Most keys the admin's list holds: active keys come first, so only long-revoked ones fall off it. */
export const PARTNER_KEYS_MAX = 200;
/** Days of usage a key's record shows, today (UTC) included. */
export const USAGE_DAYS = 14;

export const INVALID_API_KEY = 'Invalid API key.';
export const REVOKED_API_KEY = 'This API key has been revoked.';

/** A new key: tmb_ and 32 random bytes as base64url (256 bits; never stored, only its hash). */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a whole key: what partner_keys stores and looks keys up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface KnownKey {
  id: number;
  partnerName: string;
  rateLimitPerMinute: number | null;
  revoked: boolean;
}

/** What this process read about key hashes lately (unknown ones too), each for KEY_CACHE_MS. */
const recentKeys = new Map<string, { key: KnownKey | null; until: number }>();

async function findKey(em: EntityManager, hash: string): Promise<KnownKey | null> {
  const now = Date.now();
  const cached = recentKeys.get(hash);
  if (cached && cached.until > now) return cached.key;
  const [row] = await queryRows<{
    id: number;
    partner_name: string;
    rate_limit_per_minute: number | null;
    revoked: boolean;
  }>(
    em,
    sql`
    select id, partner_name, rate_limit_per_minute, revoked_at is not null as revoked from partner_keys where key_hash = ${hash}`,
  );
  const key = row
    ? { id: row.id, partnerName: row.partner_name, rateLimitPerMinute: row.rate_limit_per_minute, revoked: row.revoked }
    : null;
  if (recentKeys.size >= KEY_CACHE_MAX) recentKeys.clear();
  recentKeys.set(hash, { key, until: now + KEY_CACHE_MS });
  return key;
}

/** A day's use of a key. */
export interface UsageDay {
  day: string;
  requests: number;
  refusals: number;
}

/** A key as admins see it: never its secret. */
export interface PartnerKeyView {
  id: number;
  partnerName: string;
  name: string;
  keyPrefix: string;
  /** Its own limit, or null for the default. */
  ownRateLimit: number | null;
  rateLimitPerMinute: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Days with any use among the last USAGE_DAYS, newest first. */
  usage: UsageDay[];
  requestsToday: number;
  refusalsToday: number;
}

/** What a key's holder may read about it. */
export interface ApiKeyInfoView {
  partnerName: string;
  name: string;
  rateLimitPerMinute: number;
}

export interface PartnerKeyInput {
  partnerName?: unknown;
  name?: unknown;
  rateLimitPerMinute?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The UTC day of a moment, YYYY-MM-DD: the day usage is counted on. */
export function usageDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

const parseKeyId = (id: unknown): number => requireId(id, 'API key not found');

/** The keys as the admin sees them, with their use per day over the last USAGE_DAYS days. */
async function views(ctx: RequestContext, keys: PartnerKey[]): Promise<PartnerKeyView[]> {
  const today = usageDay();
  const usage = new Map<number, UsageDay[]>();
  if (keys.length) {
    const rows = await queryRows<{ key_id: number; day: string; requests: number; refusals: number }>(
      ctx.em,
      sql`
      select key_id, to_char(day, 'YYYY-MM-DD') as day, requests, refusals from partner_key_usage
       where key_id = any(${intArrayLiteral(keys.map((k) => k.id))}::int[]) and day >= ${addDays(today, 1 - USAGE_DAYS)}::date
       order by day desc`,
    );
    for (const r of rows) {
      const days = usage.get(r.key_id) ?? [];
      days.push({ day: r.day, requests: r.requests, refusals: r.refusals });
      usage.set(r.key_id, days);
    }
  }
  return keys.map((k) => {
    const days = usage.get(k.id) ?? [];
    const todays = days.find((d) => d.day === today);
    return {
      id: k.id,
      partnerName: k.partnerName,
      name: k.name,
      keyPrefix: k.keyPrefix,
      ownRateLimit: k.rateLimitPerMinute ?? null,
      rateLimitPerMinute: k.rateLimitPerMinute ?? ctx.config.rateLimits.partnerApi,
      createdAt: k.createdAt,
      lastUsedAt: k.lastUsedAt ?? null,
      revokedAt: k.revokedAt ?? null,
      usage: days,
      requestsToday: todays?.requests ?? 0,
      refusalsToday: todays?.refusals ?? 0,
    };
  });
}

/** Partners' API keys: who a key is, and the admin's list, creation and revocation. */
export const partnerKeyService = {
  /**
   * The caller a presented key stands for: its partner while the key is known and not revoked,
   * else anonymous with the refusal (UNAUTHENTICATED) that the API answers.
   */
  async authenticate(em: EntityManager, key: string): Promise<Principal> {
    if (!KEY_RE.test(key)) return { kind: 'anonymous', refusal: new UnauthenticatedError(INVALID_API_KEY) };
    const known = await findKey(em, hashApiKey(key));
    if (!known) return { kind: 'anonymous', refusal: new UnauthenticatedError(INVALID_API_KEY) };
    if (known.revoked) return { kind: 'anonymous', refusal: new UnauthenticatedError(REVOKED_API_KEY) };
    return {
      kind: 'partner',
      keyId: known.id,
      partnerName: known.partnerName,
      rateLimitPerMinute: known.rateLimitPerMinute,
    };
  },

  /** Admin: the keys, active ones first, newest first (at most PARTNER_KEYS_MAX), with their recent use. */
  async list(ctx: RequestContext): Promise<PartnerKeyView[]> {
    requireAdmin(ctx);
    const keys = await ctx.em.find(
      PartnerKey,
      {},
      { orderBy: { revokedAt: 'asc nulls first', createdAt: 'desc', id: 'desc' }, limit: PARTNER_KEYS_MAX },
    );
    return views(ctx, keys);
  },

  /** Admin: makes a key; its secret is in this answer only (only its hash is kept). */
  async create(ctx: RequestContext, input: PartnerKeyInput): Promise<{ key: PartnerKeyView; secret: string }> {
    const admin = requireAdmin(ctx);
    const values = validateInput(input);
    const secret = newApiKey();
    const row = ctx.em.create(PartnerKey, {
      partnerName: values.partnerName,
      name: values.name,
      keyPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: hashApiKey(secret),
      rateLimitPerMinute: values.rateLimitPerMinute ?? null,
      createdBy: ctx.em.getReference(User, admin.id),
    });
    await ctx.em.persist(row).flush();
    const [key] = await views(ctx, [row]);
    return { key: key!, secret };
  },

  /** Admin: revokes a key (a revoked one stays as it is); every request with it is refused from then on. */
  async revoke(ctx: RequestContext, id: unknown): Promise<PartnerKeyView> {
    requireAdmin(ctx);
    const row = await ctx.em.findOne(PartnerKey, { id: parseKeyId(id) });
    if (!row) throw new NotFoundError('API key not found');
    if (!row.revokedAt) {
      row.revokedAt = new Date();
      await ctx.em.flush();
    }
    recentKeys.delete(row.keyHash);
    const [key] = await views(ctx, [row]);
    return key!;
  },

  /** The calling partner's own key: lets a partner check that its key works and what its limit is. */
  async current(ctx: RequestContext): Promise<ApiKeyInfoView> {
    const caller: PartnerCaller = requirePartner(ctx);
    const row = await ctx.em.findOne(PartnerKey, { id: caller.keyId });
    if (!row) throw new UnauthenticatedError(INVALID_API_KEY);
    return {
      partnerName: row.partnerName,
      name: row.name,
      rateLimitPerMinute: row.rateLimitPerMinute ?? ctx.config.rateLimits.partnerApi,
    };
  },
};

/** Trimmed names and the limit, or BAD_USER_INPUT naming every failing field. */
function validateInput(input: PartnerKeyInput): PartnerKeyFormValues {
  const limit = input.rateLimitPerMinute;
  const values: PartnerKeyFormValues = {
    partnerName: text(input.partnerName),
    name: text(input.name),
    rateLimitPerMinute: limit === undefined || limit === null ? null : typeof limit === 'number' ? limit : NaN,
  };
  throwIfInvalid(validatePartnerKeyForm(values), 'lines');
  return values;
}
