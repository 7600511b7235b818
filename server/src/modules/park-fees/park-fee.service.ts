import {
  addDays,
  areaFeesOf,
  feeRowsOf,
  isIsoDay,
  parkFeeItems,
  parkFeeScheduleProblems,
  parkFeesFor,
  partyProblems,
  payersOfParty,
  PARK_FEE_SCHEDULES_MAX,
  type FeeRow,
  type OvernightKind,
  type ParkDay,
  type ParkFeeQuote,
  type ParkFeeItem,
  type PartyCounts,
  type ParkFeeSchedule as ScheduleRules,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError, throwIfInvalid } from '../../common/errors.js';
import { requireAdmin } from '../../common/guards.js';
import { parseId, requireId } from '../../common/ids.js';
import { queryRows, sql } from '../../common/sql.js';
import { User } from '../users/user.entity.js';
import { ParkFeeSchedule } from './park-fee-schedule.entity.js';

/** A schedule as the APIs show it: each area's fees as flat rows. */
export interface ParkFeeScheduleView {
  id: string;
  name: string;
  validFrom: string;
  validTo: string;
  peakSeasons: { from: string; to: string }[];
  vatPercent: number;
  tzsPerUsd: number;
  areas: { areaCode: string; areaName: string; fees: FeeRow[] }[];
  updatedAt: Date;
}

/** A schedule as an admin sends it. */
export interface ParkFeeScheduleDraft {
  id?: string | null;
  name: string;
  validFrom: string;
  validTo: string;
  peakSeasons: { from: string; to: string }[];
  vatPercent: number;
  tzsPerUsd: number;
  areas: { areaCode: string; areaName: string; fees: FeeRow[] }[];
}

function toView(s: ParkFeeSchedule): ParkFeeScheduleView {
  return {
    id: String(s.id),
    name: s.name,
    validFrom: s.validFrom,
    validTo: s.validTo,
    peakSeasons: s.fees.peakSeasons,
    vatPercent: s.fees.vatPercent,
    tzsPerUsd: s.fees.tzsPerUsd,
    areas: s.fees.areas.map((a) => ({ areaCode: a.areaCode, areaName: a.areaName, fees: feeRowsOf(a) })),
    updatedAt: s.updatedAt,
  };
}

/** The schedule in the form the pricing rule reads. */
export function rulesOf(s: Pick<ParkFeeSchedule, 'id' | 'name' | 'validFrom' | 'validTo' | 'fees'>): ScheduleRules {
  return { id: String(s.id), name: s.name, validFrom: s.validFrom, validTo: s.validTo, ...s.fees };
}

function rulesOfDraft(d: ParkFeeScheduleDraft): ScheduleRules {
  return {
    name: d.name.trim(),
    validFrom: d.validFrom.trim(),
    validTo: d.validTo.trim(),
    peakSeasons: d.peakSeasons.map((s) => ({ from: s.from.trim(), to: s.to.trim() })),
    vatPercent: d.vatPercent,
    tzsPerUsd: d.tzsPerUsd,
    areas: d.areas.map((a) => areaFeesOf(a.areaCode.trim().toUpperCase(), a.areaName.trim(), a.fees)),
  };
}

/** The park fees of a trip as a quote shows them. */
export interface TripParkFees {
  partyAssumed: boolean;
  netCents: number;
  vatCents: number;
  totalCents: number;
  areas: { areaCode: string; areaName: string; totalCents: number }[];
  items: ParkFeeItem[];
  unpricedDays: { date: string; areaCode: string }[];
}

/**
 * The days of an itinerary as the fee rule reads them, the days outside any area kept (they end a
 * visit); empty when no day is spent in a protected area (no park fees).
 */
export function parkDaysOf(
  itinerary: readonly { day: number; parkArea?: string | null; overnight?: OvernightKind | null }[],
): ParkDay[] {
  const days = itinerary.map((d) => ({ day: d.day, areaCode: d.parkArea ?? null, overnight: d.overnight ?? null }));
  return days.some((d) => d.areaCode) ? days : [];
}

/** A computed park fee quote as the APIs show it. */
export function tripFeesOf(q: ParkFeeQuote, partyAssumed: boolean): TripParkFees {
  return {
    partyAssumed,
    netCents: q.netCents,
    vatCents: q.vatCents,
    totalCents: q.totalCents,
    areas: q.byArea,
    items: parkFeeItems(q.lines),
    unpricedDays: q.unpriced,
  };
}

/** A trip as its park fees depend on it: the first day, the days of the itinerary, and who travels. */
export interface ParkTrip {
  startDate: string;
  itinerary: readonly { day: number; parkArea?: string | null; overnight?: OvernightKind | null }[];
  numberOfPeople: number;
  /** Counts by residency and age band; absent: as many non-resident adults. */
  party?: PartyCounts | null;
}

export const parkFeeService = {
  /**
   * The park fees of a trip starting on `startDate` with this itinerary, for the party given as
   * counts (BAD_USER_INPUT unless it adds up to `numberOfPeople`), else for as many non-resident
   * adults. Null when the itinerary spends no day in a protected area. `schedules`, when given,
   * must cover the trip's days: a caller pricing many trips reads them once for all.
   */
  async forTrip(
    ctx: RequestContext,
    trip: ParkTrip,
    schedules?: readonly ScheduleRules[],
  ): Promise<TripParkFees | null> {
    const days = parkDaysOf(trip.itinerary);
    if (!days.length) return null;
    if (trip.party) throwIfInvalid(partyProblems(trip.party, trip.numberOfPeople), 'first');
    const travellers = trip.party
      ? payersOfParty(trip.party)
      : Array.from({ length: trip.numberOfPeople }, () => ({
          residency: 'NON_RESIDENT' as const,
          ageBand: 'ADULT' as const,
        }));
    const lastDay = addDays(trip.startDate, Math.max(...days.map((d) => d.day)) - 1);
    const q = parkFeesFor({
      startDate: trip.startDate,
      itinerary: days,
      travellers,
      schedules: schedules ?? (await parkFeeService.rulesBetween(ctx, trip.startDate, lastDay)),
    });
    return tripFeesOf(q, !trip.party);
  },

  /** The schedules, latest first day first (at most PARK_FEE_SCHEDULES_MAX). Public: partners price trips with them. */
  async list(ctx: RequestContext): Promise<ParkFeeScheduleView[]> {
    const rows = await ctx.em.find(
      ParkFeeSchedule,
      {},
      { orderBy: { validFrom: 'desc' }, limit: PARK_FEE_SCHEDULES_MAX },
    );
    return rows.map(toView);
  },

  /**
   * One schedule: by id, or the one valid on `activeOn` (YYYY-MM-DD; the latest starting when two
   * overlap, as trips are priced). Null when there is none.
   */
  async one(
    ctx: RequestContext,
    by: { id?: string | null; activeOn?: string | null },
  ): Promise<ParkFeeScheduleView | null> {
    const day = by.activeOn?.trim();
    if ((by.id == null) === !day)
      throw new BadInputError('Give either id or activeOn', [{ field: 'id', message: 'Give either id or activeOn' }]);
    if (by.id != null) {
      const id = parseId(by.id);
      const row = id === null ? null : await ctx.em.findOne(ParkFeeSchedule, { id });
      return row && toView(row);
    }
    throwIfInvalid(
      isIsoDay(day!) ? [] : [{ field: 'activeOn', message: 'activeOn must be a date (YYYY-MM-DD)' }],
      'first',
    );
    const row = await ctx.em.findOne(
      ParkFeeSchedule,
      { validFrom: { $lte: day }, validTo: { $gte: day } },
      { orderBy: { validFrom: 'desc' } },
    );
    return row && toView(row);
  },

  /** The schedules in the form the pricing rule reads, for the days from `from` to `to`. */
  async rulesBetween(ctx: RequestContext, from: string, to: string): Promise<ScheduleRules[]> {
    // Read as plain rows: every booking of a trip with park days prices it with them, and entities
    // would only add hydration and work for the transaction's flush.
    const rows = await queryRows<
      Pick<ParkFeeSchedule, 'id' | 'name' | 'fees'> & { valid_from: string; valid_to: string }
    >(
      ctx.em,
      sql`select id, name, valid_from, valid_to, fees from "park_fee_schedules" where valid_from <= ${to} and valid_to >= ${from}`,
    );
    return rows.map((r) =>
      rulesOf({ id: r.id, name: r.name, validFrom: r.valid_from, validTo: r.valid_to, fees: r.fees }),
    );
  },

  /**
   * Admin: adds a schedule, or replaces one whole when `id` is given. BAD_USER_INPUT names every
   * problem field; CONFLICT when another schedule starts on the same day.
   */
  async save(ctx: RequestContext, draft: ParkFeeScheduleDraft): Promise<ParkFeeScheduleView> {
    const admin = requireAdmin(ctx);
    const id = draft.id == null || draft.id === '' ? null : requireId(draft.id, 'Park fee schedule not found');
    const rules = rulesOfDraft(draft);
    throwIfInvalid(parkFeeScheduleProblems(rules), 'lines');
    const { name, validFrom, validTo, ...fees } = rules;
    const saved = await ctx.transaction(async (tx) => {
      const { em } = tx;
      // Quotes price park fees with the schedules: cached ones are obsolete after the commit.
      tx.catalogueChanged();
      // Serialises saves, so two admins cannot both take the same first day.
      await queryRows(em, sql`lock table park_fee_schedules in share row exclusive mode`);
      const existing = id ? await em.findOne(ParkFeeSchedule, { id }) : null;
      if (id && !existing) throw new NotFoundError('Park fee schedule not found');
      const clash = await em.findOne(ParkFeeSchedule, { validFrom, ...(id ? { id: { $ne: id } } : {}) });
      if (clash) throw new ConflictError(`The schedule '${clash.name}' already starts on ${validFrom}: edit that one`);
      if (!existing && (await em.count(ParkFeeSchedule, {})) >= PARK_FEE_SCHEDULES_MAX)
        throw new ConflictError(`At most ${PARK_FEE_SCHEDULES_MAX} schedules are kept: edit an old one instead`);
      const schedule = existing ?? em.create(ParkFeeSchedule, { name, validFrom, validTo, fees });
      Object.assign(schedule, { name, validFrom, validTo, fees, updatedBy: em.getReference(User, admin.id) });
      await em.flush();
      return schedule;
    });
    return toView(saved);
  },
};
