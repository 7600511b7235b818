/**
 * Writes a new migration for the difference between the entities and the committed migrations,
 * using a throw-away in-memory embedded PostgreSQL (no server needed):
 *   npm run migration:create -w @tembea/server -- <Name>
 * then add the class to src/db/migrations/index.ts.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from './embedded.js';
import { ormOptions } from './orm.js';

const name = process.argv[2] ?? '';
const pg = await startEmbeddedPostgres();
const orm = await MikroORM.init(ormOptions(pg.connection, { poolMax: 1 }));
try {
  const migrator = orm.getMigrator();
  await migrator.up();
  const res = await migrator.createMigration(undefined, false, false, name || undefined);
  const className = res.fileName.replace(/\.ts$/, '');
  if (!res.diff.up.length) console.log('No changes: the entities match the migrations.');
  else console.log(`Wrote ${res.fileName}: add { name: '${className}', class: ${className} } to src/db/migrations/index.ts`);
} finally {
  await orm.close(true);
  await pg.stop();
}
