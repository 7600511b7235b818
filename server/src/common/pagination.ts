import { isStorableDate } from '@tembea/schema';
import { BadInputError } from './errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Opaque cursor: base64url JSON of the keyset values of the last row seen. */
export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): unknown[] | null {
  if (cursor == null || cursor === '') return null;
  try {
    if (cursor.length > 512) throw new Error('too long');
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v)) throw new Error('not a list');
    return v;
  } catch {
    throw new BadInputError('Invalid cursor: pass the endCursor of a previous page', [{ field: 'after', message: 'Invalid cursor' }]);
  }
}

/** Page size within 1..max, or a clear error. */
export function pageSize(first: number | null | undefined, max = MAX_PAGE_SIZE, def = DEFAULT_PAGE_SIZE): number {
  if (first == null) return def;
  if (!Number.isInteger(first) || first < 1 || first > max) {
    throw new BadInputError(`first must be a whole number from 1 to ${max}`, [{ field: 'first', message: `Must be from 1 to ${max}` }]);
  }
  return first;
}

/**
 * A "changed since" moment of a sync query, checked: a date from year 1 to 9999 (DateTime scalars
 * admit more than PostgreSQL stores). Undefined when none is given.
 */
export function changedSince(field: string, at: Date | null | undefined): Date | undefined {
  if (at == null) return undefined;
  if (!isStorableDate(at)) {
    throw new BadInputError(`${field} must be a date-time from year 1 to 9999`, [{ field, message: 'Must be a date-time from year 1 to 9999' }]);
  }
  return at;
}

/**
 * The keyset of a cursor that holds a text and a positive whole number (a date or a timestamp as
 * PostgreSQL printed it, and an id); null without cursor, BAD_USER_INPUT for anything else.
 */
export function textIdCursor(after: string | null | undefined, textPattern: RegExp): { key: string; id: number } | null {
  const v = decodeCursor(after);
  if (!v) return null;
  const [key, id] = v;
  if (v.length !== 2 || typeof key !== 'string' || !textPattern.test(key) || !Number.isSafeInteger(id) || (id as number) < 1) {
    throw new BadInputError('Invalid cursor: pass the endCursor of a previous page', [{ field: 'after', message: 'Invalid cursor' }]);
  }
  return { key, id: id as number };
}
