import { eastAfricaDay } from './east-africa-time.js';
import { addDays, addMonths, isoDate, priceLabel, type PricedTour } from './pricing.js';
import { BOOKING_TYPES, DEFAULT_TIER, isBookingDisabled, parseTiers } from './tour.js';
import {
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  hasLink,
  isEmail,
  isPersonName,
  isPhone,
  isCalendarDay,
} from './validation.js';

/** The four states of a booking, as stored and shown (first letter capitalised). */
export const BOOKING_STATUSES = ['Pending', 'Confirmed', 'Cancelled', 'Completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const DEFAULT_BOOKING_STATUS: BookingStatus = 'Pending';

/** What an admin can do to a booking; a traveller can only cancel their own. */
export type BookingAction = 'confirm' | 'complete' | 'cancel';

/** People per booking when a tour states no capacity; also a new departure's seats. */
export const DEFAULT_MAX_PEOPLE = 20;
export const NOTES_MAX = 2000;
/** How far ahead a trip may start, in months from today, unless the operator configures another horizon. */
export const BOOKING_HORIZON_MONTHS = 24;

/**
 * Today for a traveller anywhere: a date counts as past only once it has ended on the last time
 * zone (UTC-12), so someone whose local today is still yesterday in UTC is not refused.
 */
export function travellerToday(now: Date = new Date()): string {
  return isoDate(new Date(now.getTime() - 12 * 3_600_000));
}

/** The largest party a tour takes in one booking: its capacity, 20 when it has none. */
export function maxPeople(capacity: number | null | undefined): number {
  return capacity != null && Number.isInteger(capacity) && capacity > 0 ? capacity : DEFAULT_MAX_PEOPLE;
}

const TARGET: Record<BookingAction, BookingStatus> = {
  confirm: 'Confirmed',
  complete: 'Completed',
  cancel: 'Cancelled',
};

/**
 * The status machine: Pending -> Confirmed (confirm), Confirmed -> Completed (complete), and any
 * status but Cancelled or Completed -> Cancelled (cancel). Returns the new status, or null when the
 * action is not allowed from `from`.
 */
export function nextBookingStatus(from: BookingStatus, action: BookingAction): BookingStatus | null {
  switch (action) {
    case 'confirm':
      return from === 'Pending' ? 'Confirmed' : null;
    case 'complete':
      return from === 'Confirmed' ? 'Completed' : null;
    case 'cancel':
      return from === 'Cancelled' || from === 'Completed' ? null : 'Cancelled';
  }
}

/** The statuses an action may start from (the `where status in (...)` of its conditional update). */
export function bookingStatusesFor(action: BookingAction): BookingStatus[] {
  return BOOKING_STATUSES.filter((s) => nextBookingStatus(s, action) !== null);
}

/** The admin actions a booking offers in its current status (the buttons shown). */
export function bookingActions(status: BookingStatus): BookingAction[] {
  return (['confirm', 'complete', 'cancel'] as const).filter((a) => nextBookingStatus(status, a) !== null);
}

/** The action that moves a booking to `target`, e.g. 'Completed' -> 'complete'; null for Pending. */
export function actionForStatus(target: BookingStatus): BookingAction | null {
  const hit = (Object.keys(TARGET) as BookingAction[]).find((a) => TARGET[a] === target);
  return hit ?? null;
}

/** Reads a status as sent ('confirmed', 'CONFIRMED', 'Confirmed'); null when it is none of the four. */
export function parseBookingStatus(value: unknown): BookingStatus | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return BOOKING_STATUSES.find((s) => s.toLowerCase() === v) ?? null;
}

/** Why a change is refused, naming both states. */
export function transitionRefusal(from: BookingStatus, to: BookingStatus): string {
  // Two people making the same change at once: the second learns it is done, not that it is refused.
  if (from === to) return `This booking is already ${to}`;
  return `A ${from} booking cannot be changed to ${to}`;
}

/**
 * A traveller may cancel their own booking while it is Pending or Confirmed and before its start
 * date (on the start date the trip has begun).
 */
export function canTravellerCancel(b: { status: BookingStatus; startDate: string }, today: string): boolean {
  return (b.status === 'Pending' || b.status === 'Confirmed') && b.startDate > today;
}

/** Days from today to the start date (negative once it has passed). */
export function daysUntil(startDate: string, today: string): number {
  const ms = Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

export const FULL_REFUND_DAYS_BEFORE = 30;

/**
 * The cancellation terms for a booking cancelled today: 30 or more days before departure, a full
 * refund minus transaction fees (the 3% deposit is non-refundable); later, charges may apply.
 */
export function cancellationTerms(startDate: string, today: string): { fullRefund: boolean; text: string } {
  const fullRefund = daysUntil(startDate, today) >= FULL_REFUND_DAYS_BEFORE;
  return {
    fullRefund,
    text: fullRefund
      ? 'Cancelling 30 or more days before departure gives a full refund minus transaction fees; the 3% deposit is non-refundable.'
      : 'Cancelling less than 30 days before departure may incur charges; the 3% deposit is non-refundable.',
  };
}

/** The company's cancellation policy, printed in confirmations. */
export const CANCELLATION_POLICY =
  'A booking needs a non-refundable deposit of 3% of the total cost, with the balance due 30 days before departure. ' +
  'Cancellation 30 or more days before departure gives a full refund minus transaction fees; later cancellations may incur charges.';

/** Seat availability of a departure as partners and the tour page see it. */
export const DEPARTURE_STATUSES = ['AVAILABLE', 'LIMITED', 'SOLD_OUT', 'CLOSED'] as const;
export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];

/**
 * CLOSED when the admin closed it, the date has passed or the tour is inactive or draft; else
 * SOLD_OUT with no seat left, LIMITED with fewer than half left, AVAILABLE otherwise.
 */
export function departureStatus(
  d: {
    capacity: number;
    seatsTaken: number;
    closed: boolean;
    startDate: string;
    tourStatus: string | null | undefined;
  },
  today: string,
): DepartureStatus {
  if (d.closed || d.startDate < today || isBookingDisabled(d.tourStatus)) return 'CLOSED';
  const left = Math.max(0, d.capacity - d.seatsTaken);
  if (left === 0) return 'SOLD_OUT';
  return left * 2 < d.capacity ? 'LIMITED' : 'AVAILABLE';
}

export interface BookingFormValues {
  name: string;
  email: string;
  phone: string;
  startDate: string;
  endDate: string;
  numberOfPeople: number;
  notes?: string | null;
  bookingType?: string | null;
  tier?: string | null;
}

export interface BookingFieldError {
  field: keyof BookingFormValues;
  message: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day written YYYY-MM-DD, from 0001-01-01 to 9999-12-31: 2026-02-30 is none, nor
 * is 0000-01-01 (the calendar has no year 0, and PostgreSQL refuses it), so a day that passes can
 * be stored and compared with the database's days.
 */
export function isIsoDay(v: string): boolean {
  if (!ISO_DAY.test(v)) return false;
  const [year, month, day] = v.split('-').map(Number) as [number, number, number];
  return year >= 1 && isCalendarDay(year, month, day);
}

/** The first and last days isIsoDay takes. */
export const FIRST_ISO_DAY = '0001-01-01';
export const LAST_ISO_DAY = '9999-12-31';

/**
 * addDays kept within the days isIsoDay takes: a window's default end (or start) near either end of
 * the calendar stops at that end rather than naming a day no database stores.
 */
export function addDaysWithinCalendar(date: string, days: number): string {
  const d = addDays(date, days);
  return isIsoDay(d) ? d : days < 0 ? FIRST_ISO_DAY : LAST_ISO_DAY;
}

/** How long a tour lasts, as its record states it. */
export interface TourLength {
  durationDays?: number | null;
  durationNights?: number | null;
}

/**
 * The nights a trip spans: the tour's nights, else one fewer than its days (a 7-day tour with no
 * nights stated spans 6), else none (a day trip).
 */
export function tripNights(tour: TourLength): number {
  const nights = tour.durationNights ?? 0;
  if (Number.isInteger(nights) && nights > 0) return nights;
  const days = tour.durationDays ?? 0;
  return Number.isInteger(days) && days > 1 ? days - 1 : 0;
}

/** The end date of a trip on a tour: it follows from the start date and the tour's length, never from the booker. */
export function bookingEndDate(startDate: string, tour: TourLength): string {
  return addDays(startDate, tripNights(tour));
}

/** The last start date a booking may have: today plus the booking horizon. */
export function latestStartDate(today: string, horizonMonths: number): string {
  return addMonths(today, horizonMonths);
}

/**
 * Why a start date lies beyond the booking horizon, or null when it does not. Prices and seats are
 * only offered for trips the operator can plan: a start years away would also take the early-bird
 * discount for a trip nobody runs.
 */
export function startBeyondHorizon(startDate: string, today: string, horizonMonths: number): string | null {
  const latest = latestStartDate(today, horizonMonths);
  return startDate > latest
    ? `Start date can be at most ${horizonMonths} months ahead (${latest} at the latest)`
    : null;
}

/** What the booking rules check beyond the form itself. */
export interface BookingRules {
  today: string;
  capacity: number | null | undefined;
  /** The tour's length: the end date must be the start plus its nights (an empty end date is filled in from it). */
  tour?: TourLength;
  /** The booking horizon in months; the server passes its configured one. */
  horizonMonths?: number;
}

export const NAME_RULE =
  'Full name may contain only letters, spaces, apostrophes, hyphens and dots, and no web address';
export const NOTES_LINK_RULE = 'Special requests cannot contain a link or web address';

/**
 * The booking form's rules, shared by the modal and the server: name, email, phone, the start date
 * and the number of people required; a name of letters, spaces, apostrophes, hyphens and dots, and
 * no link in any text the booker writes (the booking's mails print it); email and phone formats;
 * a start from today and within the horizon; the end date the start plus the tour's nights (not
 * before the start); people from 1 to the tour's capacity (20 when none); a known booking type.
 */
export function validateBookingForm(v: BookingFormValues, rules: BookingRules): BookingFieldError[] {
  const errors: BookingFieldError[] = [];
  const name = v.name.trim();
  if (!name) errors.push({ field: 'name', message: 'Full name is required' });
  else if ([...name].length > NAME_MAX)
    errors.push({ field: 'name', message: `Full name must be at most ${NAME_MAX} characters` });
  else if (!isPersonName(name)) errors.push({ field: 'name', message: NAME_RULE });
  const email = v.email.trim();
  if (!email) errors.push({ field: 'email', message: 'Email is required' });
  else if (email.length > EMAIL_MAX || !isEmail(email))
    errors.push({ field: 'email', message: 'Please enter a valid email address' });
  const phone = v.phone.trim();
  if (!phone) errors.push({ field: 'phone', message: 'Phone is required' });
  else if (phone.length > PHONE_MAX || !isPhone(phone)) {
    errors.push({ field: 'phone', message: 'Please enter a valid phone number, including the country code' });
  }
  const start = v.startDate.trim();
  const end = v.endDate.trim();
  const beyond =
    isIsoDay(start) && rules.horizonMonths != null ? startBeyondHorizon(start, rules.today, rules.horizonMonths) : null;
  if (!start) errors.push({ field: 'startDate', message: 'Start date is required' });
  else if (!isIsoDay(start)) errors.push({ field: 'startDate', message: 'Start date must be a date as YYYY-MM-DD' });
  else if (start < rules.today) errors.push({ field: 'startDate', message: 'Start date cannot be before today' });
  else if (beyond) errors.push({ field: 'startDate', message: beyond });
  // Only a start that passed its own checks gives an end to compare with (year 9999 plus a week is no date).
  const startOk = !errors.some((e) => e.field === 'startDate');
  const expectedEnd = rules.tour && startOk ? bookingEndDate(start, rules.tour) : null;
  if (!end) {
    if (!rules.tour) errors.push({ field: 'endDate', message: 'End date is required' });
  } else if (!isIsoDay(end)) errors.push({ field: 'endDate', message: 'End date must be a date as YYYY-MM-DD' });
  else if (end < rules.today) errors.push({ field: 'endDate', message: 'End date cannot be before today' });
  else if (isIsoDay(start) && end < start)
    errors.push({ field: 'endDate', message: 'End date cannot be before the start date' });
  else if (expectedEnd && end !== expectedEnd)
    errors.push({ field: 'endDate', message: endDateRule(expectedEnd, rules.tour!) });
  const max = maxPeople(rules.capacity);
  const n = v.numberOfPeople;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    errors.push({ field: 'numberOfPeople', message: `Number of people must be from 1 to ${max}` });
  }
  if (v.notes != null && [...v.notes].length > NOTES_MAX) {
    errors.push({ field: 'notes', message: `Special requests must be at most ${NOTES_MAX} characters` });
  } else if (v.notes != null && hasLink(v.notes)) {
    errors.push({ field: 'notes', message: NOTES_LINK_RULE });
  }
  if (
    v.bookingType != null &&
    v.bookingType !== '' &&
    !(BOOKING_TYPES as readonly string[]).includes(v.bookingType.trim().toLowerCase())
  ) {
    errors.push({ field: 'bookingType', message: `Booking type must be one of ${BOOKING_TYPES.join(', ')}` });
  }
  return errors;
}

/** The message of an end date that does not follow from the start: which day it must be, and why. */
function endDateRule(expectedEnd: string, tour: TourLength): string {
  const days = tripNights(tour) + 1;
  return `End date must be ${expectedEnd}: this tour lasts ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The booking type a booking takes when none is chosen: the tour's own, else group. */
/**
 * The price a card or a list shows for a tour: that of the choice its page starts with (its booking
 * type, and the first of its tiers), so the card and the page agree.
 */
export function tourPriceLabel(
  tour: PricedTour & { bookingType?: string | null; tiers?: readonly string[] | null; tier?: string | null },
): string {
  return priceLabel(tour, defaultBookingType(tour.bookingType), tour.tiers?.[0] ?? defaultBookingTier(tour.tier));
}

export function defaultBookingType(tourBookingType: string | null | undefined): 'group' | 'private' {
  return String(tourBookingType ?? '')
    .trim()
    .toLowerCase() === 'private'
    ? 'private'
    : 'group';
}

/** The tier a booking takes when none is chosen: the first of the tour's Tier list (Standard when none). */
export function defaultBookingTier(tourTier: string | null | undefined): string {
  return parseTiers(tourTier)[0] ?? DEFAULT_TIER;
}

/**
 * The dates a booking form starts with: the tour's departure day when it is today or later (else
 * today), and the end that follows from it and the tour's length. The departure's day is its
 * calendar day in Tanzania, the day the tour page shows.
 */
export function defaultBookingDates(
  tour: { departureTime?: string | null } & TourLength,
  today: string,
): { startDate: string; endDate: string } {
  const departure = eastAfricaDay(tour.departureTime);
  const startDate = departure && departure >= today ? departure : today;
  return { startDate, endDate: bookingEndDate(startDate, tour) };
}
