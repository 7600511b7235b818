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
