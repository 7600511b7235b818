import { BOOKING_TYPES, groupThousands } from '@tembea/schema';

/** The server filter a list screen sends (a subset of the contract's TourFilter input). */
export interface ListFilter {
  destination?: string;
  travelType?: string;
  bookingType?: string;
  departureTime?: string;
  returnTime?: string;
  durationDays?: number;
  durationNights?: number;
  dayTrip?: boolean;
  featured?: boolean;
  popular?: boolean;
  trending?: boolean;
}

const TEXT_PARAMS = ['destination', 'travelType'] as const;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The server's bounds: longer words, control characters or more days are refused there. */
const TEXT_MAX = 100;
const COUNT_MAX = 366;
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

function count(value: string | null): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= COUNT_MAX ? n : undefined;
}

/** A YYYY-MM-DD naming a real calendar day (2027-02-30 is not one). */
function isCalendarDay(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * Reads the query parameters (/tourfilter and /filtered) into the server filter.
 * Empty or malformed values are left out, so a bad link widens the list instead of failing it.
 */
export function filterFromParams(params: URLSearchParams): ListFilter {
  const filter: ListFilter = {};
  for (const key of TEXT_PARAMS) {
    const v = params.get(key)?.trim();
    if (v && v.length <= TEXT_MAX && !CONTROL_RE.test(v)) filter[key] = v;
  }
  const bookingType = params.get('bookingType')?.trim().toLowerCase();
  if (bookingType && (BOOKING_TYPES as readonly string[]).includes(bookingType)) filter.bookingType = bookingType;
  for (const key of ['departureTime', 'returnTime'] as const) {
    const v = params.get(key)?.trim().slice(0, 10);
    if (v && isCalendarDay(v)) filter[key] = v;
  }
  const days = count(params.get('durationDays'));
  if (days !== undefined) filter.durationDays = days;
  const nights = count(params.get('durationNights'));
  if (nights !== undefined) filter.durationNights = nights;
  const dayTrip = params.get('dayTrip');
  if (dayTrip === 'true') filter.dayTrip = true;
  else if (dayTrip === 'false') filter.dayTrip = false;
  return filter;
}

/** Status filter buttons of /tours. */
export const STATUS_FILTERS = [
  { key: 'all', label: 'All Tours' },
  { key: 'featured', label: 'Featured' },
  { key: 'popular', label: 'Popular' },
  { key: 'trending', label: 'Trending' },
] as const;
export type StatusFilterKey = (typeof STATUS_FILTERS)[number]['key'];

export function statusFilter(key: StatusFilterKey): ListFilter {
  return key === 'all' ? {} : { [key]: true };
}

/** An estimated count rounded to two significant figures ("about 8,400"); an exact one as it is. */
export function countText(n: number, estimate = false): string {
  if (!estimate) return String(n);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return `about ${groupThousands(String(Math.round(n / step) * step))}`;
}

/**
 * "12 Tours Found" for an exact count, one included ("1 Tours Found": the screen's fixed text is
 * "N Tours Found"); "About 8,400 Tours Found" for an estimate.
 */
export function toursFoundLabel(n: number, estimate = false): string {
  const text = countText(n, estimate);
  return `${estimate ? text[0]!.toUpperCase() + text.slice(1) : text} Tours Found`;
}

/** Orders offered on /tours (the contract's TourSort). */
export const SORTS = [
  { value: 'CATALOGUE', label: 'Recommended' },
  { value: 'PRICE_ASC', label: 'Price: low to high' },
  { value: 'PRICE_DESC', label: 'Price: high to low' },
  { value: 'RATING_DESC', label: 'Top rated' },
  { value: 'NEWEST', label: 'Newest' },
] as const;
