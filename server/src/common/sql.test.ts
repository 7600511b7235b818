import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { databaseAppError, ServiceUnavailableError } from './errors.js';
import { queryRows, sql } from './sql.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seedDemo: false });
});
afterAll(() => s?.stop());

describe('queryRows', () => {
  it('runs inside the open transaction: a raw read sees its uncommitted write, and a rollback undoes it', async () => {
    const em = s.orm.em.fork();
    const outside = s.orm.em.fork();
    let seenInside = -1;
    let seenOutside = -1;
    await expect(
      em.transactional(async (tx) => {
        await queryRows(
          tx,
          sql`insert into contact_messages (name, email, message, ip) values (${'Asha'}, ${'asha@example.com'}, ${'Habari'}, ${'127.0.0.1'})`,
        );
        [{ n: seenInside }] = (await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int n from contact_messages where email = ${'asha@example.com'}`,
        )) as [{ n: number }];
        // Another unit of work cannot see it (on the embedded database's single connection this would
        // wait for the connection the transaction holds, so only the machine's PostgreSQL checks it).
        if (process.env.TEST_DATABASE_URL) {
          [{ n: seenOutside }] = (await queryRows<{ n: number }>(
            outside,
            sql`select count(*)::int n from contact_messages where email = ${'asha@example.com'}`,
          )) as [{ n: number }];
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toBe(1);
    if (process.env.TEST_DATABASE_URL) expect(seenOutside).toBe(0);
    const [after] = await queryRows<{ n: number }>(
      s.orm.em.fork(),
      sql`select count(*)::int n from contact_messages where email = ${'asha@example.com'}`,
    );
    expect(after?.n).toBe(0);
  });

  it('refuses a statement on a transaction that has ended, rather than run it on a pooled connection', async () => {
    const em = s.orm.em.fork();
    const trx = await em.getKnex().transaction();
    await trx.commit();
    em.setTransactionContext(trx);
    const refused = await queryRows(em, sql`select 1`).catch((e: unknown) => e);
    expect(String(refused)).toContain('Transaction query already complete');
    // A request meets this when its connection died mid-transaction: it answers 503, never 500.
    expect(databaseAppError(refused)).toBeInstanceOf(ServiceUnavailableError);
  });

  it('returns a lent connection to the pool, after a failed statement too', async () => {
    // More statements than the pool has connections: a connection kept would make the last ones wait.
    for (let i = 0; i < 25; i++) {
      await expect(queryRows(s.orm.em.fork(), sql`select no_such_column from tours`)).rejects.toThrow(/no_such_column/);
      expect(await queryRows(s.orm.em.fork(), sql`select ${i}::int as n`)).toEqual([{ n: i }]);
    }
  });
});
