import { addDays } from './pricing.js';

/**
 * Park and conservation fees: what Tanzania's protected areas (TANAPA's national parks, the
 * Ngorongoro Conservation Area) charge each visitor, paid on to them by the operator. A fee depends
 * on who the visitor is (residency category and age band on the day), the season, and what the day
 * holds (24 hours in the area, a night inside it). Schedules change every July, so each has a
 * validity period and a day is priced at the schedule valid on that day, even in the middle of a trip.
 */

export const RESIDENCY_CATEGORIES = ['NON_RESIDENT', 'TANZANIA_RESIDENT', 'EAST_AFRICAN_CITIZEN'] as const;
export type Residency = (typeof RESIDENCY_CATEGORIES)[number];
export const RESIDENCY_LABELS: Record<Residency, string> = {
  NON_RESIDENT: 'Non-resident',
  TANZANIA_RESIDENT: 'Tanzania resident',
  EAST_AFRICAN_CITIZEN: 'East African citizen',
};

export const AGE_BANDS = ['ADULT', 'CHILD', 'INFANT'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Parks charge the adult fee from the 16th birthday, the child fee from the 5th; infants enter free. */
export const ADULT_FROM_AGE = 16;
export const CHILD_FROM_AGE = 5;
export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  ADULT: 'Adult (16 and over)',
  CHILD: 'Child (5–15)',
  INFANT: 'Infant (under 5)',
};

export const FEE_CURRENCIES = ['USD', 'TZS'] as const;
export type FeeCurrency = (typeof FEE_CURRENCIES)[number];

/**
 * A fee in its own currency's smallest unit: US cents, or whole Tanzanian shillings (the shilling
 * has no coins in use below 1).
 */
export interface FeeAmount {
  amount: number;
  currency: FeeCurrency;
}

/** Fees by residency category and age band; a missing entry is no fee. Infants are always free. */
export type FeeTable = Partial<Record<Residency, Partial<Record<Exclude<AgeBand, 'INFANT'>, FeeAmount>>>>;

/** What a night inside an area costs on top of its 24-hour fee: a lodge's concession, a campsite, a mountain hut. */
export const OVERNIGHT_KINDS = ['CONCESSION', 'CAMPING', 'HUT'] as const;
/** A protected area's code: 2 to 40 capital letters, digits or underscores, e.g. SERENGETI_NP. */
export const PARK_AREA_CODE = /^[A-Z][A-Z0-9_]{1,39}$/;
export type OvernightKind = (typeof OVERNIGHT_KINDS)[number];

export interface AreaFees {
  /** Stable code of the protected area, e.g. SERENGETI_NP. */
  areaCode: string;
  areaName: string;
  /** Per visitor per 24 hours in the area, in peak and in low season. */
  entry: { peak: FeeTable; low: FeeTable };
  /** Per visitor per night inside the area, by kind of night; a kind not listed is free. */
  overnight?: Partial<Record<OvernightKind, FeeTable>>;
  /** Per visitor once per visit (Kilimanjaro's rescue fee). */
  perVisit?: FeeTable;
}

/** A recurring stretch of the year in month-day form (MM-DD, inclusive); it may run over New Year. */
export interface SeasonRange {
  from: string;
  to: string;
}

export interface ParkFeeSchedule {
  id?: string;
  name: string;
  /** First and last day (YYYY-MM-DD, inclusive) the schedule's fees apply. */
  validFrom: string;
  validTo: string;
  /** Peak season; every other day is low season. */
  peakSeasons: SeasonRange[];
  /** VAT added to every fee, in percent (Tanzania: 18). */
  vatPercent: number;
  /** Shillings per US dollar, to state shilling fees in the booking's dollars. */
  tzsPerUsd: number;
  areas: AreaFees[];
}

/** One day of a tour's itinerary, as far as the parks are concerned. */
export interface ParkDay {
  /** 1 for the first day of the trip. */
  day: number;
  /** The protected area the day is spent in; null for a day outside any (a town, a beach). */
  areaCode: string | null;
  /** The night after this day, when spent inside the area; null when it is spent outside. */
  overnight?: OvernightKind | null;
}

/** A traveller as the fees see them: a date of birth, or only an age band when pricing a party ahead. */
export interface FeePayer {
  residency: Residency;
  dateOfBirth?: string | null;
  ageBand?: AgeBand;
}

export type ParkFeeKind = 'ENTRY' | OvernightKind | 'VISIT';

export interface ParkFeeLine {
  date: string;
  areaCode: string;
  areaName: string;
  /** Index of the traveller in the party given. */
  traveller: number;
  residency: Residency;
  ageBand: AgeBand;
  season: 'PEAK' | 'LOW';
  kind: ParkFeeKind;
  /** The fee as the park states it, in its currency's smallest unit. */
  fee: FeeAmount;
  netCents: number;
  vatCents: number;
  totalCents: number;
  scheduleName: string;
}

export interface ParkFeeQuote {
  lines: ParkFeeLine[];
  byArea: { areaCode: string; areaName: string; totalCents: number }[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** Days spent in an area that no schedule prices (fees not yet published, or the area unknown). */
  unpriced: { date: string; areaCode: string }[];
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** Whole years of age on a day (a birthday on 29 February counts from 1 March in other years). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** The age band a park charges on a day: from a date of birth when known, else the band given. */
export function ageBandOn(payer: FeePayer, day: string): AgeBand {
  if (!payer.dateOfBirth) return payer.ageBand ?? 'ADULT';
  const age = ageOn(payer.dateOfBirth, day);
  return age >= ADULT_FROM_AGE ? 'ADULT' : age >= CHILD_FROM_AGE ? 'CHILD' : 'INFANT';
}

/** Whether a day falls in one of the schedule's peak seasons (ranges may wrap over New Year). */
export function isPeakDay(schedule: Pick<ParkFeeSchedule, 'peakSeasons'>, day: string): boolean {
  const md = day.slice(5);
  return schedule.peakSeasons.some((s) => (s.from <= s.to ? md >= s.from && md <= s.to : md >= s.from || md <= s.to));
}

/** The schedule valid on a day; the one starting latest wins when two overlap (a correction). */
export function scheduleOn<S extends Pick<ParkFeeSchedule, 'validFrom' | 'validTo'>>(
  schedules: readonly S[],
  day: string,
): S | null {
  let best: S | null = null;
  for (const s of schedules) {
    if (s.validFrom <= day && day <= s.validTo && (!best || s.validFrom > best.validFrom)) best = s;
  }
  return best;
}

/** A fee in US cents: shilling fees at the schedule's rate, rounded to the cent. */
export function feeInUsdCents(fee: FeeAmount, tzsPerUsd: number): number {
  return fee.currency === 'USD' ? fee.amount : Math.round((fee.amount * 100) / tzsPerUsd);
}

function feeFor(table: FeeTable | undefined, residency: Residency, band: AgeBand): FeeAmount | null {
  if (!table || band === 'INFANT') return null;
  const fee = table[residency]?.[band];
  return fee && fee.amount > 0 ? fee : null;
}

/**
 * The park fees of a trip, per traveller, per day, per area, at the fees valid on each day: the
 * 24-hour fee of each day spent in an area (peak or low season), the fee of each night spent
 * inside it, and once per visit the fees charged per visit; VAT on each fee, rounded to the cent
 * per line so the lines add up to the total. A day in an area no schedule covers is listed as
 * unpriced rather than priced at zero.
 */
export function parkFeesFor(input: {
  startDate: string;
  itinerary: readonly ParkDay[];
  travellers: readonly FeePayer[];
  schedules: readonly ParkFeeSchedule[];
}): ParkFeeQuote {
  const lines: ParkFeeLine[] = [];
  const unpriced: { date: string; areaCode: string }[] = [];
  const days = [...input.itinerary].sort((a, b) => a.day - b.day);
  let previousArea: string | null = null;
  for (const day of days) {
    const date = addDays(input.startDate, day.day - 1);
    const areaCode = day.areaCode;
    // A visit is a run of consecutive days in one area.
    const newVisit = areaCode !== null && areaCode !== previousArea;
    previousArea = areaCode;
    if (!areaCode) continue;
    const schedule = scheduleOn(input.schedules, date);
    const area = schedule?.areas.find((a) => a.areaCode === areaCode);
    if (!schedule || !area) {
      unpriced.push({ date, areaCode });
      continue;
    }
    const season = isPeakDay(schedule, date) ? 'PEAK' : 'LOW';
    const charges: { kind: ParkFeeKind; table: FeeTable | undefined }[] = [
      { kind: 'ENTRY', table: season === 'PEAK' ? area.entry.peak : area.entry.low },
    ];
    if (day.overnight) charges.push({ kind: day.overnight, table: area.overnight?.[day.overnight] });
    if (newVisit) charges.push({ kind: 'VISIT', table: area.perVisit });
    input.travellers.forEach((payer, traveller) => {
      const ageBand = ageBandOn(payer, date);
      for (const { kind, table } of charges) {
        const fee = feeFor(table, payer.residency, ageBand);
        if (!fee) continue;
        const netCents = feeInUsdCents(fee, schedule.tzsPerUsd);
        const vatCents = percentOf(netCents, schedule.vatPercent);
        lines.push({
          date,
          areaCode,
          areaName: area.areaName,
          traveller,
          residency: payer.residency,
          ageBand,
          season,
          kind,
          fee,
          netCents,
          vatCents,
          totalCents: netCents + vatCents,
          scheduleName: schedule.name,
        });
      }
    });
  }
  const byArea = new Map<string, { areaCode: string; areaName: string; totalCents: number }>();
  for (const l of lines) {
    const a = byArea.get(l.areaCode) ?? { areaCode: l.areaCode, areaName: l.areaName, totalCents: 0 };
    a.totalCents += l.totalCents;
    byArea.set(l.areaCode, a);
  }
  const sum = (pick: (l: ParkFeeLine) => number) => lines.reduce((t, l) => t + pick(l), 0);
  return {
    lines,
    byArea: [...byArea.values()],
    netCents: sum((l) => l.netCents),
    vatCents: sum((l) => l.vatCents),
    totalCents: sum((l) => l.totalCents),
    unpriced,
  };
}

/** A party given as counts, as a partner prices one before knowing names and birthdays. */
export type PartyCounts = Partial<Record<Residency, Partial<Record<AgeBand, number>>>>;

/** The fee payers of a party given as counts (each with an age band, no date of birth). */
export function payersOfParty(party: PartyCounts): FeePayer[] {
  const payers: FeePayer[] = [];
  for (const residency of RESIDENCY_CATEGORIES) {
    for (const ageBand of AGE_BANDS) {
      const n = party[residency]?.[ageBand] ?? 0;
      for (let i = 0; i < n; i++) payers.push({ residency, ageBand });
    }
  }
  return payers;
}

/** The kinds of fee an area's schedule lists, as a flat table (one row per kind, residency and age band). */
export const FEE_ROW_KINDS = ['ENTRY_PEAK', 'ENTRY_LOW', ...OVERNIGHT_KINDS, 'VISIT'] as const;
export type FeeRowKind = (typeof FEE_ROW_KINDS)[number];
/** An area lists at most one fee per kind, residency category and charged age band. */
export const FEE_ROWS_MAX = FEE_ROW_KINDS.length * RESIDENCY_CATEGORIES.length * 2;

/** One fee of an area as the APIs and the admin's table show it. */
export interface FeeRow extends FeeAmount {
  kind: FeeRowKind;
  residency: Residency;
  ageBand: Exclude<AgeBand, 'INFANT'>;
}

function tableOf(area: AreaFees, kind: FeeRowKind): FeeTable | undefined {
  if (kind === 'ENTRY_PEAK') return area.entry.peak;
  if (kind === 'ENTRY_LOW') return area.entry.low;
  if (kind === 'VISIT') return area.perVisit;
  return area.overnight?.[kind];
}

/** An area's fees as flat rows, in a stable order (kind, residency, age band). */
export function feeRowsOf(area: AreaFees): FeeRow[] {
  const rows: FeeRow[] = [];
  for (const kind of FEE_ROW_KINDS) {
    const table = tableOf(area, kind);
    for (const residency of RESIDENCY_CATEGORIES) {
      for (const ageBand of ['ADULT', 'CHILD'] as const) {
        const fee = table?.[residency]?.[ageBand];
        if (fee) rows.push({ kind, residency, ageBand, amount: fee.amount, currency: fee.currency });
      }
    }
  }
  return rows;
}

/** An area's fees from flat rows; a later row for the same kind, residency and age band replaces an earlier one. */
export function areaFeesOf(areaCode: string, areaName: string, rows: readonly FeeRow[]): AreaFees {
  const area: AreaFees = { areaCode, areaName, entry: { peak: {}, low: {} } };
  for (const row of rows) {
    let table = tableOf(area, row.kind);
    if (!table) {
      table = {};
      if (row.kind === 'VISIT') area.perVisit = table;
      else if (row.kind !== 'ENTRY_PEAK' && row.kind !== 'ENTRY_LOW') (area.overnight ??= {})[row.kind] = table;
    }
    (table[row.residency] ??= {})[row.ageBand] = { amount: row.amount, currency: row.currency };
  }
  return area;
}

/** Equal charges of a trip grouped: one line per area, kind, season, residency, age band and fee. */
export interface ParkFeeItem {
  areaCode: string;
  areaName: string;
  kind: ParkFeeKind;
  season: 'PEAK' | 'LOW';
  residency: Residency;
  ageBand: AgeBand;
  /** How many times it is charged (travellers × days or nights). */
  count: number;
  /** One charge with VAT, in US cents. */
  unitCents: number;
  totalCents: number;
}

/** The lines of a park fee quote grouped for display, in the order they first occur. */
export function parkFeeItems(lines: readonly ParkFeeLine[]): ParkFeeItem[] {
  const items = new Map<string, ParkFeeItem>();
  for (const l of lines) {
    const key = [l.areaCode, l.kind, l.season, l.residency, l.ageBand, l.totalCents].join('|');
    const item = items.get(key);
    if (item) {
      item.count += 1;
      item.totalCents += l.totalCents;
    } else {
      items.set(key, {
        areaCode: l.areaCode,
        areaName: l.areaName,
        kind: l.kind,
        season: l.season,
        residency: l.residency,
        ageBand: l.ageBand,
        count: 1,
        unitCents: l.totalCents,
        totalCents: l.totalCents,
      });
    }
  }
  return [...items.values()];
}

/** The problems of a party given as counts for a booking of `numberOfPeople`. */
export function partyProblems(party: PartyCounts, numberOfPeople: number): { field: string; message: string }[] {
  let total = 0;
  for (const bands of Object.values(party)) {
    for (const n of Object.values(bands ?? {})) {
      if (!Number.isInteger(n) || (n as number) < 0)
        return [{ field: 'party', message: 'Each count in the party must be a whole number, 0 or more' }];
      total += n as number;
    }
  }
  return total === numberOfPeople
    ? []
    : [{ field: 'party', message: `The party counts ${total} people; the booking is for ${numberOfPeople}` }];
}
