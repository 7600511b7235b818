import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestContext } from './context.js';
import { RateLimitedError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';

/** What one caller may send to the APIs: the counter it uses, how many requests and per how long. */
export interface ApiQuota {
  key: string;
  limit: number;
  windowMs: number;
}

/** Chooses a caller's quota from its request context (a partner key may get its own). */
export type ApiQuotaOf = (ctx: RequestContext) => ApiQuota;

/** The quota of a caller known only by its network address (API_RATE_LIMIT a minute). */
export const addressQuota = (ip: string, limit: number): ApiQuota => ({ key: `api:ip:${ip}`, limit, windowMs: 60_000 });

/**
 * A signed-in user counts by account (wherever it connects from), a partner by API key with the
 * key's own limit (PARTNER_API_RATE_LIMIT unless it sets one), anyone else by network address.
 */
export const quotaByCaller: ApiQuotaOf = (ctx) => {
  const p = ctx.principal;
  if (p.kind === 'partner')
    return {
      key: `api:key:${p.keyId}`,
      limit: p.rateLimitPerMinute ?? ctx.config.rateLimits.partnerApi,
      windowMs: 60_000,
    };
  if (p.kind === 'user') return { key: `api:user:${p.id}`, limit: ctx.config.rateLimits.api, windowMs: 60_000 };
  return addressQuota(ctx.ip, ctx.config.rateLimits.api);
};

/** Counts one request against a quota; rejects with RateLimitedError (429 RATE_LIMITED) once the quota is used up. */
export async function countRequest(
  limiter: RateLimiter,
  quota: ApiQuota,
  counted?: (allowed: boolean) => void,
): Promise<void> {
  const state = await limiter.hit(quota.key, quota.limit, quota.windowMs, 'quota');
  counted?.(state.allowed);
  if (!state.allowed) {
    throw new RateLimitedError(
      `Too many requests. Please slow down and try again in ${state.retryAfterSeconds} seconds.`,
      state.retryAfterSeconds,
    );
  }
}

/** Told of every request the limit counted, and whether it let it through (usage counts of API keys). */
export type ApiRequestCounted = (ctx: RequestContext, allowed: boolean) => void;

/**
 * The general limit on /graphql and /api: each request counts against its caller's quota, and one
 * over it is refused with 429 RATE_LIMITED and Retry-After before its body is read. It needs the
 * request context (req.ctx) set before it.
 */
export function apiRateLimit(quotaOf: ApiQuotaOf = quotaByCaller, counted?: ApiRequestCounted): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const ctx = req.ctx;
    if (!ctx) throw new Error('request context missing');
    await countRequest(ctx.limiter, quotaOf(ctx), counted && ((allowed) => counted(ctx, allowed)));
    next();
  };
}

/**
 * The same per-address quota on a path served without a request context (/metrics): a caller who
 * is refused on the APIs is refused there too, and cannot make the server read its database there.
 */
export function addressRateLimit(limiter: RateLimiter, limit: number, ipOf: (req: Request) => string): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await countRequest(limiter, addressQuota(ipOf(req), limit));
    next();
  };
}
