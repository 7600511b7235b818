import 'reflect-metadata';
import type { Server } from 'node:http';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppHandle } from './app.js';
import type { BackgroundJobs } from './common/background.js';
import type { Config } from './config.js';
import { log, setLogLevel } from './common/logger.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import type { DbConnection } from './db/orm.js';

export interface Running {
  url: string;
  port: number;
  orm: MikroORM;
  server: Server;
  /** Queued mail (bookings); tests call outbox.flush() to send what is due. */
  outbox: AppHandle['outbox'];
  /** Work that requests run after their answers (a test can wait for it). */
  jobs: BackgroundJobs;
  stop(): Promise<void>;
}

export interface BootOptions {
  /** Keep the embedded database in memory instead of DATA_DIR/pg (tests). */
  inMemoryDb?: boolean;
}

/** Opens the database (embedded or DATABASE_URL), migrates, seeds, and listens. */
export async function startTembea(config: Config, opts: BootOptions = {}): Promise<Running> {
  setLogLevel(config.logLevel);
  // The embedded database starts first: its WebAssembly compiles on V8's background threads while
  // the ORM, GraphQL and the modules load here (the rejection is handled where it is awaited).
  const embeddedStart = config.databaseUrl ? null : startEmbeddedPostgres(opts.inMemoryDb ? undefined : path.join(config.dataDir, 'pg'));
  embeddedStart?.catch(() => undefined);
  const [{ openDatabase }, { createApp }, { ensureAdmins, seedDemoCatalogue }] = await Promise.all([
    import('./db/orm.js'),
    import('./app.js'),
    import('./db/seed/seed.js'),
  ]);
  const embedded: EmbeddedPostgres | null = embeddedStart ? await embeddedStart : null;
  const conn: DbConnection = embedded ? embedded.connection : { clientUrl: config.databaseUrl! };
  let orm: MikroORM;
  try {
    orm = await openDatabase(conn, { poolMax: embedded ? 1 : 10, statementTimeoutMs: config.dbStatementTimeoutMs });
  } catch (e) {
    await embedded?.stop();
    throw e;
  }
  if (config.seedDemo) await seedDemoCatalogue(orm.em.fork(), config.dataDir);
  // The admin's password check (argon2, on libuv's threads) runs while the app and its GraphQL schema are built.
  const adminsEnsured = ensureAdmins(orm.em.fork(), config);
  adminsEnsured.catch(() => undefined);
  let handle: AppHandle | undefined;
  try {
    handle = await createApp(orm, config);
    await adminsEnsured;
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw e;
  }
  const app: AppHandle = handle;
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      // Express 5 also calls the listen callback with the error (a port in use): only resolve without one.
      const s = app.app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
    });
  } catch (e) {
    await app.close().catch(() => undefined);
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
    outbox: app.outbox,
    jobs: app.jobs,
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await app.close();
        await orm.close(true);
        await embedded?.stop();
        log.debug('stopped');
      })();
      return stopping;
    },
  };
}
