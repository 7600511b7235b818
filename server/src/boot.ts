import 'reflect-metadata';
import type { Server } from 'node:http';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApp, type AppHandle } from './app.js';
import type { BackgroundJobs } from './common/background.js';
import { multiInstanceWarnings, type Config } from './config.js';
import { log, setLogLevel } from './common/logger.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import { openDatabase, type DbConnection } from './db/orm.js';
import { lockStartup } from './db/startup-lock.js';
import { ensureAdmins, seedDemoCatalogue } from './db/seed/seed.js';

export interface Running {
  url: string;
  port: number;
  orm: MikroORM;
  server: Server;
  /** Queued mail (bookings); tests call outbox.flush() to send what is due. */
  outbox: AppHandle['outbox'];
  /** Work that requests run after their answers (a test can wait for it). */
  jobs: BackgroundJobs;
  /** Anonymous catalogue answers (tests that write to the database directly move it on). */
  catalogue: AppHandle['catalogue'];
  stop(): Promise<void>;
}

export interface BootOptions {
  /** Keep the embedded database in memory instead of DATA_DIR/pg (tests). */
  inMemoryDb?: boolean;
}

/** Opens the database (embedded or DATABASE_URL), migrates, seeds, and listens. */
export async function startTembea(config: Config, opts: BootOptions = {}): Promise<Running> {
  setLogLevel(config.logLevel);
  for (const warning of multiInstanceWarnings(config)) log.warn(warning);
  let embedded: EmbeddedPostgres | null = null;
  let conn: DbConnection;
  if (config.databaseUrl) {
    conn = { clientUrl: config.databaseUrl };
  } else {
    embedded = await startEmbeddedPostgres(opts.inMemoryDb ? undefined : path.join(config.dataDir, 'pg'));
    conn = embedded.connection;
  }
  let orm: MikroORM;
  const release = config.databaseUrl ? await lockStartup(config.databaseUrl) : async () => undefined;
  try {
    orm = await openDatabase(conn, { poolMax: embedded ? 1 : 10 });
  } catch (e) {
    await release();
    await embedded?.stop();
    throw e;
  }
  try {
    const em = orm.em.fork();
    if (config.seedDemo) await seedDemoCatalogue(em, config.uploadsDir);
    await ensureAdmins(em, config);
  } finally {
    await release();
  }

  const handle = await createApp(orm, config);
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      // Express 5 also calls the listen callback with the error (a port in use): only resolve without one.
      const s = handle.app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
    });
  } catch (e) {
    await handle.close().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') throw new Error(`port ${config.port} is already in use (set PORT to another port)`);
    if (err.code === 'EACCES') throw new Error(`port ${config.port} cannot be opened by this user (set PORT to another port)`);
    throw e;
  }
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    orm,
    server,
    outbox: handle.outbox,
    jobs: handle.jobs,
    catalogue: handle.catalogue,
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await handle.close();
        await orm.close(true);
        await embedded?.stop();
        log.debug('stopped');
      })();
      return stopping;
    },
  };
}
