import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { queryRows, sql } from './sql.js';
import { runTransaction } from './unit-of-work.js';

let s: TestServer;
beforeAll(async () => {
  // These tests look at the table from a second connection while a transaction is open: the
  // embedded database has one connection, so they always run on a PostgreSQL server.
  s = await startTestServer({ seedDemo: false, database: 'postgres' });
  // A deferred unique constraint is checked at COMMIT: it lets a test make the commit itself fail.
  await queryRows(
    s.orm.em.fork(),
    sql`create table if not exists uow_probe (n int unique deferrable initially deferred)`,
  );
});
afterAll(() => s?.stop());

const count = async (n: number) =>
  (await queryRows<{ c: number }>(s.orm.em.fork(), sql`select count(*)::int c from uow_probe where n = ${n}`))[0]?.c;

describe('runTransaction', () => {
  it('runs hooks once after the outermost commit, in order, a keyed hook once; a nested transaction joins', async () => {
    const ran: string[] = [];
    const result = await runTransaction(s.orm.em.fork(), null, 'test', async (em, hooks) => {
      await queryRows(em, sql`insert into uow_probe (n) values (1)`);
      hooks.add(() => ran.push('first'));
      await runTransaction(em, hooks, 'test', async (inner, same) => {
        expect(inner).toBe(em);
        same.add(() => ran.push('keyed'), 'k');
        same.add(() => ran.push('keyed again'), 'k');
      });
      hooks.add(() => ran.push('last'));
      expect(ran).toEqual([]);
      expect(await count(1)).toBe(0);
      return 'done';
    });
    expect(result).toBe('done');
    expect(ran).toEqual(['first', 'keyed', 'last']);
    expect(await count(1)).toBe(1);
  });

  it('runs no hook when the work fails and rolls back', async () => {
    const ran: string[] = [];
    await expect(
      runTransaction(s.orm.em.fork(), null, 'test', async (em, hooks) => {
        await queryRows(em, sql`insert into uow_probe (n) values (2)`);
        hooks.add(() => ran.push('hook'));
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(ran).toEqual([]);
    expect(await count(2)).toBe(0);
  });

  it('runs the hooks when the COMMIT itself fails after the work succeeded (its outcome is unknown)', async () => {
    const ran: string[] = [];
    await expect(
      runTransaction(s.orm.em.fork(), null, 'test', async (em, hooks) => {
        await queryRows(em, sql`insert into uow_probe (n) values (3), (3)`);
        hooks.add(() => ran.push('hook'));
      }),
    ).rejects.toThrow();
    expect(ran).toEqual(['hook']);
    expect(await count(3)).toBe(0);
  });

  it('logs a failing hook and still answers, running the hooks after it', async () => {
    const ran: string[] = [];
    const result = await runTransaction(s.orm.em.fork(), null, 'test', async (_em, hooks) => {
      hooks.add(() => {
        throw new Error('hook failed');
      });
      hooks.add(async () => {
        await Promise.reject(new Error('async hook failed'));
      });
      hooks.add(() => ran.push('after'));
      return 42;
    });
    expect(result).toBe(42);
    expect(ran).toEqual(['after']);
  });
});
