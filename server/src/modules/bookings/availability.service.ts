import {
  addDaysWithinCalendar,
  departurePrices,
  partyProblems,
  travellerToday,
  tripNights,
  type PartyCounts,
  type DeparturePrice,
  type DepartureStatus,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { NotFoundError, throwIfInvalid } from '../../common/errors.js';
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
import { Tour } from '../tours/tour.entity.js';
import { parkFeeService, type TripParkFees } from '../park-fees/park-fee.service.js';
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
  /** The park fees of the party asked for; null without a party or when the tour spends no day in a park. */
  parkFees: TripParkFees | null;
  updatedAt: Date;
}

/** Most people a party priced with availability may count: the largest group a tour takes. */
export const AVAILABILITY_PARTY_MAX = 200;

export interface AvailabilityQuery {
  tourId?: string | null;
  from: string;
  to: string;
  updatedSince?: Date | null;
  first?: number | null;
  after?: string | null;
  /** Who travels, to price each departure's park fees for. */
  party?: PartyCounts | null;
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
    const partySize = q.party ? checkParty(q.party) : 0;
    const after = textIdCursor(q.after, 'day');
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
    const fees = q.party ? await feesOf(ctx, page.items, q.party, partySize) : new Map<number, TripParkFees | null>();
    return mapPage(page, (r) => {
      const seats = toDepartureType(r, r.tour_status, today);
      const tour = { price: r.price == null ? null : Number(r.price), priceText: r.price_text, tier: r.tier };
      return {
        id: String(r.id),
        tourId: String(r.tour_id),
        tourTitle: r.title,
        startDate: r.start_date,
        // A departure scheduled before its tour grew longer may run past 9999-12-31: its end is read
        // up to that day, still a date as YYYY-MM-DD.
        endDate: addDaysWithinCalendar(
          r.start_date,
          tripNights({ durationDays: r.duration_days, durationNights: r.duration_nights }),
        ),
        capacity: r.capacity,
        seatsLeft: seats.seatsLeft,
        status: seats.status as DepartureStatus,
        prices: departurePrices(tour, r.start_date, today),
        parkFees: fees.get(r.id) ?? null,
        updatedAt: new Date(Number(r.updated_ms)),
      };
    });
  },
};

/** The size of a party given as counts; BAD_USER_INPUT unless its counts are whole and add up to 1 to AVAILABILITY_PARTY_MAX. */
function checkParty(party: PartyCounts): number {
  let total = 0;
  for (const bands of Object.values(party)) for (const n of Object.values(bands ?? {})) total += n as number;
  // Counts that add up to themselves leave only the check of each count.
  throwIfInvalid(partyProblems(party, total), 'first');
  const problem =
    total < 1
      ? 'The party must count at least one person'
      : total > AVAILABILITY_PARTY_MAX
        ? `The party may count at most ${AVAILABILITY_PARTY_MAX} people`
        : null;
  throwIfInvalid(problem ? [{ field: 'party', message: problem }] : [], 'first');
  return total;
}

/**
 * The park fees of a party on each departure of a page: the tours' itineraries and the fee
 * schedules of the page's whole span of days are read once, then each departure is priced alone.
 */
async function feesOf(
  ctx: RequestContext,
  rows: readonly Row[],
  party: PartyCounts,
  numberOfPeople: number,
): Promise<Map<number, TripParkFees | null>> {
  const fees = new Map<number, TripParkFees | null>();
  if (!rows.length) return fees;
  const tourIds = [...new Set(rows.map((r) => r.tour_id))];
  const tours = await ctx.em.find(Tour, { id: { $in: tourIds } }, { fields: ['id', 'itinerary'] });
  const itineraries = new Map(tours.map((t) => [t.id, t.itinerary ?? []]));
  const longest = Math.max(1, ...tours.flatMap((t) => (t.itinerary ?? []).map((d) => d.day)));
  const first = rows[0]!.start_date;
  // No schedule reaches past the last date a database stores: a trip running over it is read up to it.
  const last = addDaysWithinCalendar(rows[rows.length - 1]!.start_date, longest - 1);
  const schedules = await parkFeeService.rulesBetween(ctx, first, last);
  for (const r of rows) {
    const trip = { startDate: r.start_date, itinerary: itineraries.get(r.tour_id) ?? [], numberOfPeople, party };
    fees.set(r.id, await parkFeeService.forTrip(ctx, trip, schedules));
  }
  return fees;
}
