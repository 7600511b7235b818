import { Redis } from 'ioredis';
import type { WebhookKick } from './context.js';
import { log } from './logger.js';

/**
 * Anonymous visitors' answers of the catalogue (tour pages, a tour, its departures, quotes, the
 * filter options), kept in memory or in Redis with the generation of the catalogue they were read at.
 *
 * The rule that keeps them fresh: the catalogue has a generation, a counter that every write to a
 * tour, a departure or the seats of a booking moves on AFTER its transaction has committed. A
 * request reads the generation BEFORE it reads the database and stores its answer tagged with that
 * generation; an answer is served only while its tag equals the current generation.
 * - An answer tagged with generation g was read from the database after g was reached, so after
 *   the commit of every write that moved the counter to g or below: it holds all those changes.
 * - A reader that started before a write (read g, then old rows) stores its old answer under g;
 *   the write's bump makes g obsolete, so once the write has been answered nobody is served it.
 * - Bumping before the commit instead would let a reader between the bump and the commit store
 *   old rows under the new generation, served until the next write: that is why it is after.
 * Between a commit and its bump (one counter increment) a reader may still get the answer from
 * before the write, as it would had it read the database a moment earlier; the write's own caller
 * gets its answer only after the bump. With Redis the generation lives there, read with the entry
 * in one MGET by every request, so every instance sees a bump at once; nothing of it is memoised.
 * Entries also expire after five minutes, the bound for a change made past the services (by hand in
 * the database): every change the server makes is seen at once.
 */
export interface CatalogueCache {
  /** The current generation and the entry under `key` when it was stored at that generation; null when the store cannot be reached (answer fresh). */
  lookup(key: string): Promise<{ generation: string; hit: CachedAnswer | null } | null>;
  /** Keeps an answer read at `generation`. */
  store(key: string, generation: string, answer: CachedAnswer): Promise<void>;
  /** Moves the catalogue on: call after a write to tours, departures or seats has committed (see changingCatalogue). */
  changed(): Promise<void>;
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
/** Most entries kept in memory, and their total size; the least recently used go first. */
export const MEMORY_MAX_ENTRIES = 2_000;
export const MEMORY_MAX_BYTES = 64 * 1024 * 1024;
/** Answers larger than this are not kept (the REST list of 1000 tours is about 1 MB). */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Runs a write to what anonymous visitors see (tours, departures, seats) and moves the catalogue
 * on once it is over: `write` must commit its own transaction, never run inside a caller's. The bump
 * follows a failure too, since a failed commit may still have been applied. The webhook sender is
 * kicked after it too, to send the deliveries the write queued in its transaction.
 */
export async function changingCatalogue<T>(ctx: { catalogue: CatalogueCache; webhooks?: WebhookKick }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    await ctx.catalogue.changed();
    ctx.webhooks?.kick();
  }
}

interface MemoryEntry extends CachedAnswer {
  generation: string;
  expiresAt: number;
}

/** In this process: right for one instance (several instances need REDIS_URL, or each keeps answers the others' writes do not reach). */
export class MemoryCatalogueCache implements CatalogueCache {
  private generation = 0;
  private bytes = 0;
  // A Map iterates in insertion order: a hit is re-inserted, so the first key is the least recently used.
  private readonly entries = new Map<string, MemoryEntry>();

  async lookup(key: string) {
    const generation = String(this.generation);
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
    if (generation !== String(this.generation) || answer.body.length > MAX_ANSWER_BYTES) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...answer, generation, expiresAt: Date.now() + CACHE_TTL_MS });
    this.bytes += answer.body.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= MEMORY_MAX_ENTRIES && this.bytes <= MEMORY_MAX_BYTES) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: MemoryEntry): void {
    this.entries.delete(key);
    this.bytes -= e.body.length;
  }

  async changed(): Promise<void> {
    this.generation++;
    // Every entry is now obsolete: free them rather than wait for their eviction.
    this.entries.clear();
    this.bytes = 0;
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * In Redis, shared by every instance with the same REDIS_URL and REDIS_PREFIX: the generation is
 * one counter key, each entry one key holding its generation, content type, ETag and body. When
 * Redis cannot be reached every answer is read fresh from the database.
 */
export class RedisCatalogueCache implements CatalogueCache {
  private readonly redis: Redis;
  private readonly generationKey: string;
  private lastWarning = 0;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    this.redis.on('error', (e: Error) => this.warn('catalogue cache store error', e));
    this.generationKey = `${prefix}generation`;
  }

  /** At most one warning in ten seconds: an unreachable store would otherwise log every request. */
  private warn(message: string, e: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    log.warn(message, { error: String((e as Error)?.message ?? e) });
  }

  async lookup(key: string) {
    try {
      const [generation, raw] = await this.redis.mget(this.generationKey, this.prefix + key);
      const current = generation ?? '0';
      return { generation: current, hit: raw ? decode(raw, current) : null };
    } catch (e) {
      this.warn('catalogue cache unavailable; answering from the database', e);
      return null;
    }
  }

  async store(key: string, generation: string, answer: CachedAnswer): Promise<void> {
    if (answer.body.length > MAX_ANSWER_BYTES) return;
    try {
      await this.redis.set(this.prefix + key, encode(generation, answer), 'PX', CACHE_TTL_MS);
    } catch (e) {
      this.warn('catalogue cache store failed', e);
    }
  }

  async changed(): Promise<void> {
    // Tried twice: a lost bump leaves answers from before the write served until they expire.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await this.redis.incr(this.generationKey);
        return;
      } catch (e) {
        if (attempt === 2) log.error('catalogue cache generation not moved on: anonymous answers may be stale for up to 5 minutes', { error: String((e as Error)?.message ?? e) });
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
  async lookup() {
    return null;
  }
  async store(): Promise<void> {}
  async changed(): Promise<void> {}
  async close(): Promise<void> {}
}

/** The cache the configuration asks for: Redis with REDIS_URL (keys under REDIS_PREFIX + 'catalogue:'), else memory; none when turned off. */
export function createCatalogueCache(opts: { catalogueCache: boolean; redisUrl: string | null; redisPrefix: string }): CatalogueCache {
  if (!opts.catalogueCache) return new NoCatalogueCache();
  return opts.redisUrl ? new RedisCatalogueCache(opts.redisUrl, `${opts.redisPrefix}catalogue:`) : new MemoryCatalogueCache();
}
