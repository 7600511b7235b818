import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { BOOKING_STATUSES, PARTNER_EXAMPLES, PARTNER_KEY_EXAMPLES } from '@tembea/schema';
import type { CatalogueCache } from './catalogue-cache.js';
import { log } from './logger.js';
import type { RateLimiter } from './rate-limit.js';
import { queryRows, sql } from './sql.js';
import { loggableError } from './errors.js';

/** Seconds: from a fast cached read to the request time limit. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * GraphQL operation names are chosen by the caller, so only the operations the server knows get a
 * series of their own: the client's (named by its build) and the documented partner operations.
 * Every other name counts as `other`, so no caller can add series or push the known ones out. A
 * request without a name is `anonymous`; one that never parsed is `unknown`.
 */
const PARTNER_OPERATIONS = [...PARTNER_EXAMPLES, ...PARTNER_KEY_EXAMPLES].map((e) => e.operationName);

interface KnexPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The Prometheus metrics of one app, in a registry of its own (several apps may share a process). */
export class Metrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>(PARTNER_OPERATIONS);
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly graphqlRequests: Counter<'operation' | 'status'>;
  private readonly graphqlDuration: Histogram<'operation'>;
  private readonly rateLimited: Counter<'limiter'>;
  private readonly cacheLookups: Counter<'result'>;
  private readonly cacheCounts = { hit: 0, miss: 0 };

  constructor(orm: MikroORM) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'tembea_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'tembea_http_request_duration_seconds',
      help: 'HTTP request duration, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.graphqlRequests = new Counter({
      name: 'tembea_graphql_requests_total',
      help: 'GraphQL requests, by operation name and HTTP status',
      labelNames: ['operation', 'status'],
      registers,
    });
    this.graphqlDuration = new Histogram({
      name: 'tembea_graphql_request_duration_seconds',
      help: 'GraphQL request duration, by operation name',
      labelNames: ['operation'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: 'tembea_rate_limit_refusals_total',
      help: 'Rate-limit hits refused, by limiter (the key prefix)',
      labelNames: ['limiter'],
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'tembea_catalogue_cache_lookups_total',
      help: 'Catalogue cache lookups of anonymous and partner reads: hit, miss, or unavailable (store unreachable)',
      labelNames: ['result'],
      registers,
    });
    const counts = this.cacheCounts;
    new Gauge({
      name: 'tembea_catalogue_cache_hit_ratio',
      help: 'Share of catalogue cache lookups answered from the cache since the start (0 before any lookup)',
      registers,
      collect() {
        const all = counts.hit + counts.miss;
        this.set(all ? counts.hit / all : 0);
      },
    });
    new Gauge({
      name: 'tembea_bookings',
      help: 'Bookings in the database, by status (read at scrape time)',
      labelNames: ['status'],
      registers,
      async collect() {
        try {
          const rows = await queryRows<{ status: string; n: number }>(
            orm.em.fork(),
            sql`select status, count(*)::int as n from bookings group by status`,
          );
          const counts = new Map(rows.map((r) => [r.status, r.n]));
          for (const status of BOOKING_STATUSES) this.set({ status }, counts.get(status) ?? 0);
        } catch (e) {
          // The scrape still answers with everything else; the series keep their last values.
          log.warn('metrics: bookings by status could not be read', { error: loggableError(e, { stack: false }) });
        }
      },
    });
    const pool = (): KnexPool | undefined => (orm.em.getConnection().getKnex().client as { pool?: KnexPool }).pool;
    new Gauge({
      name: 'tembea_db_pool_connections',
      help: 'Database pool connections: used, free, and acquisitions waiting',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        this.set({ state: 'used' }, p?.numUsed() ?? 0);
        this.set({ state: 'free' }, p?.numFree() ?? 0);
        this.set({ state: 'pending' }, p?.numPendingAcquires() ?? 0);
      },
    });
  }

  /** Records one answered HTTP request (and a GraphQL one when `operation` is given). */
  observeRequest(r: {
    method: string;
    route: string;
    status: number;
    seconds: number;
    operation?: string | null;
  }): void {
    const labels = { method: r.method, route: r.route, status: String(r.status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, r.seconds);
    if (r.operation !== undefined) {
      const operation = this.operationLabel(r.operation);
      this.graphqlRequests.inc({ operation, status: String(r.status) });
      this.graphqlDuration.observe({ operation }, r.seconds);
    }
  }

  /** Gives these operation names series of their own (the client's operations, once its build is loaded). */
  knowOperations(names: readonly string[]): void {
    for (const name of names) this.operationNames.add(name);
  }

  /** The bounded label of a GraphQL operation name ('' when it had none, null when it never parsed). */
  private operationLabel(name: string | null): string {
    if (name === null) return 'unknown';
    if (name === '') return 'anonymous';
    return this.operationNames.has(name) ? name : 'other';
  }

  /** The limiter with every refused hit counted under its key's prefix (`login` of `login:ip:…`). */
  countRefusals(limiter: RateLimiter): RateLimiter {
    const counter = this.rateLimited;
    return {
      hit: (key, limit, windowMs, mode) =>
        limiter.hit(key, limit, windowMs, mode).then((state) => {
          if (!state.allowed) counter.inc({ limiter: limiterName(key) });
          return state;
        }),
      check: (key, limit) => limiter.check(key, limit),
      reset: (key) => limiter.reset(key),
      ping: () => limiter.ping(),
      close: () => limiter.close(),
    };
  }

  /** The cache with every lookup counted as a hit, a miss or unavailable. */
  countLookups(cache: CatalogueCache): CatalogueCache {
    const counter = this.cacheLookups;
    const counts = this.cacheCounts;
    return {
      enabled: cache.enabled,
      lookup: async (key, scopes) => {
        const found = await cache.lookup(key, scopes);
        const result = !found ? 'unavailable' : found.hit ? 'hit' : 'miss';
        counter.inc({ result });
        if (result !== 'unavailable') counts[result]++;
        return found;
      },
      store: (key, generation, answer) => cache.store(key, generation, answer),
      changed: (scopes) => cache.changed(scopes),
      close: () => cache.close(),
    };
  }
}

function limiterName(key: string): string {
  const prefix = key.split(':', 1)[0] ?? '';
  return key.includes(':') && /^[a-z][a-z0-9_-]{0,31}$/.test(prefix) ? prefix : 'other';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format; with a token, only for `Authorization: Bearer <token>`.
 * In production without a token it answers 404, as a server without metrics would: they name the
 * routes and operations in use and count bookings, which is not for anyone on the internet.
 */
export function metricsRouter(metrics: Metrics, opts: { token: string | null; production: boolean }): Router {
  const r = Router();
  const { token } = opts;
  const off = opts.production && token === null;
  if (off) log.warn('GET /metrics answers 404: set METRICS_TOKEN to serve metrics in production');
  r.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (off) {
      res.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    if (token !== null) {
      const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).json({ success: false, message: 'A valid metrics token is required', code: 'UNAUTHENTICATED' });
        return;
      }
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  return r;
}
