import {
  areaFeesOf,
  parkFeeScheduleProblems,
  type FeeCurrency,
  type FeeRow,
  type FeeRowKind,
  type Residency,
} from '@tembea/schema';
import type { ParkFeeScheduleFieldsFragment, ParkFeeScheduleInput } from '../../../../gql/admin/graphql';
import { centsAsInput, parseDollars } from '../../../../lib/money';

/** One fee as the table's inputs hold it: the amount as typed, in dollars or in shillings. */
export interface FeeRowForm {
  key: string;
  kind: FeeRowKind;
  residency: Residency;
  ageBand: 'ADULT' | 'CHILD';
  amount: string;
  currency: FeeCurrency;
}

export interface AreaForm {
  key: string;
  areaCode: string;
  areaName: string;
  fees: FeeRowForm[];
}

export interface SeasonForm {
  key: string;
  from: string;
  to: string;
}

/** A schedule as the editor holds it: numbers as their input text, so a field can be empty while typing. */
export interface ScheduleForm {
  /** The schedule being replaced; null for a new one (a copy included). */
  id: string | null;
  name: string;
  validFrom: string;
  validTo: string;
  vatPercent: string;
  tzsPerUsd: string;
  peakSeasons: SeasonForm[];
  areas: AreaForm[];
}

/** Problems by the editor's field keys: name, validFrom, …, peakSeasons.0, areas.1.areaCode, areas.1.fees.3. */
export type ScheduleErrors = Record<string, string>;

let nextKey = 0;
/** A fresh key for a row of the editor, so React keeps rows apart while they are added and removed. */
export const formKey = () => `pf-${++nextKey}`;

/** A seeded schedule is named as sample figures; the screens keep saying so. */
export const isSampleSchedule = (name: string) => /^\s*sample\b/i.test(name);

/** A fee as the admin types it: US cents as dollars ("70.00"), shillings whole ("10000"). */
export function amountAsInput(amount: number, currency: FeeCurrency): string {
  return currency === 'USD' ? centsAsInput(amount) : String(amount);
}

/**
 * A typed fee in the unit the API takes: dollars to whole cents, shillings as whole shillings
 * (thousands separators allowed); null when it is neither.
 */
export function parseAmount(text: string, currency: FeeCurrency): number | null {
  if (currency === 'USD') return parseDollars(text);
  const t = text
    .trim()
    .replace(/^TSh\s*/i, '')
    .replace(/[,\s]/g, '');
  return /^\d{1,12}$/.test(t) ? Number(t) : null;
}

export const newFeeRow = (over: Partial<FeeRowForm> = {}): FeeRowForm => ({
  key: formKey(),
  kind: 'ENTRY_PEAK',
  residency: 'NON_RESIDENT',
  ageBand: 'ADULT',
  amount: '',
  currency: 'USD',
  ...over,
});

export const newArea = (): AreaForm => ({ key: formKey(), areaCode: '', areaName: '', fees: [newFeeRow()] });

/** A schedule to fill in from nothing: Tanzania's VAT, one area to start from. */
export function emptyScheduleForm(): ScheduleForm {
  return {
    id: null,
    name: '',
    validFrom: '',
    validTo: '',
    vatPercent: '18',
    tzsPerUsd: '',
    peakSeasons: [],
    areas: [newArea()],
  };
}

/** A saved schedule in the editor. */
export function scheduleToForm(s: ParkFeeScheduleFieldsFragment): ScheduleForm {
  return {
    id: s.id,
    name: s.name,
    validFrom: s.validFrom,
    validTo: s.validTo,
    vatPercent: String(s.vatPercent),
    tzsPerUsd: String(s.tzsPerUsd),
    peakSeasons: s.peakSeasons.map((p) => ({ key: formKey(), from: p.from, to: p.to })),
    areas: s.areas.map((a) => ({
      key: formKey(),
      areaCode: a.areaCode,
      areaName: a.areaName,
      fees: a.fees.map((f) =>
        newFeeRow({
          kind: f.kind,
          residency: f.residency,
          ageBand: f.ageBand,
          amount: amountAsInput(f.amount, f.currency),
          currency: f.currency,
        }),
      ),
    })),
  };
}

const nextYearDay = (day: string) => {
  const [y, md] = [Number(day.slice(0, 4)), day.slice(4)];
  // 29 February has no twin in the next year: the season then starts on 1 March.
  return md === '-02-29' ? `${y + 1}-03-01` : `${y + 1}${md}`;
};

/** A schedule's name a year on: "2026/27" becomes "2027/28", "2026" becomes "2027". */
export function nextSeasonName(name: string): string {
  const bumped = name.replace(/\b(\d{4})\/(\d{2})\b/g, (_, y: string, yy: string) => {
    return `${Number(y) + 1}/${String((Number(yy) + 1) % 100).padStart(2, '0')}`;
  });
  if (bumped !== name) return bumped;
  const years = name.replace(/\b(19|20)(\d{2})\b/g, (y: string) => String(Number(y) + 1));
  return years !== name ? years : `${name} (next season)`;
}

/**
 * A new schedule for the same days a year on, with the same fees to change where the parks'
 * new tariff differs (parks publish next July's fees ahead of time).
 */
export function copyAsNextSeason(s: ParkFeeScheduleFieldsFragment): ScheduleForm {
  return {
    ...scheduleToForm(s),
    id: null,
    name: nextSeasonName(s.name),
    validFrom: nextYearDay(s.validFrom),
    validTo: nextYearDay(s.validTo),
  };
}

const TABLE_KINDS: Record<string, FeeRowKind> = {
  'entry.peak': 'ENTRY_PEAK',
  'entry.low': 'ENTRY_LOW',
  perVisit: 'VISIT',
  'overnight.CONCESSION': 'CONCESSION',
  'overnight.CAMPING': 'CAMPING',
  'overnight.HUT': 'HUT',
};

/**
 * The editor's field key of a problem the shared rule (or the server, by the same rule) names:
 * a fee is named there by its table, residency and age band, here by its row in the area's table.
 */
export function fieldKeyOf(field: string, form: ScheduleForm): string {
  const m = /^(?:input\.)?areas\.(\d+)\.(entry\.peak|entry\.low|perVisit|overnight\.[A-Z]+)\.([A-Z_]+)\.([A-Z]+)$/.exec(
    field,
  );
  if (!m) return field.replace(/^input\./, '');
  const [, i, table, residency, band] = m;
  const kind = TABLE_KINDS[table!];
  const row = form.areas[Number(i)]?.fees.findIndex(
    (f) => f.kind === kind && f.residency === residency && f.ageBand === band,
  );
  return row !== undefined && row >= 0 ? `areas.${i}.fees.${row}` : `areas.${i}`;
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * The schedule to send, checked by the same rule the server applies, plus what only the form can
 * get wrong (an amount that is not money, one fee entered twice). Amounts go out as US cents or
 * whole shillings. Input is null while there is any problem.
 */
export function scheduleInput(form: ScheduleForm): { input: ParkFeeScheduleInput | null; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  const areas = form.areas.map((area, i) => {
    const seen = new Set<string>();
    const fees: FeeRow[] = [];
    area.fees.forEach((f, j) => {
      const key = `areas.${i}.fees.${j}`;
      const amount = parseAmount(f.amount, f.currency);
      const which = `${f.kind}|${f.residency}|${f.ageBand}`;
      if (amount === null)
        errors[key] =
          f.currency === 'USD'
            ? 'Enter the fee in US dollars, e.g. 70 or 70.50'
            : 'Enter the fee in whole shillings, e.g. 10000';
      else if (seen.has(which)) errors[key] = 'This fee is listed twice for the area';
      else fees.push({ kind: f.kind, residency: f.residency, ageBand: f.ageBand, amount, currency: f.currency });
      seen.add(which);
    });
    return { areaCode: area.areaCode.trim().toUpperCase(), areaName: area.areaName.trim(), fees };
  });
  const common = {
    name: form.name.trim(),
    validFrom: form.validFrom.trim(),
    validTo: form.validTo.trim(),
    peakSeasons: form.peakSeasons.map((s) => ({ from: s.from.trim(), to: s.to.trim() })),
    vatPercent: number(form.vatPercent),
    tzsPerUsd: number(form.tzsPerUsd),
  };
  const problems = parkFeeScheduleProblems({
    ...common,
    areas: areas.map((a) => areaFeesOf(a.areaCode, a.areaName, a.fees)),
  });
  for (const p of problems) {
    const key = fieldKeyOf(p.field, form);
    errors[key] ??= p.message;
  }
  if (Object.keys(errors).length) return { input: null, errors };
  return { input: { ...(form.id ? { id: form.id } : {}), ...common, areas }, errors };
}
