import pg from 'pg';

// Any fixed 64-bit number, the same in every instance of this app.
const STARTUP_LOCK = 7_315_220_041;

/**
 * Instances starting at once on one database migrate, load the demo catalogue and ensure the admins
 * one after another: each holds a session advisory lock for that time, on a connection of its own
 * outside the ORM's pool. Resolves with the release (the lock also ends with the connection, so an
 * instance killed while starting never blocks the others).
 */
export async function lockStartup(databaseUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection dropped while waiting rejects the query below; the event itself must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  return async () => {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}
