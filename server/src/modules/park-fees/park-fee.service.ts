import {
  areaFeesOf,
  feeRowsOf,
  isIsoDay,
  parkFeeScheduleProblems,
  PARK_FEE_SCHEDULES_MAX,
  type FeeRow,
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
export function rulesOf(s: ParkFeeSchedule): ScheduleRules {
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

export const parkFeeService = {
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
    const rows = await ctx.em.find(ParkFeeSchedule, { validFrom: { $lte: to }, validTo: { $gte: from } });
    return rows.map(rulesOf);
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
    const saved = await ctx.transaction(async ({ em }) => {
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
