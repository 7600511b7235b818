import { AGE_BAND_LABELS, RESIDENCY_LABELS, type Residency } from '@tembea/schema';
import { toCsv } from '../../common/csv.js';
import { DETAILS_NOT_GIVEN, type ManifestLine, type PermitList } from './departure-lists.service.js';

/**
 * The manifest's columns: the booking's own first, as they always were (one line per booking
 * then), then the person travelling on the line.
 */
export const MANIFEST_COLUMNS = [
  'Booking',
  'Status',
  'Name',
  'Email',
  'Phone',
  'People',
  'Booking type',
  'Tier',
  'Start',
  'End',
  'Special requests',
  'Reference',
  'Traveller',
  'Traveller name',
  'Nationality',
  'Residency',
  'Date of birth',
  'Passport',
  'Dietary needs',
  'Traveller notes',
] as const;

const residencyLabel = (r: string | null | undefined) => (r ? (RESIDENCY_LABELS[r as Residency] ?? r) : '');

/** The departure manifest as CSV: one line per person booked. */
export function manifestCsv(lines: readonly ManifestLine[]): string {
  return toCsv(
    MANIFEST_COLUMNS,
    lines.map(({ booking: b, position, traveller: t }) => [
      b.id,
      b.status,
      b.name,
      b.email,
      b.phone,
      b.numberOfPeople,
      b.bookingType,
      b.tier,
      b.startDate,
      b.endDate,
      b.notes ?? '',
      b.paymentReference,
      `${position} of ${b.numberOfPeople}`,
      t?.fullName ?? DETAILS_NOT_GIVEN,
      t?.nationality ?? '',
      residencyLabel(t?.residency),
      t?.dateOfBirth ?? '',
      t?.passportNumber ?? '',
      t?.dietaryNeeds ?? '',
      t?.notes ?? '',
    ]),
  );
}

export const PERMIT_COLUMNS = [
  'Area',
  'Area code',
  'Date',
  'Booking',
  'Reference',
  'Traveller',
  'Name',
  'Nationality',
  'Residency',
  'Age band',
  'Passport',
  'Assumed',
  'Fee with VAT (USD)',
] as const;

/** The permit list as CSV: one line per day in a protected area and person, the fees in dollars and cents. */
export function permitCsv(list: PermitList): string {
  return toCsv(
    PERMIT_COLUMNS,
    list.days.flatMap((day, j) =>
      list.travellers.map((t) => [
        day.areaName,
        day.areaCode,
        day.date,
        t.bookingId,
        t.bookingReference,
        t.position,
        t.fullName ?? DETAILS_NOT_GIVEN,
        t.nationality ?? '',
        residencyLabel(t.residency),
        AGE_BAND_LABELS[t.ageBands[j]!],
        t.passportNumber ?? '',
        t.assumed ? 'yes: details not yet given' : 'no',
        day.priced ? (t.feesCents[j]! / 100).toFixed(2) : 'not yet published',
      ]),
    ),
  );
}
