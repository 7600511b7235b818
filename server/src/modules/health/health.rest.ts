import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows, sql } from '../../common/sql.js';

/** A dependency /ready checks: resolves when it answers, rejects when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 3_000;
/** How long one check of the dependencies answers every /ready request. */
const READY_REUSE_MS = 1_000;

interface Readiness {
  status: number;
  body: Record<string, unknown>;
}

async function probe(check: ReadinessCheck): Promise<{ status: 'up' | 'down'; latencyMs?: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latencyMs: Date.now() - started };
  } catch {
    return { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: the process is alive and answering (a supervisor's liveness probe; no dependency is
 * touched, so a database outage does not get a healthy process restarted).
 * GET /ready: the database, and Redis when configured, answer; 503 naming what is down otherwise
 * (a load balancer's readiness probe: send no traffic here until it is 200). It is not rate limited
 * (a refused probe would take the instance out of service); instead one check, started at most a
 * second ago, answers every request, so a flood of probes reads the database once a second.
 */
export function healthRouter(orm: MikroORM, extraChecks: Record<string, ReadinessCheck> = {}): Router {
  const r = Router();
  const checks: Record<string, ReadinessCheck> = {
    database: () => queryRows(orm.em.fork(), sql`select 1`),
    ...extraChecks,
  };
  let last: { startedAt: number; answer: Promise<Readiness> } | null = null;
  r.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', message: 'API is accessible', uptimeSeconds: Math.round(process.uptime()) });
  });
  r.get('/ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!last || Date.now() - last.startedAt >= READY_REUSE_MS)
      last = { startedAt: Date.now(), answer: readiness(checks) };
    const { status, body } = await last.answer;
    res.status(status).json(body);
  });
  return r;
}

async function readiness(checks: Record<string, ReadinessCheck>): Promise<Readiness> {
  const entries = Object.entries(checks);
  const results = await Promise.all(entries.map(([, check]) => probe(check)));
  const report = Object.fromEntries(entries.map(([name], i) => [name, results[i]]));
  const down = entries.filter((_, i) => results[i]?.status === 'down').map(([name]) => name);
  if (down.length === 0) return { status: 200, body: { status: 'ready', ...report } };
  const message = down.includes('database')
    ? 'The database cannot be reached'
    : `Not ready: ${down.join(', ')} cannot be reached`;
  return { status: 503, body: { status: 'unavailable', ...report, message } };
}
