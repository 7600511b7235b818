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

type Binding = string | number | boolean | null | Date;
type Knexish = { raw(text: string, values: readonly Binding[]): Promise<unknown> };

/**
 * Runs a parameterised statement in the unit of work's transaction when one is open, else on the
 * pool: the one way raw SQL is run, so a raw read inside `em.transactional` sees the transaction's
 * writes and holds its locks (and, on the embedded database's single connection, never waits for
 * the connection the transaction holds). Values go to PostgreSQL as real $n parameters.
 */
export async function queryRows<T = Record<string, unknown>>(em: EntityManager, q: Sql): Promise<T[]> {
  const runner = (em.getTransactionContext<Knex.Transaction>() ?? em.getKnex()) as unknown as Knexish;
  const res = (await runner.raw(q.text, q.values as readonly Binding[])) as { rows: T[] };
  return res.rows;
}
