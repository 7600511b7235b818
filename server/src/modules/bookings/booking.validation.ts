import {
  bookingEndDate,
  defaultBookingType,
  offeredTier,
  partyProblems,
  tierNotOffered,
  travellerProblems,
  validateBookingForm,
  type PartyCounts,
  type TravellerDetails,
  type BookingFormValues,
  type TourLength,
} from '@tembea/schema';
import { BadInputError, type FieldError, throwIfInvalid } from '../../common/errors.js';
import { parseId } from '../../common/ids.js';

/** A booking request as both APIs receive it: REST JSON may hold anything. */
export type RawBookingInput = Record<string, unknown>;

/** What only the GraphQL booking takes beyond the form (the REST shim books without them). */
export interface BookingExtras {
  /** Who travels, as counts adding up to the number of people, for the park fees. */
  party?: PartyCounts | null;
  /** The lead traveller's details, saved with the booking. */
  leadTraveller?: TravellerDetails | null;
}

export interface BookingData {
  startDate: string;
  endDate: string;
  numberOfPeople: number;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  bookingType: 'group' | 'private';
  tier: string;
}

const TEXT_FIELDS = ['name', 'email', 'phone', 'startDate', 'endDate', 'notes', 'bookingType', 'tier'] as const;

export const BODY_TOUR_MISMATCH = 'tourId in the body must match the tour in the address';

/**
 * POST /api/bookings/:tourId names the tour in its address and may name it again in the body: a
 * body's tourId (other than absent or null) that is not the same id ("7" and 7 are one) is
 * BAD_USER_INPUT on `tourId`, never ignored. An address that names no tour is left to the 404.
 */
export function requireBodyTourMatches(pathTourId: string, input: RawBookingInput): void {
  const sent = input.tourId;
  if (sent === undefined || sent === null) return;
  const inPath = parseId(pathTourId);
  const inBody = typeof sent === 'string' || typeof sent === 'number' ? parseId(sent) : null;
  if (inPath === null || inBody === inPath) return;
  throwIfInvalid([{ field: 'tourId', message: BODY_TOUR_MISMATCH }], 'first');
}

/** Text as sent, '' when absent; a number or an object is reported as not text. */
function text(input: RawBookingInput, field: string, errors: FieldError[]): string {
  const v = input[field];
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') {
    // PostgreSQL text cannot hold a NUL byte; no other control character but a line break belongs in a form.
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v))
      errors.push({ field, message: `${field} must not contain control characters` });
    return v;
  }
  errors.push({ field, message: `${field} must be text` });
  return '';
}

/** A whole number, also when a form sends it as text ('2'); NaN otherwise (reported by the shared rule). */
function wholeNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

/**
 * The booking form's shared rules applied to a request for a tour (its length fixes the end date,
 * the horizon bounds the start), then the choices only the server can check: a tier the tour
 * offers. Every failing field is reported at once.
 */
export function validateBooking(
  input: RawBookingInput,
  tour: { capacity?: number | null; tier?: string | null; bookingType?: string | null } & TourLength,
  today: string,
  horizonMonths: number,
): BookingData {
  const errors: FieldError[] = [];
  const raw = Object.fromEntries(TEXT_FIELDS.map((f) => [f, text(input, f, errors)])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  const values: BookingFormValues = { ...raw, numberOfPeople: wholeNumber(input.numberOfPeople) };
  // A field already refused as not text is not also reported as missing.
  const refused = new Set(errors.map((e) => e.field));
  errors.push(
    ...validateBookingForm(values, { today, capacity: tour.capacity, tour, horizonMonths }).filter(
      (e) => !refused.has(e.field),
    ),
  );
  const tier = offeredTier(tour.tier, raw.tier);
  if (!tier) errors.push({ field: 'tier', message: tierNotOffered(tour.tier) });
  throwIfInvalid(errors, 'lines');
  const notes = raw.notes.trim();
  const startDate = raw.startDate.trim();
  return {
    startDate,
    // The end date follows from the start and the tour's length; one given has been checked to match.
    endDate: bookingEndDate(startDate, tour),
    numberOfPeople: values.numberOfPeople,
    name: raw.name.trim(),
    email: raw.email.trim().toLowerCase(),
    phone: raw.phone.trim(),
    notes: notes || null,
    bookingType: raw.bookingType.trim()
      ? (raw.bookingType.trim().toLowerCase() as 'group' | 'private')
      : defaultBookingType(tour.bookingType),
    tier: tier!,
  };
}

/**
 * The booking form's rules and, when given, the party and the lead traveller's details: every
 * failing field at once (`party`, `leadTraveller.<field>` beside the form's own).
 */
export function validateBookingWithExtras(
  input: RawBookingInput,
  extras: BookingExtras,
  tour: Parameters<typeof validateBooking>[1],
  today: string,
  horizonMonths: number,
): BookingData {
  const errors: FieldError[] = extras.leadTraveller
    ? travellerProblems(extras.leadTraveller, today, 'leadTraveller.')
    : [];
  let data: BookingData;
  try {
    data = validateBooking(input, tour, today, horizonMonths);
  } catch (e) {
    if (!(e instanceof BadInputError) || !errors.length) throw e;
    throw new BadInputError([e.message, ...errors.map((f) => f.message)].join('\n'), [...e.fields, ...errors]);
  }
  if (extras.party) errors.push(...partyProblems(extras.party, data.numberOfPeople));
  throwIfInvalid(errors, 'lines');
  return data;
}
