import path from 'node:path';
import type { MigrationObject } from '@mikro-orm/core';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { log } from '../common/logger.js';
import { queryRows, sql } from '../common/sql.js';

export type DbConnection =
  { clientUrl: string } | { host: string; port: number; user: string; dbName: string; password?: string };

/** The shortest wait for a pooled connection: time enough to open one. */
export const ACQUIRE_TIMEOUT_FLOOR_MS = 1_000;

export interface OrmOptions {
  /** Pool size; the embedded database serves one connection at a time. */
  poolMax?: number;
  debug?: boolean;
  /** statement_timeout of every pooled connection, in ms; 0 or absent sets none. */
  statementTimeoutMs?: number;
  /**
   * How long a statement waits for a pooled connection before it fails as "database unavailable", in
   * ms (the driver's own default is 60 s). The server sets its request timeout: a request answered
   * 503 after it must not go on to run its statements once a connection frees up. Never below
   * ACQUIRE_TIMEOUT_FLOOR_MS, which opening a new connection to a distant server needs.
   */
  acquireTimeoutMs?: number;
}

interface PgConnection {
  query(text: string, callback: (err: Error | null) => void): void;
}

/**
 * Sets statement_timeout on each new pool connection, so a runaway query is cancelled by
 * PostgreSQL with SQLSTATE 57014. The embedded database (PGlite) accepts the setting but cannot
 * enforce it: it has no timer signal to cancel a running statement.
 */
function statementTimeout(ms: number) {
  return (conn: PgConnection, done: (err: Error | null, conn: PgConnection) => void) => {
    conn.query(`SET statement_timeout = ${Math.trunc(ms)}`, (err) => done(err, conn));
  };
}

/**
 * Migrations run in one transaction without the statement time limit: a schema change on a large
 * table may rightly take longer than any query of a request.
 */
function withoutStatementTimeout(migrations: MigrationObject[]): MigrationObject[] {
  return migrations.map(({ name, class: Base }) => ({
    name,
    class: class extends (Base as unknown as new (...args: never[]) => { up(): unknown; addSql(sql: string): void }) {
      override async up() {
        this.addSql('set local statement_timeout = 0');
        return super.up();
      }
    } as unknown as MigrationObject['class'],
  }));
}

/** MikroORM options for a connection: explicit entities and migrations, no file discovery. */
export function ormOptions(conn: DbConnection, opts: OrmOptions = {}): Options {
  return defineConfig({
    ...conn,
    entities: ENTITIES,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    pool: {
      min: 0,
      max: opts.poolMax ?? 10,
      idleTimeoutMillis: 30_000,
      ...(opts.acquireTimeoutMs
        ? { acquireTimeoutMillis: Math.max(opts.acquireTimeoutMs, ACQUIRE_TIMEOUT_FLOOR_MS) }
        : {}),
      ...(opts.statementTimeoutMs ? { afterCreate: statementTimeout(opts.statementTimeoutMs) } : {}),
    },
    debug: opts.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      migrationsList: withoutStatementTimeout(MIGRATIONS),
      pathTs: path.join(import.meta.dirname, '../../src/db/migrations'),
      path: path.join(import.meta.dirname, 'migrations'),
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    logger: (msg) => log.debug(msg),
  });
}

/** The names of the migrations applied, or null when the migrations table does not exist yet. */
async function appliedMigrations(orm: MikroORM): Promise<Set<string> | null> {
  try {
    return new Set(
      (await queryRows<{ name: string }>(orm.em.fork(), sql`select name from mikro_orm_migrations`)).map((r) => r.name),
    );
  } catch {
    return null;
  }
}

/**
 * Opens the ORM and applies every pending migration. One read of the migrations table tells when
 * none is pending (every start but the first after an upgrade), sparing the migrator's own checks.
 */
export async function openDatabase(conn: DbConnection, opts: OrmOptions = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(conn, opts));
  const applied = await appliedMigrations(orm);
  if (applied && MIGRATIONS.every((m) => applied.has(m.name))) return orm;
  const ran = await orm.getMigrator().up();
  if (ran.length) log.info(`applied ${ran.length} migration(s)`, { migrations: ran.map((m) => m.name) });
  return orm;
}
