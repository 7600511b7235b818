import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * A tiny tagged template for parameterised SQL: interpolated values become `?` bindings (sent to
 * PostgreSQL as $n parameters by knex), nested fragments keep their own bindings in order. No value
 * is ever spliced into the text.
 */
export interface Sql {
  readonly text: string;
  readonly values: readonly unknown[];
}

const SQL = Symbol('sql');
type Fragment = Sql & { [SQL]: true };

function fragment(text: string, values: readonly unknown[]): Fragment {
  return { text, values, [SQL]: true };
}

function isFragment(v: unknown): v is Fragment {
  return typeof v === 'object' && v !== null && (v as Fragment)[SQL] === true;
}

export function sql(strings: TemplateStringsArray, ...vals: unknown[]): Sql {
  let text = strings[0]!;
  const values: unknown[] = [];
  vals.forEach((v, i) => {
    if (isFragment(v)) {
      text += v.text;
      values.push(...v.values);
    } else {
      if (v === undefined || Array.isArray(v))
        throw new Error('sql: bind scalars only (arrays as PostgreSQL array literals)');
      text += '?';
      values.push(v);
    }
    text += strings[i + 1]!;
  });
  return fragment(text, values);
}

/** Trusted SQL text (identifiers, keywords chosen by the code, never user input). */
export function raw(text: string): Sql {
  if (text.includes('?')) throw new Error('sql: raw text must not contain ?');
  return fragment(text, []);
}

export function join(parts: readonly Sql[], separator: string): Sql {
  return fragment(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.values),
  );
}

/** A PostgreSQL array literal of whole numbers, bound as one text parameter. */
export function intArrayLiteral(ns: readonly number[]): string {
  return `{${ns.map((n) => String(Math.trunc(n))).join(',')}}`;
}

/** Escapes LIKE wildcards so a user's % or _ matches itself. */
export function likeContains(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A connection of the pool, as the pg driver answers a statement. */
interface PgConnection {
  query(text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * What is used of knex's client: a transaction's lends the connection the transaction holds (and
 * its release keeps it), the pool's lends one of its own until it is released.
 */
interface ConnectionLender {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}

/** The `?` bindings as PostgreSQL's $1, $2, …: `sql` writes a `?` for each value and nowhere else. */
function positional(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Runs a parameterised statement in the unit of work's transaction when one is open, else on the
 * pool: the one way raw SQL is run, so a raw read inside `em.transactional` sees the transaction's
 * writes and holds its locks (and, on the embedded database's single connection, never waits for
 * the connection the transaction holds). Values go to PostgreSQL as real $n parameters.
 *
 * The statement goes straight to the connection knex holds for the transaction (or lends from its
 * pool, with the pool's wait limit), not through `knex.raw`: building, compiling and running a knex
 * query for each statement was about a sixth of the server's CPU per booking.
 */
export async function queryRows<T = Record<string, unknown>>(em: EntityManager, q: Sql): Promise<T[]> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  // After its commit or rollback the transaction's connection is back in the pool: a statement there
  // would run outside the transaction, perhaps inside another request's. Refused in knex's own words,
  // which the error mapping reads as a lost database (knex ends a transaction whose connection died).
  if (trx?.isCompleted()) throw new Error('Transaction query already complete');
  const lender = (trx ?? em.getKnex()).client as unknown as ConnectionLender;
  const connection = await lender.acquireConnection();
  try {
    return (await connection.query(positional(q.text), q.values)).rows as T[];
  } finally {
    await lender.releaseConnection(connection);
  }
}
