import { Redis } from 'ioredis';
import type { CatalogueCacheLimits } from '../config.js';
import { log } from './logger.js';

/**
 * Anonymous visitors' answers of the catalogue (tour pages, a tour, its departures, quotes, the
 * filter options), kept in memory or in Redis with the generations of what they read.
 *
 * What an answer reads is named by scopes: CATALOGUE (tours, their prices and content: every answer
 * reads it), the seats of one tour (its departures, availability and quotes), or the seats of any
 * tour. Each scope has a generation, a counter that every write to what it names moves on AFTER its
 * transaction has committed: a tour edit moves CATALOGUE, which every answer reads; a booking moves
 * only the seats of its tour (and ANY_SEATS), so the lists and tour pages, which show no seats,
 * stay cached while people book.
 *
 * The rule that keeps them fresh: a request reads the generations of its scopes BEFORE it reads the
 * database and stores its answer tagged with them; an answer is served only while every tag equals
 * the scope's current generation.
 * - An answer tagged with generation g was read from the database after g was reached, so after
 *   the commit of every write that moved the counter to g or below: it holds all those changes.
 * - A reader that started before a write (read g, then old rows) stores its old answer under g;
 *   the write's bump makes g obsolete, so once the write has been answered nobody is served it.
 * - Bumping before the commit instead would let a reader between the bump and the commit store
 *   old rows under the new generation, served until the next write: that is why it is after.
 * Between a commit and its bump (one counter increment) a reader may still get the answer from
 * before the write, as it would had it read the database a moment earlier; the write's own caller
 * gets its answer only after the bump. With Redis the generations live there, read with the entry
 * in one MGET by every request, so every instance sees a bump at once; nothing of it is memoised.
 * Entries also expire after five minutes, the bound for a change made past the services (by hand in
 * the database): every change the server makes is seen at once.
 *
 * Callers choose the keys, so the store is bounded whatever they send: an answer over
 * `maxAnswerBytes` is not kept, and past `maxEntries` entries or `maxBytes` bytes the entries stored
 * longest ago are dropped, in memory and in Redis alike.
 */

/** Tours and everything shown of them but seats: read by every cached answer. */
export const CATALOGUE = 'catalogue';
/** The seats of every tour: read by an answer about seats whose tour is not known from its request. */
export const ANY_SEATS = 'seats';
/** The seats of one tour: its departures, availability and quotes. */
export const seatsOf = (tourId: number | string): string => `seats:${tourId}`;

/** The scopes an answer reads, CATALOGUE first; a change of the seats of a tour moves these two. */
export const seatScopes = (tourId: number | string): string[] => [ANY_SEATS, seatsOf(tourId)];

export interface CatalogueCache {
  /** false when CATALOGUE_CACHE=false: callers skip working out keys that nothing would keep. */
  readonly enabled: boolean;
  /**
   * The current generations of `scopes` (CATALOGUE and any seat scopes the answer reads) as one tag,
   * and the entry under `key` when it was stored with that tag; null when the store cannot be
   * reached (answer fresh).
   */
  lookup(key: string, scopes: readonly string[]): Promise<{ generation: string; hit: CachedAnswer | null } | null>;
  /** Keeps an answer read at `generation` (the tag lookup gave). */
  store(key: string, generation: string, answer: CachedAnswer): Promise<void>;
  /**
   * Moves scopes on: call after a write has committed (tx.catalogueChanged() and tx.seatsChanged()
   * register it). CATALOGUE, the default, makes every answer obsolete.
   */
  changed(scopes?: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A 200 answer as sent: its body, content type and ETag. */
export interface CachedAnswer {
  contentType: string;
  etag: string;
  body: string;
}

/** How long an entry lives at most. */
export const CACHE_TTL_MS = 5 * 60_000;

interface MemoryEntry extends CachedAnswer {
  generation: string;
  expiresAt: number;
  size: number;
}

/** The size of an answer's body in bytes, as the limits count it. */
const sizeOf = (answer: CachedAnswer): number => Buffer.byteLength(answer.body);

/** In this process: right for one instance (several instances need REDIS_URL, or each keeps answers the others' writes do not reach). */
export class MemoryCatalogueCache implements CatalogueCache {
  readonly enabled = true;
  // Counters of the scopes moved since the last CATALOGUE change; a scope never moved is at 0.
  private readonly generations = new Map<string, number>();
  private bytes = 0;
  // A Map iterates in insertion order: a hit is re-inserted, so the first key is the least recently used.
  private readonly entries = new Map<string, MemoryEntry>();

  constructor(private readonly limits: CatalogueCacheLimits) {}

  private tagOf(scopes: readonly string[]): string {
    return scopes.map((s) => this.generations.get(s) ?? 0).join('.');
  }

  async lookup(key: string, scopes: readonly string[]) {
    const generation = this.tagOf(scopes);
    const e = this.entries.get(key);
    if (!e) return { generation, hit: null };
    if (e.generation !== generation || e.expiresAt <= Date.now()) {
      this.drop(key, e);
      return { generation, hit: null };
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    return { generation, hit: e };
  }

  async store(key: string, generation: string, answer: CachedAnswer): Promise<void> {
    const size = sizeOf(answer);
    // Stored with the tag lookup gave; a scope moved since makes it obsolete at its next lookup.
    if (size > this.limits.maxAnswerBytes) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...answer, generation, expiresAt: Date.now() + CACHE_TTL_MS, size });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: MemoryEntry): void {
    this.entries.delete(key);
    this.bytes -= e.size;
  }

  async changed(scopes: readonly string[] = [CATALOGUE]): Promise<void> {
    if (scopes.includes(CATALOGUE)) {
      // Every entry is now obsolete: free them rather than wait for their eviction. Every tag holds
      // CATALOGUE's counter, so the seat counters can start again from 0 without an old tag matching.
      const next = (this.generations.get(CATALOGUE) ?? 0) + 1;
      this.generations.clear();
      this.generations.set(CATALOGUE, next);
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const s of scopes) this.generations.set(s, (this.generations.get(s) ?? 0) + 1);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * Stores one entry and keeps the entries within their bounds, atomically for every instance.
 * KEYS: the entry, the index (a sorted set of entry names scored by expiry time), their sizes (a
 * hash) and the total of those sizes. ARGV: the key prefix, the entry's name, its value, time to
 * live and now in ms, most entries, most bytes. Every entry lives as long, so the lowest score is the
 * entry stored longest ago: it goes first. Entries past their expiry have gone by themselves; their
 * sizes are forgotten here (a hundred a call, enough as each store adds one).
 */
const STORE_SCRIPT = `
local entry, index, sizes, total = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local prefix, name, value = ARGV[1], ARGV[2], ARGV[3]
local ttl, now, maxEntries, maxBytes = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local function forget(m)
  local size = tonumber(redis.call('HGET', sizes, m) or '0')
  redis.call('HDEL', sizes, m)
  redis.call('ZREM', index, m)
  if size > 0 then redis.call('DECRBY', total, size) end
end
for _, m in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now, 'LIMIT', 0, 100)) do forget(m) end
forget(name)
redis.call('SET', entry, value, 'PX', ttl)
redis.call('ZADD', index, now + ttl, name)
redis.call('HSET', sizes, name, string.len(value))
local bytes = redis.call('INCRBY', total, string.len(value))
while redis.call('ZCARD', index) > maxEntries or bytes > maxBytes do
  local oldest = redis.call('ZRANGE', index, 0, 0)[1]
  if not oldest then break end
  forget(oldest)
  redis.call('DEL', prefix .. oldest)
  bytes = tonumber(redis.call('GET', total) or '0')
end
return bytes
`;

type StoringRedis = Redis & {
  catalogueStore(
    entry: string,
    index: string,
    sizes: string,
    total: string,
    ...args: (string | number)[]
  ): Promise<number>;
};

/**
 * In Redis, shared by every instance with the same REDIS_URL and REDIS_PREFIX: each scope's
 * generation is one counter key (CATALOGUE's keeps the name it had when it was the only one, so an
 * instance of the previous release, which moves only it, still makes every answer obsolete during
 * a rolling deploy), each entry one key holding its generations, content type, ETag and body, and an
 * index of the entries with their sizes keeps them within the limits. When Redis cannot be reached
 * every answer is read fresh from the database.
 */
export class RedisCatalogueCache implements CatalogueCache {
  readonly enabled = true;
  private readonly redis: StoringRedis;
  private lastWarning = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly limits: CatalogueCacheLimits,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 }) as StoringRedis;
    this.redis.defineCommand('catalogueStore', { numberOfKeys: 4, lua: STORE_SCRIPT });
    this.redis.on('error', (e: Error) => this.warn('catalogue cache store error', e));
  }

  /** At most one warning in ten seconds: an unreachable store would otherwise log every request. */
  private warn(message: string, e: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    log.warn(message, { error: String((e as Error)?.message ?? e) });
  }

  private generationKey(scope: string): string {
    return scope === CATALOGUE ? `${this.prefix}generation` : `${this.prefix}generation:${scope}`;
  }

  async lookup(key: string, scopes: readonly string[]) {
    try {
      const values = await this.redis.mget(...scopes.map((s) => this.generationKey(s)), this.prefix + key);
      const raw = values.pop();
      const current = values.map((v) => v ?? '0').join('.');
      return { generation: current, hit: raw ? decode(raw, current) : null };
    } catch (e) {
      this.warn('catalogue cache unavailable; answering from the database', e);
      return null;
    }
  }

  async store(key: string, generation: string, answer: CachedAnswer): Promise<void> {
    if (sizeOf(answer) > this.limits.maxAnswerBytes) return;
    const p = this.prefix;
    try {
      await this.redis.catalogueStore(
        p + key,
        `${p}index`,
        `${p}sizes`,
        `${p}bytes`,
        p,
        key,
        encode(generation, answer),
        CACHE_TTL_MS,
        Date.now(),
        this.limits.maxEntries,
        this.limits.maxBytes,
      );
    } catch (e) {
      this.warn('catalogue cache store failed', e);
    }
  }

  async changed(scopes: readonly string[] = [CATALOGUE]): Promise<void> {
    // Tried twice: a lost bump leaves answers from before the write served until they expire.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const bump = this.redis.multi();
        for (const s of scopes) bump.incr(this.generationKey(s));
        const replies = await bump.exec();
        const failed = replies ? replies.find(([error]) => error)?.[0] : new Error('transaction discarded');
        if (failed) throw failed;
        return;
      } catch (e) {
        if (attempt === 2)
          log.error('catalogue cache generation not moved on: anonymous answers may be stale for up to 5 minutes', {
            error: String((e as Error)?.message ?? e),
          });
      }
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

// generation, content type and ETag on one line each, then the body.
function encode(generation: string, a: CachedAnswer): string {
  return `${generation}\n${a.contentType}\n${a.etag}\n${a.body}`;
}

function decode(raw: string, generation: string): CachedAnswer | null {
  const a = raw.indexOf('\n');
  const b = raw.indexOf('\n', a + 1);
  const c = raw.indexOf('\n', b + 1);
  if (a < 0 || b < 0 || c < 0 || raw.slice(0, a) !== generation) return null;
  return { contentType: raw.slice(a + 1, b), etag: raw.slice(b + 1, c), body: raw.slice(c + 1) };
}

/** No cache (CATALOGUE_CACHE=false): every answer is read from the database. */
class NoCatalogueCache implements CatalogueCache {
  readonly enabled = false;
  async lookup() {
    return null;
  }
  async store(): Promise<void> {}
  async changed(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The cache the configuration asks for: Redis with REDIS_URL (keys under REDIS_PREFIX + 'catalogue:'), else memory; none when turned off. */
export function createCatalogueCache(opts: {
  catalogueCache: boolean;
  catalogueCacheLimits: CatalogueCacheLimits;
  redisUrl: string | null;
  redisPrefix: string;
}): CatalogueCache {
  if (!opts.catalogueCache) return new NoCatalogueCache();
  return opts.redisUrl
    ? new RedisCatalogueCache(opts.redisUrl, `${opts.redisPrefix}catalogue:`, opts.catalogueCacheLimits)
    : new MemoryCatalogueCache(opts.catalogueCacheLimits);
}
