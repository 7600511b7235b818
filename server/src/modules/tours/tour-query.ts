import { BadInputError } from '../../common/errors.js';
import { decodeCursor, encodeCursor } from '../../common/pagination.js';
import { intArrayLiteral, join, likeContains, raw, sql, type Sql } from '../../common/sql.js';
import type { SearchSpec, TourFilterSpec } from './tour-filter.js';
import { TourSort } from './tour-sort.js';

/**
 * SQL of the catalogue list. Every order ends with the id, and the cursor carries the order's key of
 * the last row (as PostgreSQL printed it, so no rounding creeps in) and its id: keyset paging, so a
 * page costs the same wherever it is and nothing is skipped or repeated.
 */

/** The effective order: CATALOGUE with a search orders by relevance. */
type Order = 'ID' | 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'RATING_DESC' | 'NEWEST';

export interface ListQuery {
  filter: TourFilterSpec;
  search: SearchSpec | null;
  sort: TourSort;
  after: string | null | undefined;
  limit: number;
}

export interface Keyset {
  order: Order;
  key: string | null;
  id: number;
}

export function effectiveOrder(sort: TourSort, search: SearchSpec | null): Order {
  if (sort === TourSort.CATALOGUE) return search ? 'RELEVANCE' : 'ID';
  return sort;
}

/**
 * Prefix query of the search words: 'kili' finds Kilimanjaro through its 'kilimanjaro' lexeme.
 * One-letter words are dropped (they would match nearly everything), two-letter ones match whole.
 */
export function prefixTsQuery(words: readonly string[]): string {
  return words.filter((w) => w.length > 1).map((w) => (w.length > 2 ? `${w}:*` : w)).join(' & ');
}

/** WHERE conditions of a filter and a search (the words are letters and digits only). */
export function whereOf(filter: TourFilterSpec, search: SearchSpec | null): Sql[] {
  const w: Sql[] = [];
  const f = filter;
  if (f.destination !== undefined) w.push(sql`lower(t.destination) = ${f.destination}`);
  if (f.travelType !== undefined) w.push(sql`lower(t.travel_type) = ${f.travelType}`);
  if (f.tier !== undefined) w.push(sql`t.tier_list @> array[${f.tier}::text]`);
  if (f.bookingType !== undefined) w.push(sql`lower(t.booking_type) = ${f.bookingType}`);
  if (f.status !== undefined) w.push(sql`lower(t.status) = ${f.status}`);
  if (f.duration !== undefined) w.push(sql`t.duration ilike ${likeContains(f.duration)}`);
  if (f.departureFrom !== undefined) w.push(sql`t.departure_time >= ${f.departureFrom.toISOString()}::timestamptz`);
  if (f.returnUntil !== undefined) {
    w.push(f.returnUntil.exclusive
      ? sql`t.return_time < ${f.returnUntil.at.toISOString()}::timestamptz`
      : sql`t.return_time <= ${f.returnUntil.at.toISOString()}::timestamptz`);
  }
  if (f.durationDays !== undefined) w.push(sql`t.duration_days = ${f.durationDays}`);
  if (f.durationNights !== undefined) w.push(sql`t.duration_nights = ${f.durationNights}`);
  if (f.dayTrip !== undefined) w.push(f.dayTrip ? sql`t.day_trip` : sql`not t.day_trip`);
  if (f.minPrice !== undefined) w.push(sql`t.from_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) w.push(sql`t.from_price <= ${f.maxPrice}`);
  if (f.featured !== undefined) w.push(f.featured ? sql`t.featured` : sql`not t.featured`);
  if (f.popular !== undefined) w.push(f.popular ? sql`t.popular` : sql`not t.popular`);
  if (f.trending !== undefined) w.push(f.trending ? sql`t.trending` : sql`not t.trending`);
  if (f.ids !== undefined) w.push(sql`t.id = any(${intArrayLiteral(f.ids)}::int[])`);
  if (search) {
    const tsq = prefixTsQuery(search.words);
    const phrase = search.words.join(' ');
    if (search.mode === 'words') w.push(tsq ? sql`t.search_vector @@ to_tsquery('english', ${tsq})` : raw('false'));
    else w.push(phrase ? sql`${phrase} <% t.search_text` : raw('false'));
  }
  return w;
}

/**
 * Relevance of a search, rounded so the cursor can carry it exactly: the weighted word rank (title
 * over destination and country over description), or the trigram similarity in fuzzy mode.
 */
function relevanceOf(search: SearchSpec): Sql {
  const tsq = prefixTsQuery(search.words);
  const phrase = search.words.join(' ');
  if (search.mode === 'fuzzy') return phrase ? sql`round(word_similarity(${phrase}, t.search_text)::numeric, 6)` : raw('0::numeric');
  return tsq ? sql`round(ts_rank_cd(t.search_vector, to_tsquery('english', ${tsq}), 1)::numeric, 6)` : raw('0::numeric');
}

/** Whether any tour matches the words (with the filter): else the search falls back to fuzzy. */
export function wordsMatchQuery(filter: TourFilterSpec, search: SearchSpec): Sql {
  const where = whereOf(filter, { ...search, mode: 'words' });
  return sql`select exists (select 1 from tours t where ${join(where, ' and ')}) as found`;
}

/** The sort key of an order as SQL (null for plain id order). */
function keyOf(order: Order, search: SearchSpec | null): Sql | null {
  switch (order) {
    case 'ID': return null;
    case 'RELEVANCE': return relevanceOf(search!);
    case 'PRICE_ASC':
    case 'PRICE_DESC': return raw('t.from_price');
    case 'RATING_DESC': return raw('t.rating');
    case 'NEWEST': return raw('t.created_at');
  }
}

const ORDER_BY: Record<Order, string> = {
  ID: 'x.id asc',
  RELEVANCE: 'x.sort_key desc, x.id asc',
  PRICE_ASC: 'x.sort_key asc nulls last, x.id asc',
  PRICE_DESC: 'x.sort_key desc nulls last, x.id desc',
  RATING_DESC: 'x.sort_key desc, x.id asc',
  NEWEST: 'x.sort_key desc, x.id desc',
};

const NUMERIC_RE = /^-?\d{1,15}(\.\d{1,12})?$/;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

function badCursor(message = 'Invalid cursor: pass the endCursor of a previous page'): BadInputError {
  return new BadInputError(message, [{ field: 'after', message: 'Invalid cursor' }]);
}

/** The keyset of a cursor, checked against the order it was made for. */
export function decodeKeyset(after: string | null | undefined, order: Order): Keyset | null {
  const v = decodeCursor(after);
  if (!v) return null;
  // Cursors of the first version held only the id.
  if (v.length === 1 && order === 'ID') v.unshift('ID', null);
  const [o, key, id] = v;
  if (o !== order) throw badCursor('This cursor belongs to another sort or search: start again from the first page');
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badCursor();
  if (key !== null) {
    const re = order === 'NEWEST' ? TIMESTAMP_RE : NUMERIC_RE;
    if (typeof key !== 'string' || !re.test(key) || order === 'ID') throw badCursor();
  } else if (order === 'RELEVANCE' || order === 'RATING_DESC' || order === 'NEWEST') throw badCursor();
  return { order, key, id };
}

export function encodeKeyset(order: Order, key: string | null, id: number): string {
  return encodeCursor([order, key, id]);
}

/** Rows after the cursor in the order's direction (x is the inner select). */
function afterKeyset(k: Keyset): Sql {
  const cast = k.order === 'NEWEST' ? raw('timestamptz') : raw('numeric');
  switch (k.order) {
    case 'ID': return sql`x.id > ${k.id}`;
    case 'RELEVANCE':
    case 'RATING_DESC': return sql`(x.sort_key < ${k.key}::${cast} or (x.sort_key = ${k.key}::${cast} and x.id > ${k.id}))`;
    case 'NEWEST': return sql`(x.sort_key, x.id) < (${k.key}::timestamptz, ${k.id})`;
    case 'PRICE_ASC':
      return k.key === null
        ? sql`(x.sort_key is null and x.id > ${k.id})`
        : sql`(x.sort_key > ${k.key}::numeric or (x.sort_key = ${k.key}::numeric and x.id > ${k.id}) or x.sort_key is null)`;
    case 'PRICE_DESC':
      return k.key === null
        ? sql`(x.sort_key is null and x.id < ${k.id})`
        : sql`(x.sort_key < ${k.key}::numeric or (x.sort_key = ${k.key}::numeric and x.id < ${k.id}) or x.sort_key is null)`;
  }
}

/**
 * The page query: the tour columns, the sort key as text (sort_key_text) for the cursor, limit + 1
 * rows so hasNextPage needs no second query.
 */
export function pageQuery(q: ListQuery, columns: readonly string[]): { query: Sql; order: Order } {
  const order = effectiveOrder(q.sort, q.search);
  const keyset = decodeKeyset(q.after, order);
  const where = whereOf(q.filter, q.search);
  const key = keyOf(order, q.search) ?? raw('null::text');
  const cols = raw(columns.map((c) => `t."${c}"`).join(', '));
  const inner = sql`select ${cols}, ${key} as sort_key from tours t${where.length ? sql` where ${join(where, ' and ')}` : raw('')}`;
  const outerCols = raw(columns.map((c) => `x."${c}"`).join(', '));
  const query = sql`select ${outerCols}, x.sort_key::text as sort_key_text from (${inner}) x${
    keyset ? sql` where ${afterKeyset(keyset)}` : raw('')
  } order by ${raw(ORDER_BY[order])} limit ${q.limit + 1}`;
  return { query, order };
}

/** Number of tours matching a filter and a search, over all pages. */
export function countQuery(filter: TourFilterSpec, search: SearchSpec | null): Sql {
  const where = whereOf(filter, search);
  return sql`select count(*)::int as count from tours t${where.length ? sql` where ${join(where, ' and ')}` : raw('')}`;
}
