import {
  addDays,
  ageBandOn,
  parkFeesFor,
  permitPayers,
  type AgeBand,
  type PartyCounts,
  type Residency,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { NotFoundError } from '../../common/errors.js';
import { Booking } from '../bookings/booking.entity.js';
import { bookingService } from '../bookings/booking.service.js';
import { parkFeeService } from '../park-fees/park-fee.service.js';
import { Tour } from '../tours/tour.entity.js';
import { leadOnly, travellerService, type TravellerView } from './traveller.service.js';

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

/** One person at a park gate on one day, with the fees charged for them there that day. */
export interface PermitTraveller {
  bookingId: number;
  bookingReference: string;
  position: number;
  /** Null while the booking has not named this person. */
  fullName: string | null;
  nationality: string | null;
  residency: Residency;
  ageBand: AgeBand;
  passportNumber: string | null;
  /** The residency or age band was assumed, for want of details: the fee may change. */
  assumed: boolean;
  /** With VAT, in US cents. */
  feeCents: number;
}

export interface PermitDay {
  date: string;
  /** False when no fee schedule covers the area on that day (fees not yet published). */
  priced: boolean;
  travellers: PermitTraveller[];
  totalCents: number;
}

export interface PermitArea {
  areaCode: string;
  areaName: string;
  days: PermitDay[];
  totalCents: number;
}

export interface PermitList {
  tourId: number;
  tourTitle: string;
  startDate: string;
  areas: PermitArea[];
  totalCents: number;
  travellerCount: number;
  assumedCount: number;
}

/**
 * The party a booking was quoted for, when the booking kept one; without it the people not yet
 * described are priced as non-resident adults.
 */
function quotedPartyOf(_booking: Booking): PartyCounts | null {
  return null;
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
   * fees charged for them, at the fees valid on that day. People not yet described are priced by
   * what the booking was quoted for, else as non-resident adults, and marked assumed.
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
        quotedPartyOf(booking),
      ).map((p, i) => ({ ...p, line: own[i]! })),
    );
    const list: PermitList = {
      tourId,
      tourTitle: tour.title,
      startDate,
      areas: [],
      totalCents: 0,
      travellerCount: people.length,
      assumedCount: people.filter((p) => p.assumed).length,
    };
    if (!days.length) return list;
    const lastDay = addDays(startDate, days[days.length - 1]!.day - 1);
    const schedules = await parkFeeService.rulesBetween(ctx, startDate, lastDay);
    const fees = parkFeesFor({ startDate, itinerary: days, travellers: people.map((p) => p.payer), schedules });
    const feeOf = new Map<string, number>();
    const nameOf = new Map<string, string>();
    for (const l of fees.lines) {
      const key = `${l.areaCode}|${l.date}|${l.traveller}`;
      feeOf.set(key, (feeOf.get(key) ?? 0) + l.totalCents);
      nameOf.set(l.areaCode, l.areaName);
    }
    for (const s of schedules) for (const a of s.areas) if (!nameOf.has(a.areaCode)) nameOf.set(a.areaCode, a.areaName);
    const unpriced = new Set(fees.unpriced.map((u) => `${u.areaCode}|${u.date}`));
    const areas = new Map<string, PermitArea>();
    for (const d of days) {
      const day = addDays(startDate, d.day - 1);
      const area = areas.get(d.areaCode) ?? {
        areaCode: d.areaCode,
        areaName: nameOf.get(d.areaCode) ?? d.areaCode,
        days: [],
        totalCents: 0,
      };
      areas.set(d.areaCode, area);
      const travellers = people.map(({ payer, assumed, line }, i): PermitTraveller => {
        const t = line.traveller;
        return {
          bookingId: line.booking.id,
          bookingReference: line.booking.paymentReference,
          position: line.position,
          fullName: t?.fullName ?? null,
          nationality: t?.nationality ?? null,
          residency: payer.residency,
          ageBand: ageBandOn(payer, day),
          passportNumber: t?.passportNumber ?? null,
          assumed,
          feeCents: feeOf.get(`${d.areaCode}|${day}|${i}`) ?? 0,
        };
      });
      const totalCents = travellers.reduce((sum, t) => sum + t.feeCents, 0);
      area.days.push({ date: day, priced: !unpriced.has(`${d.areaCode}|${day}`), travellers, totalCents });
      area.totalCents += totalCents;
      list.totalCents += totalCents;
    }
    list.areas = [...areas.values()];
    return list;
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
