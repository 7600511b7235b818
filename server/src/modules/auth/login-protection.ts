import type { RequestContext } from '../../common/context.js';
import { RateLimitedError } from '../../common/errors.js';
import { log } from '../../common/logger.js';
import type { RateLimitHit } from '../../common/rate-limit.js';
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

/**
 * A login attempt as the limits see it (the account, the address and, if any, the known device)
 * with the counts it took before its password was checked: its device's lock, or the pair, address
 * and account counters. A failure keeps them; a success gives them back.
 */
export type LoginAttempt = { email: string; ip: string } & (
  | {
      /** Id of a valid device token issued for this account. */
      device: string;
      lock: RateLimitHit;
    }
  | { device: null; pair: RateLimitHit; address: RateLimitHit; account: RateLimitHit }
);

/** How long the account's next slow-down lasts, after `before` slow-downs within the hour. */
function slowdownMs(before: number): number {
  const steps = LOGIN_WINDOWS.slowdownMs;
  return steps[Math.min(before, steps.length - 1)]!;
}

async function giveBack(hits: RateLimitHit[]): Promise<void> {
  await Promise.all(hits.map((h) => h.giveBack()));
}

/**
 * Login protection; authService.login calls count, then failed, succeeded or abandoned.
 *
 * An attempt is counted as a failure before its password is checked and refused when that count
 * passes a limit, so logins sent in parallel can never have more passwords checked than the limits
 * allow; an attempt that turns out not to be a failure gives its counts back.
 */
export const loginProtection = {
  /** Counts the attempt against its limits; refuses with RATE_LIMITED (counting nothing) when one is over. */
  async count(ctx: RequestContext, email: string): Promise<LoginAttempt> {
    const { limiter } = ctx;
    const device = verifyDeviceToken(ctx.deviceToken, email, ctx.config.jwtRefreshSecret);
    const limits = loginLimits(ctx);
    if (device) {
      const lock = await limiter.hit(keys.device(device), limits.device.limit, limits.device.windowMs);
      if (!lock.allowed) {
        await lock.giveBack();
        throw new RateLimitedError(LOGIN_LOCKED, lock.retryAfterSeconds);
      }
      return { email, ip: ctx.ip, device, lock };
    }
    // One limit after the other, so an attempt refused by one holds no count of the next, where it
    // could take the place of an attempt that limit would let through.
    const pair = await limiter.hit(keys.pair(email, ctx.ip), limits.pair.limit, limits.pair.windowMs);
    if (!pair.allowed) {
      await pair.giveBack();
      throw new RateLimitedError(LOGIN_LOCKED, pair.retryAfterSeconds);
    }
    const address = await limiter.hit(keys.address(ctx.ip), limits.address.limit, limits.address.windowMs);
    if (!address.allowed) {
      await giveBack([pair, address]);
      throw new RateLimitedError(
        `Too many failed logins from your network address. Please try again in ${waitText(address.retryAfterSeconds)}.`,
        address.retryAfterSeconds,
      );
    }
    const account = await limiter.hit(keys.account(email), limits.account.limit, limits.account.windowMs);
    // Read after the account is counted: a slow-down starts before its failure resets the account's
    // count, so an attempt either sees the slow-down here or was counted among the failures before it.
    const slowdown = await limiter.check(keys.slowdown(email), 1);
    if (!slowdown.allowed || !account.allowed) {
      await giveBack([pair, address, account]);
      // Past the account's limit but not slowed down yet: the limit-th failure is still being
      // checked, and the slow-down it starts will be the next one.
      const seconds = !slowdown.allowed
        ? slowdown.retryAfterSeconds
        : slowdownMs((await limiter.check(keys.slowdowns(email), Number.MAX_SAFE_INTEGER)).count) / 1000;
      throw new RateLimitedError(
        `Too many failed logins for this account. Please try again in ${waitText(seconds)}.`,
        seconds,
      );
    }
    return { email, ip: ctx.ip, device: null, pair, address, account };
  },

  /** A wrong password (or an unknown email): the counts stay; the account's limit-th starts its slow-down. */
  async failed(ctx: RequestContext, a: LoginAttempt): Promise<void> {
    if (a.device !== null) return;
    const { limiter } = ctx;
    const { address, account } = a;
    const limits = loginLimits(ctx);
    if (address.count === limits.address.limit) {
      log.warn('login: address blocked after too many failed logins', {
        requestId: ctx.requestId,
        ip: a.ip,
        hours: 24,
      });
    }
    // Only the attempt counted in the limit-th place starts a slow-down.
    if (account.count !== limits.account.limit) return;
    const seen = await limiter.hit(keys.slowdowns(a.email), Number.MAX_SAFE_INTEGER, LOGIN_WINDOWS.slowdownMemoryMs);
    const ms = slowdownMs(seen.count - 1);
    // The slow-down before the reset, for the attempts being counted meanwhile (see count).
    await limiter.hit(keys.slowdown(a.email), 1, ms);
    await limiter.reset(keys.account(a.email));
    log.warn('login: account slowed down after failed logins from several addresses', {
      requestId: ctx.requestId,
      email: a.email,
      seconds: ms / 1000,
    });
  },

  /**
   * A successful login: clears the attempt's own lock (its device's, or the pair's), gives back what
   * it counted on the address and the account, and returns a fresh device token for the account.
   */
  async succeeded(ctx: RequestContext, a: LoginAttempt): Promise<string> {
    if (a.device !== null) await ctx.limiter.reset(keys.device(a.device));
    else await Promise.all([ctx.limiter.reset(keys.pair(a.email, a.ip)), giveBack([a.address, a.account])]);
    return signDeviceToken(a.email, ctx.config.jwtRefreshSecret);
  },

  /** The password could not be checked (the database or the hashing failed): nothing stays counted. */
  async abandoned(a: LoginAttempt): Promise<void> {
    await giveBack(a.device !== null ? [a.lock] : [a.pair, a.address, a.account]);
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
