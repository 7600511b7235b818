import { NotFoundError } from './errors.js';

/**
 * A database id from the outside world (a GraphQL ID, a REST path segment): a positive whole
 * number of at most nine digits, else null.
 */
export function parseId(id: unknown): number | null {
  const s = String(id ?? '').trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** The id `parseId` reads, or NOT_FOUND with `notFound` as the message: no row has any other id. */
export function requireId(id: unknown, notFound: string): number {
  const n = parseId(id);
  if (n === null) throw new NotFoundError(notFound);
  return n;
}
