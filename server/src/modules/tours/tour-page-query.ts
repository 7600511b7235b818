import { decodeCursor, encodeCursor, invalidCursor, isCursorId, isCursorKey } from '../../common/pagination.js';
import { join, raw, sql, type Sql } from '../../common/sql.js';
import type { SearchSpec, TourFilterSpec } from './tour-filter.js';
import type { TourSort } from './tour-sort.js';
import {
  DENSITY_WALK_FACTOR,
  effectiveOrder,
  relevanceOf,
  whereClause,
  whereOf,
  type Order,
} from './tour-search-query.js';

/**
 * SQL of the catalogue list. Every order ends with the id, and the cursor carries the order's key of
 * the last row (as PostgreSQL printed it, so no rounding creeps in) and its id: keyset paging, so a
 * page costs the same wherever it is and nothing is skipped or repeated.
 */

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

/** The sort key of an order as SQL (null for plain id order). */
function keyOf(order: Order, search: SearchSpec | null): Sql | null {
  switch (order) {
    case 'ID':
      return null;
    case 'RELEVANCE':
      return relevanceOf(search!);
    case 'PRICE_ASC':
    case 'PRICE_DESC':
      return raw('t.from_price');
    case 'RATING_DESC':
      return raw('t.rating');
    case 'NEWEST':
      return raw('t.created_at');
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

/** The keyset of a cursor, checked against the order it was made for. */
export function decodeKeyset(after: string | null | undefined, order: Order): Keyset | null {
  const v = decodeCursor(after);
  if (!v) return null;
  // Cursors of the first version held only the id.
  if (v.length === 1 && order === 'ID') v.unshift('ID', null);
  const [o, key, id] = v;
  if (o !== order)
    throw invalidCursor('This cursor belongs to another sort or search: start again from the first page');
  if (!isCursorId(id)) throw invalidCursor();
  if (key === null) {
    if (order === 'RELEVANCE' || order === 'RATING_DESC' || order === 'NEWEST') throw invalidCursor();
    return { order, key, id };
  }
  // A key is read by the database as the order's type: a real moment for NEWEST, else a number.
  if (typeof key !== 'string' || order === 'ID') throw invalidCursor();
  if (order === 'NEWEST' ? !isCursorKey(key, 'timestamp') : !NUMERIC_RE.test(key)) throw invalidCursor();
  return { order, key, id };
}

export function encodeKeyset(order: Order, key: string | null, id: number): string {
  return encodeCursor([order, key, id]);
}

/** Rows after the cursor in the order's direction (`a` is the alias of the inner select). */
export function afterKeyset(k: Keyset, a = 'x'): Sql {
  const x = raw(a);
  const cast = k.order === 'NEWEST' ? raw('timestamptz') : raw('numeric');
  switch (k.order) {
    case 'ID':
      return sql`${x}.id > ${k.id}`;
    case 'RELEVANCE':
    case 'RATING_DESC':
      return sql`(${x}.sort_key < ${k.key}::${cast} or (${x}.sort_key = ${k.key}::${cast} and ${x}.id > ${k.id}))`;
    case 'NEWEST':
      return sql`(${x}.sort_key, ${x}.id) < (${k.key}::timestamptz, ${k.id})`;
    case 'PRICE_ASC':
      return k.key === null
        ? sql`(${x}.sort_key is null and ${x}.id > ${k.id})`
        : sql`(${x}.sort_key > ${k.key}::numeric or (${x}.sort_key = ${k.key}::numeric and ${x}.id > ${k.id}) or ${x}.sort_key is null)`;
    case 'PRICE_DESC':
      return k.key === null
        ? sql`(${x}.sort_key is null and ${x}.id < ${k.id})`
        : sql`(${x}.sort_key < ${k.key}::numeric or (${x}.sort_key = ${k.key}::numeric and ${x}.id < ${k.id}) or ${x}.sort_key is null)`;
  }
}

/**
 * The page query: the tour columns, the sort key as text (sort_key_text) for the cursor, limit + 1
 * rows so hasNextPage needs no second query. A relevance order ranks a bounded candidate set.
 */
export function pageQuery(q: ListQuery, columns: readonly string[], rankedTours: number): { query: Sql; order: Order } {
  const order = effectiveOrder(q.sort, q.search);
  const keyset = decodeKeyset(q.after, order);
  if (order === 'RELEVANCE') return { query: relevancePageQuery(q, columns, keyset, rankedTours), order };
  const where = whereOf(q.filter, q.search);
  const key = keyOf(order, q.search) ?? raw('null::text');
  const cols = raw(columns.map((c) => `t."${c}"`).join(', '));
  const inner = sql`select ${cols}, ${key} as sort_key from tours t${whereClause(where)}`;
  const outerCols = raw(columns.map((c) => `x."${c}"`).join(', '));
  const query = sql`select ${outerCols}, x.sort_key::text as sort_key_text from (${inner}) x${
    keyset ? sql` where ${afterKeyset(keyset)}` : raw('')
  } order by ${raw(ORDER_BY[order])} limit ${q.limit + 1}`;
  return { query, order };
}

/** How many tours per ranked tour a candidate walk reads when nothing is known of how common the words are. */
const CANDIDATE_WALK_FACTOR = 25;

/** How far past the expected end the id range of a relevance page's candidates reaches (2: twice as far). */
const WINDOW_MARGIN = 2;

/**
 * A search in relevance order. Ranking every match of a common word costs a read of each, so only the
 * first `ranked` matches in catalogue (id) order are ranked; the other matches follow them in id order
 * (sort key -1, below any rank). Where those first matches come from depends on how common the words
 * are, as the word check's walk of the first tours found:
 * - common (the walk found enough): a walk of the first tours by id, cheap as nearly every one matches;
 * - in between: the word index and the id index together over the ids the walk's rate says hold
 *   them, with a margin, so only the tours of that range are read;
 * - rare, unknown, or the range held too few: the word index alone with an id sort (few matches).
 * Answers of at most `ranked` matches are fully ranked.
 */
function relevancePageQuery(q: ListQuery, columns: readonly string[], keyset: Keyset | null, ranked: number): Sql {
  const search = q.search!;
  const w = join(whereOf(q.filter, search), ' and ');
  const cols = raw(columns.map((c) => `t."${c}"`).join(', '));
  const cCols = raw(columns.map((c) => `c."${c}"`).join(', '));
  const outerCols = raw(columns.map((c) => `x."${c}"`).join(', '));
  const density = search.mode === 'words' ? search.walk : undefined;
  let walk = ranked * CANDIDATE_WALK_FACTOR;
  let windowEnd: number | null = null;
  if (density) {
    walk = density.found >= ranked ? ranked * DENSITY_WALK_FACTOR : 0;
    if (density.found > 0 && density.found < ranked)
      windowEnd = Math.min(2_147_483_647, Math.ceil((density.lastId * ranked * WINDOW_MARGIN) / density.found));
  }
  const after = keyset ? sql` where ${afterKeyset(keyset, 'r')}` : raw('');
  const restAfter = keyset?.key === '-1' ? sql` and t.id > ${keyset.id}` : raw('');
  const lim = q.limit + 1;
  // In the id range the planner may walk the id index until it has enough (it stops at the range's
  // end) or combine the indexes and sort; without a range, `t.id + 0` keeps it off that walk, which
  // for rare words would read most of the table.
  const windowed =
    windowEnd === null
      ? raw('')
      : sql`, windowed as materialized (
      select ${cols}, t.search_vector from tours t where ${w} and t.id <= ${windowEnd} order by t.id limit ${ranked}
    )`;
  const windowFull = windowEnd === null ? raw('false') : sql`(select count(*) from windowed) = ${ranked}`;
  return sql`with walked as materialized (
      select ${cols}, t.search_vector from (select * from tours order by id limit ${walk}) t where ${w} order by t.id limit ${ranked}
    )${windowed}, indexed as materialized (
      select ${cols}, t.search_vector from tours t where (select count(*) from walked) < ${ranked} and not ${windowFull} and ${w} order by t.id + 0 limit ${ranked}
    ), c as (
      select * from walked where (select count(*) from walked) = ${ranked}${
        windowEnd === null ? raw('') : sql` union all select * from windowed where ${windowFull}`
      } union all select * from indexed
    ), edge as (select count(*) as n, max(id) as last from c),
    ranked as (select ${cCols}, ${relevanceOf(search, 'c')} as sort_key from c),
    page as (select * from ranked r${after} order by r.sort_key desc, r.id asc limit ${lim})
    select ${outerCols}, x.sort_key::text as sort_key_text from (
      select * from page
      union all
      (select ${cols}, (-1)::numeric as sort_key from tours t, edge
        where edge.n = ${ranked} and (select count(*) from page) < ${lim} and t.id > edge.last and ${w}${restAfter}
        order by t.id limit ${lim})
    ) x order by x.sort_key desc, x.id asc limit ${lim}`;
}
