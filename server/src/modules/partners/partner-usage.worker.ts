import type { Principal, RequestContext } from '../../common/context.js';
import { log } from '../../common/logger.js';
import { intArrayLiteral, queryRows, sql } from '../../common/sql.js';
import { usageDay } from './partner-key.service.js';
import { loggableError } from '../../common/errors.js';

/** How often counted use is added to the database. */
export const USAGE_FLUSH_MS = 5_000;

interface Pending {
  keyId: number;
  day: string;
  requests: number;
  refusals: number;
  lastUsedAt: Date;
}

/** A PostgreSQL array literal of texts the code made (dates, ISO timestamps: no quotes or backslashes). */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v}"`).join(',')}}`;
}

/**
 * Counts each request made with a partner's API key, and each refused by its rate limit, per key
 * and day (UTC), in memory; every USAGE_FLUSH_MS the counts are added to partner_key_usage (and
 * last_used_at moved on) in one transaction. Each instance adds its own increments, so several
 * instances add up; what is not yet written is written on stop(). The database is never written
 * per request.
 */
export class PartnerUsageCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  /** `contextFor` gives each flush a fresh system context (its own unit of work). */
  constructor(private readonly contextFor: () => RequestContext) {}

  /** Counts one request of the caller when it is a partner; `allowed` false counts a refusal too. */
  count(principal: Principal, allowed: boolean, at: Date = new Date()): void {
    if (principal.kind !== 'partner') return;
    const day = usageDay(at);
    const id = `${principal.keyId}:${day}`;
    const entry = this.pending.get(id) ?? { keyId: principal.keyId, day, requests: 0, refusals: 0, lastUsedAt: at };
    entry.requests++;
    if (!allowed) entry.refusals++;
    if (at > entry.lastUsedAt) entry.lastUsedAt = at;
    this.pending.set(id, entry);
  }

  /** Starts the periodic flush. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.timer.unref();
  }

  /** Stops the periodic flush and writes what is counted. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes what is counted so far (one flush at a time); counts that fail to be written are kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeOnce());
    return this.flushing;
  }

  private async writeOnce(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()].sort((a, b) => a.keyId - b.keyId || a.day.localeCompare(b.day));
    this.pending = new Map();
    try {
      await this.contextFor().transaction(async ({ em }) => {
        await queryRows(
          em,
          sql`
          insert into partner_key_usage (key_id, day, requests, refusals)
          select * from unnest(${intArrayLiteral(batch.map((e) => e.keyId))}::int[], ${textArrayLiteral(batch.map((e) => e.day))}::date[],
                               ${intArrayLiteral(batch.map((e) => e.requests))}::int[], ${intArrayLiteral(batch.map((e) => e.refusals))}::int[])
          on conflict (key_id, day) do update
            set requests = partner_key_usage.requests + excluded.requests, refusals = partner_key_usage.refusals + excluded.refusals`,
        );
        const latest = new Map<number, Date>();
        for (const e of batch)
          if (!latest.has(e.keyId) || e.lastUsedAt > latest.get(e.keyId)!) latest.set(e.keyId, e.lastUsedAt);
        await queryRows(
          em,
          sql`
          update partner_keys k set last_used_at = greatest(k.last_used_at, v.at)
            from unnest(${intArrayLiteral([...latest.keys()])}::int[], ${textArrayLiteral([...latest.values()].map((d) => d.toISOString()))}::timestamptz[]) as v(id, at)
           where k.id = v.id`,
        );
      });
    } catch (e) {
      for (const entry of batch) this.merge(entry);
      log.warn('API key usage could not be written; will retry', { error: loggableError(e, { stack: false }) });
    }
  }

  private merge(entry: Pending): void {
    const id = `${entry.keyId}:${entry.day}`;
    const now = this.pending.get(id);
    if (!now) return void this.pending.set(id, entry);
    now.requests += entry.requests;
    now.refusals += entry.refusals;
    if (entry.lastUsedAt > now.lastUsedAt) now.lastUsedAt = entry.lastUsedAt;
  }
}
