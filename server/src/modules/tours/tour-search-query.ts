import { intArrayLiteral, join, likeContains, raw, sql, type Sql } from '../../common/sql.js';
import type { SearchSpec, TourFilterSpec } from './tour-filter.js';
import { TourSort } from './tour-sort.js';

/**
 * SQL of the catalogue's conditions and search: the WHERE conditions of a filter and a search, the
 * relevance rank, and the statement that checks a search's words against the catalogue.
 */

/** The effective order: CATALOGUE with a search orders by relevance. */
export type Order = 'ID' | 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'RATING_DESC' | 'NEWEST';

export function effectiveOrder(sort: TourSort, search: SearchSpec | null): Order {
  if (sort === TourSort.CATALOGUE) return search ? 'RELEVANCE' : 'ID';
  return sort;
}

/**
 * Prefix query of the search words: 'kili' finds Kilimanjaro through its 'kilimanjaro' lexeme.
 * One-letter words are dropped (they would match nearly everything), two-letter ones match whole.
 */
export function prefixTsQuery(words: readonly string[]): string {
  return words
    .filter((w) => w.length > 1)
    .map((w) => (w.length > 2 ? `${w}:*` : w))
    .join(' & ');
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
    w.push(
      sql`t.departure_time >= ${from}`,
      sql`t.departure_time <= ${until}`,
      sql`t.return_time >= ${from}`,
      returnsInTime,
    );
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

/** How many tours per ranked tour the word check walks to learn how common the words are. */
export const DENSITY_WALK_FACTOR = 10;

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
  const words = fuzzyWords.length
    ? join(
        fuzzyWords.map((x, i) => sql`(${i}, ${x})`),
        ', ',
      )
    : raw(`(0, '')`);
  const checked = search.words.filter((x) => x.length > 1);
  const mayMatch = checked.length ? join(checked.map(wordMayMatch), ' and ') : raw('true');
  const lexemes = search.words.length
    ? join(
        search.words.map((x) => (x.length > 2 ? lexemesOfPrefix(x) : raw(`''`))),
        ', ',
      )
    : raw(`''`);
  const walked =
    walkTours > 0
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
  const walk =
    r.walk_found !== null && r.walk_last !== null ? { found: r.walk_found, lastId: Number(r.walk_last) } : undefined;
  return { ...search, lexemes, walk };
}
