import { isIsoDay, isStorableDate } from '@tembea/schema';
import { BadInputError } from './errors.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The largest row id (ids are PostgreSQL integers): a cursor's id above it could only fail in the database. */
export const ROW_ID_MAX = 2_147_483_647;

/** Opaque cursor: base64url JSON of the keyset values of the last row seen. */
export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The answer to a cursor no page gave out: BAD_USER_INPUT on `after`, whatever was wrong inside it. */
export function invalidCursor(message = 'Invalid cursor: pass the endCursor of a previous page'): BadInputError {
  return new BadInputError(message, [{ field: 'after', message: 'Invalid cursor' }]);
}

export function decodeCursor(cursor: string | null | undefined): unknown[] | null {
  if (cursor == null || cursor === '') return null;
  try {
    if (cursor.length > 512) throw new Error('too long');
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v)) throw new Error('not a list');
    return v;
  } catch {
    throw invalidCursor();
  }
}

/**
 * A timestamp as a cursor carries it: as PostgreSQL prints one ('2026-02-03 10:00:00.123456+00')
 * or as toISOString writes one ('2026-02-03T10:00:00.000Z'). Hours, minutes and seconds stay in
 * their ranges and an offset within PostgreSQL's ±15:59.
 */
const CURSOR_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d{1,6})?(?:Z|([+-])(0\d|1[0-5])(?::?([0-5]\d))?)?$/;

/** What the key of a keyset cursor holds beside the row id: a day (YYYY-MM-DD) or a timestamp. */
export type CursorKey = 'day' | 'timestamp';

/**
 * Whether a cursor's key is a day or a moment that exists: a day as isIsoDay takes it, or a
 * timestamp on such a day that also falls in years 1 to 9999 in UTC. A key of the right shape on
 * no real date (2026-02-30, year 0 or 10000) would otherwise reach the database and fail there.
 */
export function isCursorKey(key: unknown, kind: CursorKey): key is string {
  if (typeof key !== 'string') return false;
  if (kind === 'day') return isIsoDay(key);
  const m = CURSOR_TIMESTAMP.exec(key);
  if (!m || !isIsoDay(m[1]!)) return false;
  const offsetMinutes = m[5] ? (m[5] === '-' ? -1 : 1) * (Number(m[6]) * 60 + Number(m[7] ?? 0)) : 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]) - offsetMinutes * 60;
  return isStorableDate(new Date(Date.parse(`${m[1]}T00:00:00Z`) + seconds * 1000));
}

/** Page size within 1..max, or a clear error. */
export function pageSize(first: number | null | undefined, max = MAX_PAGE_SIZE, def = DEFAULT_PAGE_SIZE): number {
  if (first == null) return def;
  if (!Number.isInteger(first) || first < 1 || first > max) {
    throw new BadInputError(`first must be a whole number from 1 to ${max}`, [
      { field: 'first', message: `Must be from 1 to ${max}` },
    ]);
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
    throw new BadInputError(`${field} must be a date-time from year 1 to 9999`, [
      { field, message: 'Must be a date-time from year 1 to 9999' },
    ]);
  }
  return at;
}

/** Whether a cursor's id can be a row's: a whole number from 1 to ROW_ID_MAX. */
export function isCursorId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= ROW_ID_MAX;
}

/**
 * The keyset of a cursor that holds a day or a timestamp (as isCursorKey checks it) and a row id;
 * null without cursor, BAD_USER_INPUT for anything else.
 */
export function textIdCursor(after: string | null | undefined, kind: CursorKey): { key: string; id: number } | null {
  const v = decodeCursor(after);
  if (!v) return null;
  const [key, id] = v;
  if (v.length !== 2 || !isCursorKey(key, kind) || !isCursorId(id)) throw invalidCursor();
  return { key, id };
}

/** Matches of a list over all its pages: exact, or an estimate when counting them all would cost too much. */
export interface PageCount {
  count: number;
  estimate: boolean;
}

/**
 * One page of a keyset-paged list, as a service returns it: the items, the cursor of each, whether
 * more follow, and (for lists that offer one) a count over all pages, run only when called.
 */
export interface Page<T> {
  items: T[];
  /** Cursor of each item, in the same order: pass the last one as `after` to continue. */
  cursors: string[];
  /** True when more items follow this page. */
  hasMore: boolean;
  /** True when the page continues an earlier one (it was asked for with a cursor). */
  hasPrevious: boolean;
  /** Counts the matches over all pages; costs a query, so only called when the count is wanted. */
  count?: () => Promise<PageCount>;
}

/**
 * A page from rows read with `limit + 1`: the extra row, when there is one, only says that more
 * follow, so no second query is needed.
 */
export function keysetPage<R>(
  rows: R[],
  limit: number,
  after: string | null | undefined,
  cursorOf: (row: R) => string,
  count?: () => Promise<PageCount>,
): Page<R> {
  const items = rows.slice(0, limit);
  return { items, cursors: items.map(cursorOf), hasMore: rows.length > limit, hasPrevious: !!after, count };
}

/** The same page with each item mapped. */
export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}

/** The cursor to ask for the next page with; null on the last page. */
export function nextCursor(page: Page<unknown>): string | null {
  return page.hasMore ? (page.cursors[page.cursors.length - 1] ?? null) : null;
}

/** Where a page sits in its list (the GraphQL PageInfo type's fields). */
export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

/**
 * The GraphQL connection of a page (see ConnectionType): nodes, edges, pageInfo, and totalCount
 * and totalCountIsEstimate (for a page with a count) read lazily, so the count's query runs only
 * when one of them is selected, and at most once.
 */
export interface Connection<N> {
  nodes: N[];
  edges: { cursor: string; node: N }[];
  pageInfo: PageInfo;
  /** Present when the page has a count. */
  readonly totalCount?: Promise<number>;
  readonly totalCountIsEstimate?: Promise<boolean>;
}

/** Maps a service's page to its GraphQL connection: the one place connections are built. */
export function toConnection<T>(page: Page<T>): Connection<T>;
export function toConnection<T, N>(page: Page<T>, map: (item: T) => N): Connection<N>;
export function toConnection<T, N>(page: Page<T>, map?: (item: T) => N): Connection<N | T> {
  const nodes: (N | T)[] = map ? page.items.map(map) : page.items;
  const connection: Connection<N | T> = {
    nodes,
    edges: nodes.map((node, i) => ({ node, cursor: page.cursors[i]! })),
    pageInfo: {
      hasNextPage: page.hasMore,
      hasPreviousPage: page.hasPrevious,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors[page.cursors.length - 1] ?? null,
    },
  };
  const countOf = page.count;
  if (!countOf) return connection;
  let counted: Promise<PageCount> | null = null;
  const count = (): Promise<PageCount> => (counted ??= countOf());
  // Getters: the default field resolver reads them only for a selected field.
  return Object.defineProperties(connection, {
    totalCount: { enumerable: true, get: () => count().then((c) => c.count) },
    totalCountIsEstimate: { enumerable: true, get: () => count().then((c) => c.estimate) },
  });
}
