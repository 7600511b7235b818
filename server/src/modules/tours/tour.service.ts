import type { RequestContext } from '../../common/context.js';
import { decodeCursor, encodeCursor, pageSize } from '../../common/pagination.js';
import { Tour } from './tour.entity.js';

export interface TourPage {
  nodes: Tour[];
  cursors: string[];
  totalCount: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface ListToursInput {
  first?: number | null;
  after?: string | null;
  /** Page size ceiling: 100 on GraphQL, 1000 on the REST shim the spec's client calls with limit=1000. */
  maxPageSize?: number;
}

/** Parses a tour id from the outside world; null when it is not one. */
export function parseTourId(id: string | number | null | undefined): number | null {
  const s = String(id ?? '').trim();
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** The catalogue: listing and reading tours. */
export class TourService {
  /** A page of tours in catalogue order (keyset paging on id). */
  async list(ctx: RequestContext, input: ListToursInput = {}): Promise<TourPage> {
    const size = pageSize(input.first, input.maxPageSize);
    const cursor = decodeCursor(input.after);
    const afterId = cursor ? Number(cursor[0]) : 0;
    const where = afterId > 0 ? { id: { $gt: afterId } } : {};
    const [rows, totalCount] = await Promise.all([
      ctx.em.find(Tour, where, { orderBy: { id: 'asc' }, limit: size + 1 }),
      ctx.em.count(Tour, {}),
    ]);
    const hasNextPage = rows.length > size;
    const nodes = hasNextPage ? rows.slice(0, size) : rows;
    return { nodes, cursors: nodes.map((t) => encodeCursor([t.id])), totalCount, hasNextPage, hasPreviousPage: afterId > 0 };
  }

  /** One tour, or null when the id is unknown or malformed. */
  async get(ctx: RequestContext, id: string | number): Promise<Tour | null> {
    const tourId = parseTourId(id);
    if (tourId === null) return null;
    return ctx.em.findOne(Tour, { id: tourId });
  }
}

export const tourService = new TourService();
