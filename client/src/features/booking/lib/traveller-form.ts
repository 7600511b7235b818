import { RESIDENCY_CATEGORIES, travellerProblems, type Residency, type TravellerDetails } from '@tembea/schema';

/** One traveller as typed: every input's text ('' for nothing). */
export interface TravellerFormRow {
  fullName: string;
  dateOfBirth: string;
  nationality: string;
  residency: Residency | '';
  passportNumber: string;
  dietaryNeeds: string;
  notes: string;
}

export type TravellerField = keyof TravellerFormRow;
export const TRAVELLER_FIELDS: readonly TravellerField[] = [
  'fullName',
  'dateOfBirth',
  'nationality',
  'residency',
  'passportNumber',
  'dietaryNeeds',
  'notes',
];
/** Field errors per traveller row (index from 0), and for the list as a whole. */
export interface TravellerErrors {
  rows: Partial<Record<TravellerField, string>>[];
  list?: string;
}

export const EMPTY_TRAVELLER: TravellerFormRow = {
  fullName: '',
  dateOfBirth: '',
  nationality: '',
  residency: '',
  passportNumber: '',
  dietaryNeeds: '',
  notes: '',
};

/** A saved traveller (GraphQL nulls) as form text. */
export function rowOf(t: Partial<Record<TravellerField, string | null>>): TravellerFormRow {
  const residency = t.residency && (RESIDENCY_CATEGORIES as readonly string[]).includes(t.residency) ? t.residency : '';
  return {
    fullName: t.fullName ?? '',
    dateOfBirth: t.dateOfBirth ?? '',
    nationality: t.nationality ?? '',
    residency: residency as Residency | '',
    passportNumber: t.passportNumber ?? '',
    dietaryNeeds: t.dietaryNeeds ?? '',
    notes: t.notes ?? '',
  };
}

/** The details the server takes: trimmed, with blanks as null. */
export function travellerInputOf(row: TravellerFormRow): TravellerDetails {
  const text = (v: string) => v.trim() || null;
  return {
    fullName: row.fullName.trim(),
    dateOfBirth: text(row.dateOfBirth),
    nationality: text(row.nationality),
    residency: row.residency || null,
    passportNumber: text(row.passportNumber),
    dietaryNeeds: text(row.dietaryNeeds),
    notes: text(row.notes),
  };
}

/** True when nothing was typed into a row: such rows are left out, not refused. */
export function isBlankRow(row: TravellerFormRow): boolean {
  return TRAVELLER_FIELDS.every((f) => !row[f].trim());
}

/** The shared traveller rules, first message per field of each row. */
export function validateTravellers(rows: readonly TravellerFormRow[], today: string): TravellerErrors {
  return {
    rows: rows.map((row) => {
      const errors: Partial<Record<TravellerField, string>> = {};
      if (isBlankRow(row)) return errors;
      for (const p of travellerProblems(travellerInputOf(row), today)) {
        const field = p.field as TravellerField;
        if (!errors[field]) errors[field] = p.message;
      }
      return errors;
    }),
  };
}

export function hasErrors(errors: TravellerErrors): boolean {
  return !!errors.list || errors.rows.some((r) => Object.keys(r).length > 0);
}

/**
 * The server's field errors of a list saved without its blank rows: 'travellers.1.dateOfBirth'
 * names the second row sent, which `sent` maps back to the row on screen.
 */
export function travellerErrorsFromServer(
  byField: Record<string, string>,
  sent: readonly number[],
  rowCount: number,
): TravellerErrors {
  const errors: TravellerErrors = { rows: Array.from({ length: rowCount }, () => ({})) };
  for (const [path, message] of Object.entries(byField)) {
    const m = /^travellers\.(\d+)\.(\w+)$/.exec(path);
    const row = m ? sent[Number(m[1])] : undefined;
    if (m && row !== undefined && (TRAVELLER_FIELDS as readonly string[]).includes(m[2]!))
      errors.rows[row]![m[2] as TravellerField] ??= message;
    else errors.list = errors.list ? `${errors.list} ${message}` : message;
  }
  return errors;
}
