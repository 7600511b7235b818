import { Redis } from 'ioredis';
import { log } from './logger.js';

/** Where a key stands after a hit or a check. */
export interface RateLimitState {
  /** Hits counted in the current window. */
  count: number;
  /** hit: count is within the limit; check: one more hit would still be within it. */
  allowed: boolean;
  /** Seconds until the window ends (at least 1 while counting, 0 when nothing is counted). */
  retryAfterSeconds: number;
}

/** A hit as counted, which its caller may take back. */
export interface RateLimitHit extends RateLimitState {
  /**
   * Takes this hit back, for an attempt counted before it was known whether it counts (a login
   * that succeeded, or that another limit refused): one less in the key's window and, if this hit
   * restarted the window on reaching the limit, the time it added taken off again. The key's
   * current window is the one changed, so call it soon after the hit.
   */
  giveBack(): Promise<void>;
}

/**
 * How a window ends once its limit is reached: a `lockout` (failed logins, sign-ups, reset mails)
 * starts the window again, so the lock lasts a whole window from the hit that caused it; a `quota`
 * (requests a minute) keeps the window that began at its first hit, so a caller sending steadily at
 * its limit is never refused for longer than the rest of its minute.
 */
export type RateLimitMode = 'lockout' | 'quota';

/** Fixed-window counters: a window starts at a key's first hit and ends as its mode says. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number, mode?: RateLimitMode): Promise<RateLimitHit>;
  check(key: string, limit: number): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
  /** Resolves when the shared store answers (always, in memory); rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function state(count: number, ttlMs: number, allowed: boolean): RateLimitState {
  return { count, allowed, retryAfterSeconds: count > 0 ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0 };
}

const nothingToGiveBack = async (): Promise<void> => {};

/** Counters in this process: right for one server instance and for tests. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  private live(key: string, now: number) {
    const w = this.windows.get(key);
    if (w && w.endsAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }

  async hit(key: string, limit: number, windowMs: number, mode: RateLimitMode = 'lockout'): Promise<RateLimitHit> {
    const now = Date.now();
    this.sweep(now);
    let w = this.live(key, now);
    if (!w) {
      w = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    const endedAt = w.endsAt;
    if (w.count === limit && mode === 'lockout') w.endsAt = now + windowMs;
    const added = w.endsAt - endedAt;
    return { ...state(w.count, w.endsAt - now, w.count <= limit), giveBack: () => this.giveBack(key, added) };
  }

  private async giveBack(key: string, addedMs: number): Promise<void> {
    const now = Date.now();
    const w = this.live(key, now);
    if (!w) return;
    w.count--;
    w.endsAt -= addedMs;
    if (w.count <= 0 || w.endsAt <= now) this.windows.delete(key);
  }

  async check(key: string, limit: number): Promise<RateLimitState> {
    const now = Date.now();
    const w = this.live(key, now);
    return w ? state(w.count, w.endsAt - now, w.count < limit) : state(0, 0, limit > 0);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.windows.clear();
  }
}

// INCR and the expiry in one step, so parallel hits on several instances count exactly; also
// how much later the window now ends because of this hit, for giving it back.
const HIT_SCRIPT = `
local left = redis.call('PTTL', KEYS[1])
local c = redis.call('INCR', KEYS[1])
local added = 0
if c == 1 or (c == tonumber(ARGV[1]) and ARGV[3] == 'lockout') then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  if left > 0 then added = tonumber(ARGV[2]) - left end
end
local ttl = redis.call('PTTL', KEYS[1])
return {c, ttl, added}`;

// One less and the window's added time taken off, in one step; a key whose window has ended is
// left alone rather than counted below zero.
const GIVE_BACK_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c <= 1 then
  redis.call('DEL', KEYS[1])
  return 0
end
redis.call('DECR', KEYS[1])
local added = tonumber(ARGV[1])
if added > 0 then
  local left = redis.call('PTTL', KEYS[1]) - added
  if left > 0 then redis.call('PEXPIRE', KEYS[1], left) else redis.call('DEL', KEYS[1]) end
end
return 1`;

/**
 * Counters in Redis, shared by every server instance using the same REDIS_URL and prefix.
 * If Redis is unreachable the limiter lets requests through (and logs it) rather than locking
 * every user out of their account.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false });
    this.redis.on('error', (e: Error) => log.warn('rate limit store error', { error: e.message }));
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  private failOpen(e: unknown, limit: number): RateLimitState {
    log.error('rate limit store unavailable; request let through', { error: String((e as Error)?.message ?? e) });
    return state(0, 0, limit > 0);
  }

  async hit(key: string, limit: number, windowMs: number, mode: RateLimitMode = 'lockout'): Promise<RateLimitHit> {
    try {
      const [count, ttl, added] = (await this.redis.eval(HIT_SCRIPT, 1, this.k(key), limit, windowMs, mode)) as [
        number,
        number,
        number,
      ];
      return {
        ...state(count, ttl > 0 ? ttl : windowMs, count <= limit),
        giveBack: () => this.giveBack(key, added),
      };
    } catch (e) {
      return { ...this.failOpen(e, limit), giveBack: nothingToGiveBack };
    }
  }

  private async giveBack(key: string, addedMs: number): Promise<void> {
    try {
      await this.redis.eval(GIVE_BACK_SCRIPT, 1, this.k(key), addedMs);
    } catch (e) {
      this.failOpen(e, 0);
    }
  }

  async check(key: string, limit: number): Promise<RateLimitState> {
    try {
      const res = await this.redis.multi().get(this.k(key)).pttl(this.k(key)).exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[1]?.[1] ?? -2);
      if (!count || ttl === -2) return state(0, 0, limit > 0);
      return state(count, ttl > 0 ? ttl : 1000, count < limit);
    } catch (e) {
      return this.failOpen(e, limit);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.k(key));
    } catch (e) {
      this.failOpen(e, 0);
    }
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

/** The app's limiter: Redis when REDIS_URL is set, else in memory. */
export function createRateLimiter(opts: { redisUrl: string | null; redisPrefix?: string }): RateLimiter {
  return opts.redisUrl
    ? new RedisRateLimiter(opts.redisUrl, opts.redisPrefix ?? 'tembea:rl:')
    : new MemoryRateLimiter();
}
