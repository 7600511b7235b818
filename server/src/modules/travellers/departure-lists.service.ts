import { addDays, ageBandOn, isIsoDay, parkFeesFor, permitPayers, type AgeBand, type Residency } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError } from '../../common/errors.js';
import { Booking } from '../bookings/booking.entity.js';
import { bookingService } from '../bookings/booking.service.js';
import { TRIP_PAST_LAST_DAY } from '../bookings/departure.service.js';
import { parkFeeService } from '../park-fees/park-fee.service.js';
import { Tour } from '../tours/tour.entity.js';
import { leadOnly, travellerService, type TravellerView } from './traveller.service.js';

/**
 * Most people a permit list answers over GraphQL (a day's fees for each person on each day make
 * it large); the CSV download lists any number.
 */
export const PERMIT_LIST_MAX_PEOPLE = 300;

/** Shown on the lists in place of a person the booking has not named yet. */
export const DETAILS_NOT_GIVEN = 'details not yet given';

/** One person of a departure: a booked place, with the traveller's details when given. */
export interface ManifestLine {
  booking: Booking;
  /** 1 for the booking's lead traveller. */
  position: number;
  /** Null for a place whose traveller is not named yet. */
  traveller: TravellerView | null;
}

export interface Manifest {
  tourId: number;
  date: string;
  lines: ManifestLine[];
}

/** One person on a departure's permit list, with their age band and fees on each park day. */
export interface PermitTraveller {
  bookingId: number;
  bookingReference: string;
  position: number;
  /** Null while the booking has not named this person. */
  fullName: string | null;
  nationality: string | null;
  residency: Residency;
  passportNumber: string | null;
  /** The residency or age band was assumed, for want of details: the fees may change. */
  assumed: boolean;
  /** Age band on each of the list's days, in the order of `days`. */
  ageBands: AgeBand[];
  /** Fees with VAT on each of the list's days, in US cents, in the order of `days`. */
  feesCents: number[];
  totalCents: number;
}

/** One day of the trip spent in a protected area. */
export interface PermitDay {
  date: string;
  areaCode: string;
  areaName: string;
  /** False when no fee schedule covers the area on that day (fees not yet published). */
  priced: boolean;
  totalCents: number;
}

export interface PermitList {
  tourId: number;
  tourTitle: string;
  startDate: string;
  /** The protected areas in the order first visited, with their fees. */
  areas: { areaCode: string; areaName: string; totalCents: number }[];
  days: PermitDay[];
  travellers: PermitTraveller[];
  totalCents: number;
  assumedCount: number;
}

/**
 * A permit list as both APIs answer it: ids as text, as every id in the APIs is. CONFLICT for a
 * departure of more than PERMIT_LIST_MAX_PEOPLE people, whose list is only given as CSV.
 */
export function permitListAnswer(list: PermitList) {
  if (list.travellers.length > PERMIT_LIST_MAX_PEOPLE)
    throw new ConflictError(
      `This departure has ${list.travellers.length} people, more than one answer holds (${PERMIT_LIST_MAX_PEOPLE}): download the permit list as CSV`,
    );
  return {
    ...list,
    tourId: String(list.tourId),
    travellers: list.travellers.map((t) => ({ ...t, bookingId: String(t.bookingId) })),
  };
}

/** The lists the operator takes to a departure: the manifest for the guides and the permit list for the park gates. */
export const departureListService = {
  /**
   * Admin: every person booked on a tour's start date (cancelled bookings left out), one line per
   * place booked, the booking's named travellers first and a line for each place not yet named.
   */
  async manifest(ctx: RequestContext, tourIdRaw: unknown, date: unknown): Promise<Manifest> {
    const m = await bookingService.manifest(ctx, tourIdRaw, date);
    const saved = await travellerService.savedOf(
      ctx,
      m.bookings.map((b) => b.id),
    );
    const lines: ManifestLine[] = [];
    for (const b of m.bookings) {
      const named = saved.get(b.id) ?? leadOnly(b);
      for (let position = 1; position <= b.numberOfPeople; position++)
        lines.push({ booking: b, position, traveller: named[position - 1] ?? null });
    }
    return { tourId: m.tourId, date: m.date, lines };
  },

  /**
   * Admin: the permit list of a departure for the park gates: per protected area and per day of
   * the tour's itinerary, every person booked with their residency, age band on that day and the
   * fees charged for them, at the fees valid on that day. People not yet described are priced from
   * the party the booking was quoted for (what its known travellers leave of it), else as
   * non-resident adults, and marked assumed.
   */
  async permitList(ctx: RequestContext, tourIdRaw: unknown, date: unknown): Promise<PermitList> {
    const { tourId, date: startDate, lines } = await departureListService.manifest(ctx, tourIdRaw, date);
    const tour = await ctx.em.findOne(Tour, { id: tourId });
    if (!tour) throw new NotFoundError('Tour not found');
    const days = [...(tour.itinerary ?? [])]
      .filter((d) => d.parkArea)
      .sort((a, b) => a.day - b.day)
      .map((d) => ({ day: d.day, areaCode: d.parkArea!, overnight: d.overnight ?? null }));
    const people = byBooking(lines).flatMap(({ booking, lines: own }) =>
      permitPayers(
        own.map((l) => l.traveller),
        startDate,
        booking.parkFees?.party ?? null,
      ).map((p, i) => ({ ...p, line: own[i]! })),
    );
    const lastDay = days.length ? addDays(startDate, days[days.length - 1]!.day - 1) : startDate;
    // A start at the end of the calendar would run the trip past the last date a database stores.
    if (!isIsoDay(lastDay))
      throw new BadInputError(TRIP_PAST_LAST_DAY, [{ field: 'date', message: TRIP_PAST_LAST_DAY }]);
    const schedules = days.length ? await parkFeeService.rulesBetween(ctx, startDate, lastDay) : [];
    const fees = parkFeesFor({ startDate, itinerary: days, travellers: people.map((p) => p.payer), schedules });
    const feeOf = new Map<string, number>();
    const nameOf = new Map<string, string>();
    for (const s of schedules) for (const a of s.areas) nameOf.set(a.areaCode, a.areaName);
    for (const l of fees.lines) {
      const key = `${l.date}|${l.traveller}`;
      feeOf.set(key, (feeOf.get(key) ?? 0) + l.totalCents);
      nameOf.set(l.areaCode, l.areaName);
    }
    const unpriced = new Set(fees.unpriced.map((u) => u.date));
    const dates = days.map((d) => addDays(startDate, d.day - 1));
    const travellers = people.map(({ payer, assumed, line }, i): PermitTraveller => {
      const feesCents = dates.map((date) => feeOf.get(`${date}|${i}`) ?? 0);
      return {
        bookingId: line.booking.id,
        bookingReference: line.booking.paymentReference,
        position: line.position,
        fullName: line.traveller?.fullName ?? null,
        nationality: line.traveller?.nationality ?? null,
        residency: payer.residency,
        passportNumber: line.traveller?.passportNumber ?? null,
        assumed,
        ageBands: dates.map((date) => ageBandOn(payer, date)),
        feesCents,
        totalCents: feesCents.reduce((sum, c) => sum + c, 0),
      };
    });
    const permitDays = days.map((d, j): PermitDay => ({
      date: dates[j]!,
      areaCode: d.areaCode,
      areaName: nameOf.get(d.areaCode) ?? d.areaCode,
      priced: !unpriced.has(dates[j]!),
      totalCents: travellers.reduce((sum, t) => sum + t.feesCents[j]!, 0),
    }));
    const areas = new Map<string, { areaCode: string; areaName: string; totalCents: number }>();
    for (const d of permitDays) {
      const area = areas.get(d.areaCode) ?? { areaCode: d.areaCode, areaName: d.areaName, totalCents: 0 };
      area.totalCents += d.totalCents;
      areas.set(d.areaCode, area);
    }
    return {
      tourId,
      tourTitle: tour.title,
      startDate,
      areas: [...areas.values()],
      days: permitDays,
      travellers,
      totalCents: fees.totalCents,
      assumedCount: travellers.filter((t) => t.assumed).length,
    };
  },
};

function byBooking(lines: readonly ManifestLine[]): { booking: Booking; lines: ManifestLine[] }[] {
  const groups = new Map<number, { booking: Booking; lines: ManifestLine[] }>();
  for (const l of lines) {
    const g = groups.get(l.booking.id) ?? { booking: l.booking, lines: [] };
    g.lines.push(l);
    groups.set(l.booking.id, g);
  }
  return [...groups.values()];
}
