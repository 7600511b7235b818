// A scratch database for tests; also used by the operations tests in e2e/ (plain pg, nothing of the
// app), so that both make and drop their databases alike.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new empty database, named `<prefix>_<time>_<random>`, on the PostgreSQL server of `baseUrl`; drop() removes it. */
export async function freshDatabase(
  baseUrl: string,
  prefix = 'tembea_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
