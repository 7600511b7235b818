import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { log } from '../common/logger.js';

export interface EmbeddedPostgres {
  /** Connection options for the ordinary pg driver: a Unix socket directory. */
  connection: { host: string; port: number; user: string; dbName: string };
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process at a time may open an embedded data directory: two would corrupt it. */
function lockDataDir(dir: string): () => void {
  // Beside the data directory: PostgreSQL's initdb wants an empty one.
  const lock = `${dir.replace(/[/]+$/, '')}.pid`;
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or set DATA_DIR or DATABASE_URL.`,
      );
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) and serves it on a private Unix socket so the
 * normal pg driver, and so MikroORM, use it like any PostgreSQL server. With a dataDir the data is
 * kept on disk (and survives restarts and kill -9, PostgreSQL replaying its WAL); without one it
 * lives in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const started = Date.now();
  // pg_trgm ships with PGlite but must be loaded here for CREATE EXTENSION to find it (catalogue search).
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  // A short private directory: Unix socket paths are limited to ~107 bytes.
  const sockDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-pg-'));
  const server = new PGLiteSocketServer({ db, path: path.join(sockDir, '.s.PGSQL.5432'), maxConnections: 16 });
  await server.start();
  log.debug('embedded PostgreSQL ready', { dataDir: dataDir ?? 'memory', ms: Date.now() - started });
  return {
    connection: { host: sockDir, port: 5432, user: 'postgres', dbName: 'postgres' },
    async stop() {
      await server.stop().catch(() => {});
      await db.close().catch(() => {});
      rmSync(sockDir, { recursive: true, force: true });
      unlock();
    },
  };
}
