import path from 'node:path';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { log } from '../common/logger.js';

export type DbConnection =
  | { clientUrl: string }
  | { host: string; port: number; user: string; dbName: string; password?: string };

export interface OrmOptions {
  /** Pool size; the embedded database serves one connection at a time. */
  poolMax?: number;
  debug?: boolean;
}

/** MikroORM options for a connection: explicit entities and migrations, no file discovery. */
export function ormOptions(conn: DbConnection, opts: OrmOptions = {}): Options {
  return defineConfig({
    ...conn,
    entities: ENTITIES,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: opts.poolMax ?? 10, idleTimeoutMillis: 30_000 },
    debug: opts.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: {
      migrationsList: MIGRATIONS,
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

/** Opens the ORM and applies every pending migration. */
export async function openDatabase(conn: DbConnection, opts: OrmOptions = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(conn, opts));
  const applied = await orm.getMigrator().up();
  if (applied.length) log.info(`applied ${applied.length} migration(s)`, { migrations: applied.map((m) => m.name) });
  return orm;
}
