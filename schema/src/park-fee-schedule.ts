import { isIsoDay } from './booking.js';
import {
  FEE_CURRENCIES,
  OVERNIGHT_KINDS,
  PARK_AREA_CODE,
  feeInUsdCents,
  type FeeTable,
  type ParkFeeSchedule,
} from './park-fees.js';
import { formatUsd, groupThousands } from './pricing.js';
import { NAME_MAX, hasControlCharacters, isCalendarDay } from './validation.js';

// The rules a park fee schedule meets before it is saved: the admin's form and the server apply them alike.

/** Bounds of a schedule: peak season ranges and protected areas. */
export const PEAK_SEASONS_MAX = 6;
export const PARK_AREAS_MAX = 30;
/** Most schedules kept: a dozen years of July changes with corrections. */
export const PARK_FEE_SCHEDULES_MAX = 50;

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day of the year written MM-DD; 02-29 counts, as peak seasons recur in leap years too. */
function isMonthDay(text: string): boolean {
  const m = MONTH_DAY.exec(text);
  return !!m && isCalendarDay(2000, Number(m[1]), Number(m[2]));
}

/**
 * Bounds of the shillings a US dollar buys: wide of every rate the shilling has had, so that a rate
 * entered the wrong way round (dollars per shilling) or with stray digits is refused rather than
 * turning shilling fees into nothing or into fortunes.
 */
export const TZS_PER_USD_MIN = 100;
export const TZS_PER_USD_MAX = 100_000;

/**
 * The most one fee may be, in US cents: $10,000 a visitor, far above any park's fee (the dearest
 * permits in East Africa cost a fraction of it), so that a fee entered with stray digits is refused
 * here rather than priced into the bookings of its days. A shilling fee is held to it at the
 * schedule's exchange rate.
 */
export const PARK_FEE_MAX_CENTS = 1_000_000;

/** The problem of a name in a schedule (its own or an area's), or null: a name is one line of at most NAME_MAX characters. */
function nameProblem(name: string, what: string): string | null {
  if (hasControlCharacters(name)) return `The ${what} must not contain control characters`;
  if (name.length > NAME_MAX) return `The ${what} must be at most ${NAME_MAX} characters`;
  return null;
}

const FEE_TOO_LARGE = `A fee is at most ${formatUsd(PARK_FEE_MAX_CENTS / 100, 0)} a visitor (a shilling fee at the schedule's exchange rate)`;

/** The problems of a fee schedule as an admin enters it, one per field; empty when it can be saved. */
export function parkFeeScheduleProblems(schedule: ParkFeeSchedule): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const name = schedule.name.trim() ? nameProblem(schedule.name, 'schedule name') : 'Please give the schedule a name';
  if (name) add('name', name);
  if (!isIsoDay(schedule.validFrom)) add('validFrom', 'Please enter the first day the fees apply');
  if (!isIsoDay(schedule.validTo)) add('validTo', 'Please enter the last day the fees apply');
  else if (isIsoDay(schedule.validFrom) && schedule.validTo < schedule.validFrom)
    add('validTo', 'The last day must not be before the first day');
  if (!(schedule.vatPercent >= 0 && schedule.vatPercent <= 100)) add('vatPercent', 'VAT must be between 0 and 100%');
  // A shilling fee is measured against the bound at the rate only when the rate itself is sound.
  const rateValid = schedule.tzsPerUsd >= TZS_PER_USD_MIN && schedule.tzsPerUsd <= TZS_PER_USD_MAX;
  if (!rateValid)
    add(
      'tzsPerUsd',
      `The exchange rate must be between ${TZS_PER_USD_MIN} and ${groupThousands(String(TZS_PER_USD_MAX))} shillings per dollar`,
    );
  if (schedule.peakSeasons.length > PEAK_SEASONS_MAX)
    add('peakSeasons', `At most ${PEAK_SEASONS_MAX} peak season ranges`);
  if (schedule.areas.length > PARK_AREAS_MAX) add('areas', `At most ${PARK_AREAS_MAX} protected areas in a schedule`);
  schedule.peakSeasons.forEach((s, i) => {
    const bad = [s.from, s.to].find((md) => !isMonthDay(md));
    if (bad !== undefined)
      add(
        `peakSeasons.${i}`,
        MONTH_DAY.test(bad)
          ? `${bad} is not a day of the year (MM-DD)`
          : 'A season runs from a month and day to a month and day (MM-DD)',
      );
  });
  const codes = new Set<string>();
  schedule.areas.forEach((area, i) => {
    if (!PARK_AREA_CODE.test(area.areaCode))
      add(`areas.${i}.areaCode`, 'An area code is 2 to 40 capital letters, digits or underscores');
    else if (codes.has(area.areaCode)) add(`areas.${i}.areaCode`, `The area ${area.areaCode} is listed twice`);
    codes.add(area.areaCode);
    const areaName = area.areaName.trim() ? nameProblem(area.areaName, 'area name') : 'Please give the area a name';
    if (areaName) add(`areas.${i}.areaName`, areaName);
    const tables: [string, FeeTable | undefined][] = [
      ['entry.peak', area.entry.peak],
      ['entry.low', area.entry.low],
      ['perVisit', area.perVisit],
      ...OVERNIGHT_KINDS.map((k): [string, FeeTable | undefined] => [`overnight.${k}`, area.overnight?.[k]]),
    ];
    for (const [name, table] of tables) {
      for (const [residency, bands] of Object.entries(table ?? {})) {
        for (const [band, fee] of Object.entries(bands ?? {})) {
          const field = `areas.${i}.${name}.${residency}.${band}`;
          if (!fee || !Number.isInteger(fee.amount) || fee.amount < 0 || !FEE_CURRENCIES.includes(fee.currency))
            add(field, 'A fee is a whole number of cents (USD) or shillings (TZS), 0 or more');
          else if ((fee.currency === 'USD' || rateValid) && feeInUsdCents(fee, schedule.tzsPerUsd) > PARK_FEE_MAX_CENTS)
            add(field, FEE_TOO_LARGE);
        }
      }
    }
  });
  return problems;
}
