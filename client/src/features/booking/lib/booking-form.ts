import {
  bookingEndDate,
  defaultBookingDates,
  isIsoDay,
  maxPeople,
  validateBookingForm,
  type BookingFormValues,
} from '@tembea/schema';

/** The tour facts the booking form needs. */
export interface BookableTour {
  id?: string | null;
  title?: string | null;
  capacity?: number | null;
  departureTime?: string | null;
  durationDays?: number | null;
  durationNights?: number | null;
}

/** The form as typed: every input's text. */
export interface BookingFormState {
  name: string;
  email: string;
  phone: string;
  startDate: string;
  endDate: string;
  numberOfPeople: string;
  notes: string;
}

export type BookingField = keyof BookingFormState;
export const FORM_FIELDS: readonly BookingField[] = [
  'name',
  'email',
  'phone',
  'startDate',
  'endDate',
  'numberOfPeople',
  'notes',
];
export type FieldErrors = Partial<Record<BookingField, string>>;

/** Starts from the signed-in user's details and the tour's dates (today when it has none ahead). */
export function initialBookingForm(
  tour: BookableTour,
  user: { name?: string | null; email?: string | null; phone?: string | null } | null,
  today: string,
): BookingFormState {
  const { startDate, endDate } = defaultBookingDates(tour, today);
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    startDate,
    endDate,
    numberOfPeople: '1',
    notes: '',
  };
}

/** A new start date; the end date follows it: the start plus the tour's nights, never typed. */
export function withStartDate(form: BookingFormState, startDate: string, tour: BookableTour): BookingFormState {
  return { ...form, startDate, endDate: isIsoDay(startDate) ? bookingEndDate(startDate, tour) : form.endDate };
}

/** The number of people as entered: a whole number, NaN for anything else (the shared rule reports it). */
export function peopleOf(form: BookingFormState): number {
  return /^\s*\d+\s*$/.test(form.numberOfPeople) ? Number(form.numberOfPeople) : Number.NaN;
}

/** The values the shared booking rules and the server take. */
export function toBookingValues(form: BookingFormState, bookingType: string, tier: string): BookingFormValues {
  const notes = form.notes.trim();
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    startDate: form.startDate,
    endDate: form.endDate,
    numberOfPeople: peopleOf(form),
    notes: notes || null,
    bookingType,
    tier,
  };
}

/** The shared booking form rules, first message per field. */
export function validateForm(
  form: BookingFormState,
  tour: BookableTour,
  bookingType: string,
  tier: string,
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const e of validateBookingForm(toBookingValues(form, bookingType, tier), {
    today,
    capacity: tour.capacity,
    tour,
  })) {
    const field = e.field as BookingField;
    if (FORM_FIELDS.includes(field) && !errors[field]) errors[field] = e.message;
  }
  return errors;
}

/** Whether the form holds enough to price: a real start date from today and a people count in range. */
export function canQuote(form: BookingFormState, tour: BookableTour, today: string): boolean {
  const people = peopleOf(form);
  return (
    !!tour.id &&
    isIsoDay(form.startDate) &&
    form.startDate >= today &&
    people >= 1 &&
    people <= maxPeople(tour.capacity)
  );
}
