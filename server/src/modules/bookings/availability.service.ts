import {
  bookingEndDate,
  departurePrices,
  travellerToday,
  type DeparturePrice,
  type DepartureStatus,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { NotFoundError } from '../../common/errors.js';
import {
  changedSince,
  encodeCursor,
  keysetPage,
  mapPage,
  pageSize,
  textIdCursor,
  type Page,
} from '../../common/pagination.js';
import { join, queryRows, sql, type Sql } from '../../common/sql.js';
import { tourService } from '../tours/tour.service.js';
import { checkDayRange, toDepartureType, type DepartureRow } from './departure.service.js';

/** Page size of availability: at most this many departures a page, 50 when not asked. */
export const AVAILABILITY_MAX_PAGE = 200;
export const AVAILABILITY_DEFAULT_PAGE = 50;

/** One departure as partners read it. */
export interface DepartureAvailability {
  id: string;
  tourId: string;
  tourTitle: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsLeft: number;
  status: DepartureStatus;
  prices: DeparturePrice[];
  updatedAt: Date;
}

export interface AvailabilityQuery {
  tourId?: string | null;
  from: string;
  to: string;
  updatedSince?: Date | null;
  first?: number | null;
  after?: string | null;
}

interface Row extends DepartureRow {
  updated_ms: number;
  title: string;
  tour_status: string | null;
  duration_days: number | null;
  duration_nights: number | null;
  price: string | null;
  price_text: string | null;
  tier: string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Partners' read of the departures (seats and prices) of one tour or of the whole catalogue in a
 * window of start dates, a page at a time in (start date, id) order. Lists the departures that
 * exist: scheduled by the operator or made by a date's first group booking.
 */
export const availabilityService = {
  async list(ctx: RequestContext, q: AvailabilityQuery): Promise<Page<DepartureAvailability>> {
    const limit = pageSize(q.first, AVAILABILITY_MAX_PAGE, AVAILABILITY_DEFAULT_PAGE);
    const from = String(q.from ?? '').trim();
    const to = String(q.to ?? '').trim();
    checkDayRange(from, to);
    const since = changedSince('updatedSince', q.updatedSince);
    const after = textIdCursor(q.after, ISO_DAY);
    let tourId: number | null = null;
    if (q.tourId != null) {
      const tour = await tourService.get(ctx, q.tourId);
      if (!tour) throw new NotFoundError('Tour not found');
      tourId = tour.id;
    }
    const where: Sql[] = [sql`d.start_date between ${from}::date and ${to}::date`];
    if (tourId !== null) where.push(sql`d.tour_id = ${tourId}`);
    if (since) {
      // A tour's change (its prices, title or status) changes what each of its departures reads. Written
      // as an id list rather than t.updated_at so both halves use an index (a BitmapOr), not a scan of the window.
      const at = since.toISOString();
      where.push(
        sql`(d.updated_at >= ${at}::timestamptz or d.tour_id = any(array(select id from tours where updated_at >= ${at}::timestamptz)))`,
      );
    }
    if (after) where.push(sql`(d.start_date, d.id) > (${after.key}::date, ${after.id})`);
    const rows = await queryRows<Row>(
      ctx.em,
      sql`
      select d.id, d.tour_id, d.start_date::text start_date, d.capacity, d.seats_taken, d.closed,
             (extract(epoch from greatest(d.updated_at, t.updated_at)) * 1000)::float8 updated_ms,
             t.title, t.status tour_status, t.duration_days, t.duration_nights, t.price::text price, t.price_text, t.tier
        from departures d join tours t on t.id = d.tour_id
       where ${join(where, ' and ')}
       order by d.start_date, d.id
       limit ${limit + 1}`,
    );
    const today = travellerToday();
    const page = keysetPage(rows, limit, q.after, (r) => encodeCursor([r.start_date, r.id]));
    return mapPage(page, (r) => {
      const seats = toDepartureType(r, r.tour_status, today);
      const tour = { price: r.price == null ? null : Number(r.price), priceText: r.price_text, tier: r.tier };
      return {
        id: String(r.id),
        tourId: String(r.tour_id),
        tourTitle: r.title,
        startDate: r.start_date,
        endDate: bookingEndDate(r.start_date, { durationDays: r.duration_days, durationNights: r.duration_nights }),
        capacity: r.capacity,
        seatsLeft: seats.seatsLeft,
        status: seats.status as DepartureStatus,
        prices: departurePrices(tour, r.start_date, today),
        updatedAt: new Date(Number(r.updated_ms)),
      };
    });
  },
};
