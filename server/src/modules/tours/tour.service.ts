import { withFilterFallbacks } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { changedSince, keysetPage, mapPage, pageSize, type Page, type PageCount } from '../../common/pagination.js';
import { queryRows, type Sql } from '../../common/sql.js';
import { Tour } from './tour.entity.js';
import { parseId } from '../../common/ids.js';
import {
  parseSearch,
  parseTourFilter,
  type RawTourFilter,
  type SearchSpec,
  type TourFilterSpec,
} from './tour-filter.js';
import { boundedCountQuery, estimateCountQuery } from './tour-count-query.js';
import { encodeKeyset, pageQuery } from './tour-page-query.js';
import { densityWalkTours, resolvedSearch, resolveSearchQuery, type ResolvedSearchRow } from './tour-search-query.js';
import { TourSort } from './tour-sort.js';
import { TOUR_LIST_COLUMNS, toTourListRow, type TourListColumns, type TourListRow } from './tour-list-row.js';
import type { TourFilterOptions } from './tour-filters.types.js';

/** Most values of each filter list (destinations, travel types, tiers, booking types): a menu, not an index. */
export const TOUR_FILTER_VALUES_MAX = 200;

export interface ListToursInput {
  filter?: RawTourFilter;
  search?: unknown;
  sort?: TourSort;
  first?: number | null;
  after?: string | null;
  /** Only tours changed at or after this moment (partners' catalogue sync). */
  updatedSince?: Date | null;
  /** Page size ceiling: 100 on GraphQL, 1000 on the REST shim (limit=1000 reads the whole catalogue page). */
  maxPageSize?: number;
  /**
   * The caller will read the count: it is then asked for beside the page, on a connection of its
   * own, so the answer waits for the slower of the two statements instead of both in turn.
   * Without it the count runs only if and when the page's count() is called.
   */
  withCount?: boolean;
}

/** Parses a tour id from the outside world; null when it is not one. */
export const parseTourId: (id: string | number | null | undefined) => number | null = parseId;

function rows<T = Record<string, unknown>>(ctx: RequestContext, q: Sql): Promise<T[]> {
  return queryRows<T>(ctx.em, q);
}

/** A search checked against the catalogue (one statement), ready for its page and count. */
async function resolveSearch(
  ctx: RequestContext,
  filter: TourFilterSpec,
  search: SearchSpec,
  sort: TourSort,
): Promise<SearchSpec> {
  const walkTours = densityWalkTours(sort, search, ctx.config.searchRankedTours);
  const [r] = await rows<ResolvedSearchRow>(ctx, resolveSearchQuery(filter, search, walkTours));
  return resolvedSearch(search, r);
}

/**
 * Matches over all pages: counted exactly up to the configured limit (the count stops there), and
 * above it estimated from a sample, never reported at or below the limit.
 */
async function countMatches(
  ctx: RequestContext,
  filter: TourFilterSpec,
  search: SearchSpec | null,
): Promise<PageCount> {
  const limit = ctx.config.countExactLimit;
  const [exact] = await rows<{ count: number }>(ctx, boundedCountQuery(filter, search, limit));
  const n = exact?.count ?? 0;
  if (n <= limit) return { count: n, estimate: false };
  const [est] = await rows<{ count: number | null }>(ctx, estimateCountQuery(filter, search));
  return { count: Math.max(limit + 1, est?.count ?? 0), estimate: true };
}

/** The catalogue: listing, searching and reading tours, and the filter options. */
export const tourService = {
  /**
   * A page of tours matching a filter and a search, in the given order. At most three statements
   * (whether the search words match, the page, and the count when asked for), whatever the page size.
   * The tours are read-only rows (not managed by the unit of work: load one with get() to change it).
   */
  async list(ctx: RequestContext, input: ListToursInput = {}): Promise<Page<TourListRow>> {
    const limit = pageSize(input.first, input.maxPageSize);
    const filter = parseTourFilter(input.filter);
    const updatedSince = changedSince('updatedSince', input.updatedSince);
    if (updatedSince) filter.updatedSince = updatedSince;
    let search = parseSearch(input.search);
    const sort = input.sort ?? TourSort.CATALOGUE;
    if (search && search.words.length) search = await resolveSearch(ctx, filter, search, sort);
    const { query, order } = pageQuery(
      { filter, search, sort, after: input.after, limit },
      TOUR_LIST_COLUMNS,
      ctx.config.searchRankedTours,
    );
    const counting = input.withCount ? countMatches(ctx, filter, search) : null;
    // Read through count() once the page is read; until then a failed count must not go unhandled
    // (when the page fails too, the page's error is the answer).
    counting?.catch(() => {});
    const found = await rows<TourListColumns & { sort_key_text: string | null }>(ctx, query);
    const page = keysetPage(
      found,
      limit,
      input.after,
      (r) => encodeKeyset(order, r.sort_key_text ?? null, Number(r.id)),
      () => counting ?? countMatches(ctx, filter, search),
    );
    return mapPage(page, toTourListRow);
  },

  /** One tour, or null when the id is unknown or malformed. */
  async get(ctx: RequestContext, id: string | number): Promise<Tour | null> {
    const tourId = parseTourId(id);
    if (tourId === null) return null;
    return ctx.em.findOne(Tour, { id: tourId });
  },

  /**
   * Distinct destinations, travel types, tiers (split from the Tier lists) and booking types of the
   * catalogue (case-insensitively, first spelling kept) and the range of original prices; the built-in
   * values (withFilterFallbacks) for whatever the catalogue leaves empty, at most TOUR_FILTER_VALUES_MAX of each
   * (alphabetically). One statement.
   */
  async filterOptions(ctx: RequestContext): Promise<TourFilterOptions> {
    const [r] = await rows<{
      destinations: string[] | null;
      travel_types: string[] | null;
      tiers: string[] | null;
      booking_types: string[] | null;
      min_price: string | null;
      max_price: string | null;
    }>(ctx, {
      text: `select
        (select array_agg(v order by lower(v)) from (select min(btrim(destination)) v from tours where btrim(destination) <> '' group by lower(btrim(destination)) order by lower(min(btrim(destination))) limit ${TOUR_FILTER_VALUES_MAX}) d) destinations,
        (select array_agg(v order by lower(v)) from (select min(btrim(travel_type)) v from tours where btrim(travel_type) <> '' group by lower(btrim(travel_type)) order by lower(min(btrim(travel_type))) limit ${TOUR_FILTER_VALUES_MAX}) d) travel_types,
        (select array_agg(v order by lower(v)) from (select min(btrim(x)) v from tours, unnest(string_to_array(tier, ',')) x where btrim(x) <> '' group by lower(btrim(x)) order by lower(min(btrim(x))) limit ${TOUR_FILTER_VALUES_MAX}) d) tiers,
        (select array_agg(v order by lower(v)) from (select lower(btrim(booking_type)) v from tours where btrim(booking_type) <> '' group by lower(btrim(booking_type)) order by v limit ${TOUR_FILTER_VALUES_MAX}) d) booking_types,
        (select min(original_price)::text from tours where original_price is not null) min_price,
        (select max(original_price)::text from tours where original_price is not null) max_price`,
      values: [],
    });
    return withFilterFallbacks({
      destinations: r?.destinations ?? [],
      travelTypes: r?.travel_types ?? [],
      tiers: r?.tiers ?? [],
      bookingTypes: r?.booking_types ?? [],
      priceRange:
        r?.min_price != null && r.max_price != null
          ? { minPrice: Number(r.min_price), maxPrice: Number(r.max_price) }
          : null,
    });
  },
};
