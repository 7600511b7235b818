import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { queryRows, sql } from '../../common/sql.js';

/** GET /health: 200 with the database status, 503 when the database cannot be reached. */
export function healthRouter(orm: MikroORM): Router {
  const r = Router();
  r.get('/', async (_req, res) => {
    const started = Date.now();
    res.setHeader('Cache-Control', 'no-store');
    try {
      await Promise.race([
        queryRows(orm.em.fork(), sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
      ]);
      res.json({ status: 'ok', database: { status: 'up', latencyMs: Date.now() - started }, uptimeSeconds: Math.round(process.uptime()) });
    } catch {
      res.status(503).json({ status: 'error', database: { status: 'down' }, message: 'The database cannot be reached' });
    }
  });
  return r;
}
