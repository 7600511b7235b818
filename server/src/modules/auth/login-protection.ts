import type { RequestContext } from '../../common/context.js';
import { RateLimitedError } from '../../common/errors.js';
import { log } from '../../common/logger.js';
import { signDeviceToken, verifyDeviceToken } from './device-token.js';

const MINUTE = 60_000;

/**
 * Failed-login limits. Each answers 429 before any password is checked:
 * - one account from one address: that pair is locked (guessing one account from one place);
 * - one address, whatever the accounts: the address is blocked for a day (one place guessing many);
 * - one account from any mix of addresses: a short slow-down, growing with repeats but never past a
 *   few minutes, so strangers can slow an account but never lock its owner out;
 * - a device that signed in to the account before (device token) is subject only to its own lock,
 *   like a pair, and never to the slow-down or the address block.
 */
export const LOGIN_WINDOWS = {
  pairMs: 15 * MINUTE,
  addressMs: 24 * 60 * MINUTE,
  accountMs: 15 * MINUTE,
  /** Length of the account slow-down: the first in an hour, the second, …, then the last again. */
  slowdownMs: [15_000, 30_000, MINUTE, 2 * MINUTE, 5 * MINUTE],
  slowdownMemoryMs: 60 * MINUTE,
  deviceMs: 15 * MINUTE,
} as const;

/** Each limit's count (configurable) with its window. */
function loginLimits(ctx: RequestContext) {
  const n = ctx.config.rateLimits;
  return {
    pair: { limit: n.loginPair, windowMs: LOGIN_WINDOWS.pairMs },
    address: { limit: n.loginAddress, windowMs: LOGIN_WINDOWS.addressMs },
    account: { limit: n.loginAccount, windowMs: LOGIN_WINDOWS.accountMs },
    device: { limit: n.loginDevice, windowMs: LOGIN_WINDOWS.deviceMs },
  };
}

export const LOGIN_LOCKED = 'Too many login attempts. Please try again in 15 minutes.';

const keys = {
  pair: (email: string, ip: string) => `login:pair:${email}|${ip}`,
  address: (ip: string) => `login:ip:${ip}`,
  account: (email: string) => `login:acct:${email}`,
  slowdown: (email: string) => `login:slow:${email}`,
  slowdowns: (email: string) => `login:slows:${email}`,
  device: (id: string) => `login:device:${id}`,
};

/** '15 seconds', '3 minutes', '24 hours'. */
export function waitText(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(Math.max(1, seconds), 'second');
  if (seconds < 90 * 60) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/** A login attempt as the limits see it: the account, the address and, if any, the known device. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** Id of a valid device token issued for this account, or null. */
  device: string | null;
}

/** Login protection; authService.login calls check, then failed or succeeded. */
export const loginProtection = {
  /** Refuses with RATE_LIMITED when a limit is reached; otherwise the attempt to report back. */
  async check(ctx: RequestContext, email: string): Promise<LoginAttempt> {
    const device = verifyDeviceToken(ctx.deviceToken, email, ctx.config.jwtRefreshSecret);
    const attempt = { email, ip: ctx.ip, device };
    const limits = loginLimits(ctx);
    if (device) {
      const d = await ctx.limiter.check(keys.device(device), limits.device.limit);
      if (!d.allowed) throw new RateLimitedError(LOGIN_LOCKED, d.retryAfterSeconds);
      return attempt;
    }
    const [pair, address, slowdown] = await Promise.all([
      ctx.limiter.check(keys.pair(email, ctx.ip), limits.pair.limit),
      ctx.limiter.check(keys.address(ctx.ip), limits.address.limit),
      ctx.limiter.check(keys.slowdown(email), 1),
    ]);
    if (!pair.allowed) throw new RateLimitedError(LOGIN_LOCKED, pair.retryAfterSeconds);
    if (!address.allowed) {
      throw new RateLimitedError(
        `Too many failed logins from your network address. Please try again in ${waitText(address.retryAfterSeconds)}.`,
        address.retryAfterSeconds,
      );
    }
    if (!slowdown.allowed) {
      throw new RateLimitedError(
        `Too many failed logins for this account. Please try again in ${waitText(slowdown.retryAfterSeconds)}.`,
        slowdown.retryAfterSeconds,
      );
    }
    return attempt;
  },

  /** Counts a wrong password (or an unknown email) against the attempt's limits. */
  async failed(ctx: RequestContext, a: LoginAttempt): Promise<void> {
    const { limiter } = ctx;
    const limits = loginLimits(ctx);
    if (a.device) {
      await limiter.hit(keys.device(a.device), limits.device.limit, limits.device.windowMs);
      return;
    }
    const [, address, account] = await Promise.all([
      limiter.hit(keys.pair(a.email, a.ip), limits.pair.limit, limits.pair.windowMs),
      limiter.hit(keys.address(a.ip), limits.address.limit, limits.address.windowMs),
      limiter.hit(keys.account(a.email), limits.account.limit, limits.account.windowMs),
    ]);
    if (address.count === limits.address.limit) {
      log.warn('login: address blocked after too many failed logins', {
        requestId: ctx.requestId,
        ip: a.ip,
        hours: 24,
      });
    }
    // Exactly one failure reaches the limit (the counters are atomic), so one slow-down starts.
    if (account.count !== limits.account.limit) return;
    const seen = await limiter.hit(keys.slowdowns(a.email), Number.MAX_SAFE_INTEGER, LOGIN_WINDOWS.slowdownMemoryMs);
    const steps = LOGIN_WINDOWS.slowdownMs;
    const ms = steps[Math.min(seen.count, steps.length) - 1]!;
    await limiter.reset(keys.account(a.email));
    await limiter.hit(keys.slowdown(a.email), 1, ms);
    log.warn('login: account slowed down after failed logins from several addresses', {
      requestId: ctx.requestId,
      email: a.email,
      seconds: ms / 1000,
    });
  },

  /** A successful login: clears the attempt's own lock and returns a fresh device token for the account. */
  async succeeded(ctx: RequestContext, a: LoginAttempt): Promise<string> {
    await ctx.limiter.reset(a.device ? keys.device(a.device) : keys.pair(a.email, a.ip));
    return signDeviceToken(a.email, ctx.config.jwtRefreshSecret);
  },

  /** Lifts the account-wide slow-down (the owner proved access to the mailbox with a reset link). */
  async lift(ctx: RequestContext, email: string): Promise<void> {
    await Promise.all([
      ctx.limiter.reset(keys.account(email)),
      ctx.limiter.reset(keys.slowdown(email)),
      ctx.limiter.reset(keys.slowdowns(email)),
    ]);
  },
};
