import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppHandle, AppOptions } from './app.js';
import type { BackgroundJobs } from './common/background.js';
import type { RequestContext } from './common/context.js';
import { multiInstanceWarnings, type Config } from './config.js';
import { paymentWarnings } from './payment-config.js';
import { log, setLogLevel } from './common/logger.js';
import { StartingGate } from './common/starting.js';
import { answerMalformedRequest } from './common/malformed-requests.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.js';
import type { DbConnection } from './db/orm.js';
import { lockStartup } from './db/startup-lock.js';

export interface Running {
  url: string;
  port: number;
  orm: MikroORM;
  server: Server;
  /** Queued mail (bookings); tests call outbox.flush() to send what is due. */
  outbox: AppHandle['outbox'];
  /** Queued webhook deliveries; tests call webhooks.flush() to send what is due. */
  webhooks: AppHandle['webhooks'];
  /** Work that requests run after their answers (a test can wait for it). */
  jobs: BackgroundJobs<RequestContext>;
  /** Anonymous catalogue answers (tests that write to the database directly move it on). */
  catalogue: AppHandle['catalogue'];
  /** Use of partners' API keys; tests call partnerUsage.flush() to write it now. */
  partnerUsage: AppHandle['partnerUsage'];
  /** Hold expiry and balance reminders; tests run a pass with paymentSchedule.withClock(now).flush(). */
  paymentSchedule: AppHandle['paymentSchedule'];
  stop(): Promise<void>;
}

export interface BootOptions {
  /** Keep the embedded database in memory instead of DATA_DIR/pg (tests). */
  inMemoryDb?: boolean;
  /** Options of the Express app (the benchmark's comparison without the hardening layers). */
  app?: AppOptions;
}

/** Listens on the port, or says clearly why it cannot. */
async function listen(server: Server, config: Config): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') throw new Error(`port ${config.port} is already in use (set PORT to another port)`);
    if (err.code === 'EACCES')
      throw new Error(`port ${config.port} cannot be opened by this user (set PORT to another port)`);
    throw e;
  }
}

/**
 * Listens first (GET /health answers while the rest starts; see StartingGate), then opens the
 * database (embedded or DATABASE_URL), migrates, seeds and builds the app; resolves once the app
 * serves every request.
 */
export async function startTembea(config: Config, opts: BootOptions = {}): Promise<Running> {
  setLogLevel(config.logLevel);
  for (const warning of [...multiInstanceWarnings(config), ...paymentWarnings(config)]) log.warn(warning);
  const gate = new StartingGate();
  const server = createServer(gate.handle);
  // Longer than the idle timeouts of common load balancers (60 s), so they close idle connections first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerMalformedRequest);
  await listen(server, config);
  try {
    const started = await startApp(config, opts);
    gate.ready(started.app.app);
    return running(server, started);
  } catch (e) {
    gate.fail();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    throw e;
  }
}

interface Started {
  app: AppHandle;
  orm: MikroORM;
  embedded: EmbeddedPostgres | null;
}

async function startApp(config: Config, opts: BootOptions): Promise<Started> {
  // The embedded database starts first: its WebAssembly compiles on V8's background threads while
  // the ORM, GraphQL and the modules load here (the rejection is handled where it is awaited).
  const embeddedStart = config.databaseUrl
    ? null
    : startEmbeddedPostgres(opts.inMemoryDb ? undefined : path.join(config.dataDir, 'pg'));
  embeddedStart?.catch(() => undefined);
  const [{ openDatabase }, { createApp }, { ensureAdmins, seedDemoCatalogue }] = await Promise.all([
    import('./db/orm.js'),
    import('./app.js'),
    import('./db/seed/seed.js'),
  ]);
  const embedded: EmbeddedPostgres | null = embeddedStart ? await embeddedStart : null;
  const conn: DbConnection = embedded ? embedded.connection : { clientUrl: config.databaseUrl! };
  let orm: MikroORM;
  // Instances starting together on one database take turns to migrate, seed and ensure the admins.
  const release = config.databaseUrl ? await lockStartup(config.databaseUrl) : async () => undefined;
  try {
    orm = await openDatabase(conn, {
      poolMax: embedded ? 1 : 10,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      acquireTimeoutMs: config.requestTimeoutMs,
    });
  } catch (e) {
    await release();
    await embedded?.stop();
    throw e;
  }
  let handle: AppHandle | undefined;
  try {
    try {
      if (config.seedDemo) await seedDemoCatalogue(orm.em.fork(), config.uploadsDir);
      // The admin's password check (argon2, on libuv's threads) runs while the app and its GraphQL schema are built.
      const adminsEnsured = ensureAdmins(orm.em.fork(), config);
      adminsEnsured.catch(() => undefined);
      handle = await createApp(orm, config, opts.app);
      await adminsEnsured;
    } finally {
      await release();
    }
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw e;
  }
  return { app: handle, orm, embedded };
}

function running(server: Server, { app, orm, embedded }: Started): Running {
  const port = (server.address() as AddressInfo).port;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    orm,
    server,
    outbox: app.outbox,
    webhooks: app.webhooks,
    jobs: app.jobs,
    catalogue: app.catalogue,
    partnerUsage: app.partnerUsage,
    paymentSchedule: app.paymentSchedule,
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
