import type { RequestContext } from '../../common/context.js';
import { BadInputError } from '../../common/errors.js';
import {
  changedSince,
  encodeCursor,
  keysetPage,
  mapPage,
  pageSize,
  textIdCursor,
  type Page,
} from '../../common/pagination.js';
import { queryRows, sql } from '../../common/sql.js';
import { Tour } from './tour.entity.js';

/** Page size of the change feed: at most this many changes a page, 50 when not asked. */
export const TOUR_CHANGES_MAX_PAGE = 200;
export const TOUR_CHANGES_DEFAULT_PAGE = 50;

export type TourChangeKind = 'UPDATED' | 'DELETED';

/** One entry of the feed: a tour's latest change since the moment asked for. */
export interface TourChange {
  tourId: number;
  change: TourChangeKind;
  changedAt: Date;
  /** The tour's title (as it was when deleted). */
  title: string;
  /** The tour as it is now; null once deleted. */
  tour: Tour | null;
}

/**
 * The catalogue's change feed for partners: every tour changed (created or edited, its status
 * included) or deleted at or after a moment, by (time of change, tour id). A tour appears once,
 * with its latest change; deletions come from the record each one leaves (tour_deletions).
 */
export const tourChangesService = {
  async list(
    ctx: RequestContext,
    input: { since: Date; first?: number | null; after?: string | null },
  ): Promise<Page<TourChange>> {
    const limit = pageSize(input.first, TOUR_CHANGES_MAX_PAGE, TOUR_CHANGES_DEFAULT_PAGE);
    const since = changedSince('since', input.since);
    if (!since) throw new BadInputError('since is required', [{ field: 'since', message: 'Required' }]);
    const after = textIdCursor(input.after, 'timestamp');
    const at = since.toISOString();
    const afterTours = after ? sql` and (t.updated_at, t.id) > (${after.key}::timestamptz, ${after.id})` : sql``;
    const afterDeletions = after
      ? sql` and (d.deleted_at, d.tour_id) > (${after.key}::timestamptz, ${after.id})`
      : sql``;
    const rows = await queryRows<{
      tour_id: number;
      change: TourChangeKind;
      changed_at: string;
      changed_ms: number;
      title: string;
    }>(
      ctx.em,
      sql`
      select c.tour_id, c.change, c.changed_at::text changed_at, (extract(epoch from c.changed_at) * 1000)::float8 changed_ms, c.title
        from (select t.id tour_id, 'UPDATED' change, t.updated_at changed_at, t.title from tours t
               where t.updated_at >= ${at}::timestamptz${afterTours}
              union all
              select d.tour_id, 'DELETED', d.deleted_at, d.title from tour_deletions d
               where d.deleted_at >= ${at}::timestamptz${afterDeletions}) c
       order by c.changed_at, c.tour_id
       limit ${limit + 1}`,
    );
    const page = keysetPage(rows, limit, input.after, (r) => encodeCursor([r.changed_at, r.tour_id]));
    const updated = page.items.filter((r) => r.change === 'UPDATED').map((r) => r.tour_id);
    const tours = updated.length ? await ctx.em.find(Tour, { id: { $in: updated } }) : [];
    const byId = new Map(tours.map((t) => [t.id, t]));
    return mapPage(page, (r) => ({
      tourId: r.tour_id,
      change: r.change,
      changedAt: new Date(Number(r.changed_ms)),
      title: r.title,
      tour: r.change === 'UPDATED' ? (byId.get(r.tour_id) ?? null) : null,
    }));
  },
};
