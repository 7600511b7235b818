import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestContext } from './context.js';
import { RateLimitedError } from './errors.js';

/** What one caller may send to the APIs: the counter it uses, how many requests and per how long. */
export interface ApiQuota {
  key: string;
  limit: number;
  windowMs: number;
}

/** Chooses a caller's quota from its request context (a partner key may get its own). */
export type ApiQuotaOf = (ctx: RequestContext) => ApiQuota;

/**
 * A signed-in user counts by account (wherever it connects from), a partner by API key with the
 * key's own limit (PARTNER_API_RATE_LIMIT unless it sets one), anyone else by network address.
 */
export const quotaByCaller: ApiQuotaOf = (ctx) => {
  const p = ctx.principal;
  if (p.kind === 'partner') return { key: `api:key:${p.keyId}`, limit: p.rateLimitPerMinute ?? ctx.config.rateLimits.partnerApi, windowMs: 60_000 };
  return { key: p.kind === 'user' ? `api:user:${p.id}` : `api:ip:${ctx.ip}`, limit: ctx.config.rateLimits.api, windowMs: 60_000 };
};

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
    const quota = quotaOf(ctx);
    const state = await ctx.limiter.hit(quota.key, quota.limit, quota.windowMs);
    counted?.(ctx, state.allowed);
    if (!state.allowed) {
      throw new RateLimitedError(`Too many requests. Please slow down and try again in ${state.retryAfterSeconds} seconds.`, state.retryAfterSeconds);
    }
    next();
  };
}
