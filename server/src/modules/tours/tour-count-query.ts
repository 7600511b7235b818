import { sql, type Sql } from '../../common/sql.js';
import type { SearchSpec, TourFilterSpec } from './tour-filter.js';
import { whereClause, whereOf } from './tour-search-query.js';

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
