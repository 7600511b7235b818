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

/** A lexeme quoted for a tsquery literal, read as it is (no second stemming). */
const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsquery of a search as SQL, null when nothing is left to match. Words mode: each word a prefix,
 * or the whole lexemes its prefix stands for when the catalogue has few (the same matches, read from
 * the index without a pass over every posting of every lexeme the prefix starts). Fuzzy mode: each
 * word's stand-ins OR-ed (a word with none leaves nothing to match).
 */
export function tsQuerySql(search: SearchSpec): Sql | null {
  if (search.mode === 'fuzzy') {
    const groups = (search.corrections ?? []).map((alts) => alts.filter((w) => /^[\p{L}\p{N}]+$/u.test(w)));
    if (!groups.length || groups.some((g) => !g.length)) return null;
    return sql`to_tsquery('english', ${groups.map((g) => `(${g.join(' | ')})`).join(' & ')})`;
  }
  const prefixWords: string[] = [];
  const wholeLexemes: string[] = [];
  search.words.forEach((word, i) => {
    const lexemes = search.lexemes?.[i];
    if (lexemes?.length) wholeLexemes.push(`(${lexemes.map(quoteLexeme).join(' | ')})`);
    else prefixWords.push(word);
  });
  const parts: Sql[] = [];
  const prefix = prefixTsQuery(prefixWords);
  if (prefix) parts.push(sql`to_tsquery('english', ${prefix})`);
  if (wholeLexemes.length) parts.push(sql`${wholeLexemes.join(' & ')}::tsquery`);
  return parts.length ? sql`(${join(parts, ' && ')})` : null;
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
  const from = f.departureFrom !== undefined ? sql`${f.departureFrom.toISOString()}::timestamptz` : null;
  const until = f.returnUntil !== undefined ? sql`${f.returnUntil.at.toISOString()}::timestamptz` : null;
  const returnsInTime = f.returnUntil?.exclusive ? sql`t.return_time < ${until}` : sql`t.return_time <= ${until}`;
  if (from && until) {
    // A tour inside a window has both its dates in it: spelling out the bounds each date gets from
    // the other (it departs before it returns) gives the planner two narrow ranges to choose from,
    // and keeps out a tour whose dates were entered the wrong way round.
    w.push(sql`t.departure_time >= ${from}`, sql`t.departure_time <= ${until}`, sql`t.return_time >= ${from}`, returnsInTime);
  } else if (from) {
    w.push(sql`t.departure_time >= ${from}`);
  } else if (until) {
    w.push(returnsInTime);
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
  if (f.updatedSince !== undefined) w.push(sql`t.updated_at >= ${f.updatedSince.toISOString()}::timestamptz`);
  if (search) {
    const tsq = tsQuerySql(search);
    w.push(tsq ? sql`t.search_vector @@ ${tsq}` : raw('false'));
  }
  return w;
}

/**
 * Relevance of a search over the tours of alias `a`, rounded so the cursor can carry it exactly:
 * the weighted word rank (title over destination and country over description).
 */
export function relevanceOf(search: SearchSpec, a = 't'): Sql {
  const tsq = tsQuerySql(search);
  return tsq ? sql`round(ts_rank_cd(${raw(a)}.search_vector, ${tsq}, 1)::numeric, 6)` : raw('0::numeric');
}

/** WHERE clause text of the conditions (empty when none). */
export function whereClause(where: readonly Sql[]): Sql {
  return where.length ? sql` where ${join(where, ' and ')}` : raw('');
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

/** Rows after the cursor in the order's direction (`a` is the alias of the inner select). */
export function afterKeyset(k: Keyset, a = 'x'): Sql {
  const x = raw(a);
  const cast = k.order === 'NEWEST' ? raw('timestamptz') : raw('numeric');
  switch (k.order) {
    case 'ID': return sql`${x}.id > ${k.id}`;
    case 'RELEVANCE':
    case 'RATING_DESC': return sql`(${x}.sort_key < ${k.key}::${cast} or (${x}.sort_key = ${k.key}::${cast} and ${x}.id > ${k.id}))`;
    case 'NEWEST': return sql`(${x}.sort_key, ${x}.id) < (${k.key}::timestamptz, ${k.id})`;
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

/** How many tours per ranked tour the word check walks to learn how common the words are. */
const DENSITY_WALK_FACTOR = 10;

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
    if (density.found > 0 && density.found < ranked) windowEnd = Math.min(2_147_483_647, Math.ceil((density.lastId * ranked * WINDOW_MARGIN) / density.found));
  }
  const after = keyset ? sql` where ${afterKeyset(keyset, 'r')}` : raw('');
  const restAfter = keyset?.key === '-1' ? sql` and t.id > ${keyset.id}` : raw('');
  const lim = q.limit + 1;
  // In the id range the planner may walk the id index until it has enough (it stops at the range's
  // end) or combine the indexes and sort; without a range, `t.id + 0` keeps it off that walk, which
  // for rare words would read most of the table.
  const windowed = windowEnd === null
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

/** Number of matches counted up to `limit` + 1: exact when at most `limit`, else only "more". */
export function boundedCountQuery(filter: TourFilterSpec, search: SearchSpec | null, limit: number): Sql {
  return sql`select count(*)::int as count from (select 1 from tours t${whereClause(whereOf(filter, search))} limit ${limit + 1}) m`;
}

/** Tours a count estimate samples (whole table pages, so it reads about that many rows). */
const ESTIMATE_SAMPLE_ROWS = 2000;

/**
 * Estimated number of matches: the matches in a repeatable block sample of about 2000 tours (all of
 * them when the table is smaller or never analysed), scaled to the table.
 */
export function estimateCountQuery(filter: TourFilterSpec, search: SearchSpec | null): Sql {
  const pct = sql`(select least(100, 100.0 * ${ESTIMATE_SAMPLE_ROWS} / greatest(reltuples, 1))::real from pg_class where oid = 'tours'::regclass)`;
  return sql`select round(count(*) * 100.0 / ${pct})::int as count from tours t tablesample system (${pct}) repeatable (1)${whereClause(whereOf(filter, search))}`;
}

/** Most stand-ins a misspelt word gets from the dictionary. */
const CORRECTIONS_PER_WORD = 5;

/**
 * Whether a search word can match any tour, answered by the dictionary alone: some catalogue word
 * starts with it, or has an English stem (the form the tours' search vectors hold) that starts with
 * the word's stem ('cities' and 'city' are both 'citi'). Stemming changes at most a word's ending, so
 * the words to stem are those sharing the stem but its last letter. A word the dictionary does not
 * keep (digits only, over 50 letters) is left to the tours themselves.
 */
function wordMayMatch(word: string): Sql {
  if (/^[0-9]+$/.test(word) || word.length > 50) return raw('true');
  const stem = sql`coalesce((ts_lexize('english_stem', ${word}))[1], '')`;
  return sql`(exists (select 1 from search_words d where d.word like ${`${word}%`})
    or exists (select 1 from search_words d where d.word like (select left(${stem}, -1) || '%')
      and (ts_lexize('english_stem', d.word))[1] like (select ${stem} || '%')))`;
}

/** Most whole lexemes a prefix is read as; a prefix that starts more stays a prefix. */
const LEXEMES_PER_PREFIX = 8;

/**
 * The whole lexemes a search word of three or more letters starts (its English stem as the prefix,
 * as to_tsquery reads 'word:*'), space-separated, or '' when it starts more than a few (or the word
 * is a stop word or splits in two), so the word stays a prefix. A byte-order range on the lexeme
 * table's index.
 */
function lexemesOfPrefix(word: string): Sql {
  return sql`coalesce((select case when count(*) <= ${LEXEMES_PER_PREFIX} then string_agg(x.lexeme, ' ') end from (
      select l.lexeme from search_lexemes l, (select tsvector_to_array(to_tsvector('english', ${word})) a) s
      where array_length(s.a, 1) = 1 and l.lexeme collate "C" >= s.a[1] and l.lexeme collate "C" < s.a[1] || chr(1114111)
      order by l.lexeme collate "C" limit ${LEXEMES_PER_PREFIX + 1}) x), '')`;
}

/**
 * One statement that checks a search before its page is read:
 * - found: whether any tour matches the words (with the filter). A word no catalogue word starts
 *   with (a misspelling, a word's middle) is a miss found in the small dictionary: the tours are not
 *   read, since proving that no tour matches would read them all. A match in the walk (below) is
 *   proof enough.
 * - corrections: when none matches, for each word of three or more letters the dictionary words most
 *   like it (pg_trgm word similarity at its default threshold 0.6), space-separated, for the fuzzy
 *   fallback; the dictionary is read only on a miss.
 * - lexemes: for each word, the whole lexemes its prefix stands for ('' when it stays a prefix).
 * - walk_found, walk_last: how many of the first `walkTours` tours in catalogue order match, and the
 *   last id walked, for a relevance page to size its candidates' id range (walk_last is null when
 *   nothing was walked).
 */
export function resolveSearchQuery(filter: TourFilterSpec, search: SearchSpec, walkTours = 0): Sql {
  const where = join(whereOf(filter, { ...search, mode: 'words' }), ' and ');
  const fuzzyWords = search.words.filter((x) => x.length > 2);
  const words = fuzzyWords.length ? join(fuzzyWords.map((x, i) => sql`(${i}, ${x})`), ', ') : raw(`(0, '')`);
  const checked = search.words.filter((x) => x.length > 1);
  const mayMatch = checked.length ? join(checked.map(wordMayMatch), ' and ') : raw('true');
  const lexemes = search.words.length ? join(search.words.map((x) => (x.length > 2 ? lexemesOfPrefix(x) : raw(`''`))), ', ') : raw(`''`);
  const walked = walkTours > 0
    ? sql`select count(*) filter (where ${where})::int as found, max(t.id) as last from (select * from tours order by id limit ${walkTours}) t`
    : raw('select 0 as found, null::int as last');
  return sql`with walk as materialized (${walked}),
    f as materialized (select case when ${mayMatch} then (select found from walk) > 0 or exists (select 1 from tours t where ${where}) else false end as found)
    select f.found, case when f.found then null else array(
      select coalesce((select string_agg(s.word, ' ') from (
        select d.word from search_words d where q.w <> '' and q.w <% d.word order by word_similarity(q.w, d.word) desc, d.word limit ${CORRECTIONS_PER_WORD}
      ) s), '') from (values ${words}) q(i, w) order by q.i) end as corrections,
    case when f.found then array[${lexemes}]::text[] end as lexemes,
    case when f.found then (select found from walk) end as walk_found,
    case when f.found then (select last from walk) end as walk_last
    from f`;
}

/** How many tours the word check walks: only a relevance order uses what the walk learns. */
export function densityWalkTours(sort: TourSort, search: SearchSpec, ranked: number): number {
  return effectiveOrder(sort, search) === 'RELEVANCE' ? ranked * DENSITY_WALK_FACTOR : 0;
}

export interface ResolvedSearchRow {
  found: boolean;
  corrections: string[] | null;
  lexemes: string[] | null;
  walk_found: number | null;
  walk_last: number | string | null;
}

/**
 * The search to read pages and counts with, from the word check's answer: the words with their whole
 * lexemes and the walk's figures, or, when no tour matches them, the fuzzy stand-ins.
 */
export function resolvedSearch(search: SearchSpec, r: ResolvedSearchRow | undefined): SearchSpec {
  const splitWords = (text: string) => text.split(' ').filter(Boolean);
  if (!r?.found) return { ...search, mode: 'fuzzy', corrections: (r?.corrections ?? []).map(splitWords) };
  const lexemes = (r.lexemes ?? []).map((text) => (text ? splitWords(text) : null));
  const walk = r.walk_found !== null && r.walk_last !== null ? { found: r.walk_found, lastId: Number(r.walk_last) } : undefined;
  return { ...search, lexemes, walk };
}
