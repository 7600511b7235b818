import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows, sql } from '../../common/sql.js';

/** A dependency /ready checks: resolves when it answers, rejects when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 3_000;

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
 * (a load balancer's readiness probe: send no traffic here until it is 200).
 */
export function healthRouter(orm: MikroORM, extraChecks: Record<string, ReadinessCheck> = {}): Router {
  const r = Router();
  r.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', message: 'API is accessible', uptimeSeconds: Math.round(process.uptime()) });
  });
  r.get('/ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const checks: Record<string, ReadinessCheck> = { database: () => queryRows(orm.em.fork(), sql`select 1`), ...extraChecks };
    const entries = Object.entries(checks);
    const results = await Promise.all(entries.map(([, check]) => probe(check)));
    const report = Object.fromEntries(entries.map(([name], i) => [name, results[i]]));
    const down = entries.filter((_, i) => results[i]?.status === 'down').map(([name]) => name);
    if (down.length === 0) {
      res.json({ status: 'ready', ...report });
      return;
    }
    const message = down.includes('database') ? 'The database cannot be reached' : `Not ready: ${down.join(', ')} cannot be reached`;
    res.status(503).json({ status: 'unavailable', ...report, message });
  });
  return r;
}
