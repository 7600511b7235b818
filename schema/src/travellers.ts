import { isIsoDay } from './booking.js';
import { RESIDENCY_CATEGORIES, type Residency } from './park-fees.js';
import { addDays } from './pricing.js';
import { hasControlCharacters, hasLink, isPersonName, NAME_MAX } from './validation.js';

/** Days before departure until which a traveller may complete or change the list of who travels. */
export const TRAVELLER_DETAILS_DAYS = 14;
export const NATIONALITY_MAX = 60;
export const DIETARY_MAX = 200;
export const TRAVELLER_NOTES_MAX = 500;
/** Passport numbers: 5 to 20 letters and digits (spaces and dashes as printed are dropped). */
const PASSPORT_RE = /^[A-Z0-9]{5,20}$/;

/** One person on a booking, as the traveller enters them. */
export interface TravellerDetails {
  fullName: string;
  dateOfBirth?: string | null;
  nationality?: string | null;
  residency?: Residency | null;
  passportNumber?: string | null;
  dietaryNeeds?: string | null;
  notes?: string | null;
}

/** A passport number as stored and compared: capitals and digits only. */
export function normalisePassport(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Days a booking made after the usual deadline has to name who travels online. */
export const LATE_BOOKING_DETAILS_DAYS = 2;

/**
 * The last day the traveller may complete or change the list of who travels: `days` before
 * departure. A booking made after that day (`bookedOn`) still gets LATE_BOOKING_DETAILS_DAYS to do
 * it, ending the day before departure at the latest (and never before the day it was made), so no
 * booking is closed to its travellers' details from the start.
 */
export function travellerDetailsDeadline(
  startDate: string,
  days: number = TRAVELLER_DETAILS_DAYS,
  bookedOn?: string,
): string {
  const usual = addDays(startDate, -days);
  if (!bookedOn || bookedOn <= usual) return usual;
  const late = [addDays(bookedOn, LATE_BOOKING_DETAILS_DAYS), addDays(startDate, -1)].sort()[0]!;
  return late < bookedOn ? bookedOn : late;
}

/**
 * The problems of one traveller's details, fields prefixed with `prefix` (e.g. `travellers.1.`).
 * Messages never repeat what was typed: they may reach logs, and a passport number must not.
 */
export function travellerProblems(
  t: TravellerDetails,
  today: string,
  prefix = '',
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const add = (field: string, message: string) => problems.push({ field: prefix + field, message });
  const name = t.fullName.trim();
  if (!name) add('fullName', 'Please enter the full name as in the passport');
  else if (name.length > NAME_MAX) add('fullName', `A name must be at most ${NAME_MAX} characters`);
  else if (!isPersonName(name)) add('fullName', "A name may hold letters, spaces, ' - and . only");
  const dob = t.dateOfBirth?.trim();
  if (dob) {
    if (!isIsoDay(dob)) add('dateOfBirth', 'Please enter the date of birth as YYYY-MM-DD');
    else if (dob > today) add('dateOfBirth', 'The date of birth cannot be in the future');
    else if (dob < addDays(today, -120 * 366)) add('dateOfBirth', 'Please check the date of birth');
  }
  const nationality = t.nationality?.trim();
  if (nationality && (nationality.length > NATIONALITY_MAX || !/^\p{L}[\p{L} .'-]*$/u.test(nationality)))
    add('nationality', 'Please enter the nationality in letters, e.g. Tanzanian or German');
  if (t.residency && !RESIDENCY_CATEGORIES.includes(t.residency))
    add('residency', 'Residency must be non-resident, Tanzania resident or East African citizen');
  const passport = t.passportNumber ? normalisePassport(t.passportNumber) : '';
  if (passport && !PASSPORT_RE.test(passport)) add('passportNumber', 'A passport number is 5 to 20 letters and digits');
  for (const [field, max, value] of [
    ['dietaryNeeds', DIETARY_MAX, t.dietaryNeeds],
    ['notes', TRAVELLER_NOTES_MAX, t.notes],
  ] as const) {
    const text = value?.trim() ?? '';
    if (text.length > max) add(field, `At most ${max} characters`);
    else if (hasControlCharacters(text, true) || hasLink(text))
      add(field, 'Please leave out links and special characters');
  }
  return problems;
}

/** What is still missing for a booking's travellers, one line per person, e.g. 'Traveller 2: date of birth'. */
export function missingTravellerDetails(
  travellers: readonly Pick<TravellerDetails, 'fullName' | 'dateOfBirth' | 'nationality' | 'residency'>[],
  numberOfPeople: number,
): string[] {
  const missing: string[] = [];
  for (let i = 0; i < numberOfPeople; i++) {
    const t = travellers[i];
    const gaps = [
      !t?.fullName.trim() && 'full name',
      !t?.dateOfBirth && 'date of birth',
      !t?.nationality && 'nationality',
      !t?.residency && 'residency',
    ].filter((g): g is string => !!g);
    if (gaps.length) missing.push(`Traveller ${i + 1}: ${gaps.join(', ')}`);
  }
  return missing;
}
