import { eastAfricaDay } from './east-africa-time.js';
/** Tour publication states. */
export const TOUR_STATUSES = ['active', 'inactive', 'draft'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
export const BOOKING_TYPES = ['group', 'private'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export const TIERS = ['Budget', 'Mid-range', 'Luxury'] as const;
export const DEFAULT_TIER = 'Standard';
export const DESTINATIONS = [
  'zanzibar',
  'serengeti',
  'ngorongoro',
  'kilimanjaro',
  'tarangire',
  'Cusuals',
  'Local culture',
  'manyara',
  'Arusha',
  'Mwanza',
  'Tanga',
  'Meru',
] as const;
export const TRAVEL_TYPES = [
  'Beach sands',
  'Safari',
  'Trekking',
  'Grand hotel',
  'Food and restaurants',
  'Hidden gems',
  'Cultural',
] as const;

/** Filter options when the catalogue offers none. */
export const FALLBACK_BOOKING_TYPES = ['group', 'private'] as const;
export const FALLBACK_PRICE_RANGE = { minPrice: 200, maxPrice: 5000 } as const;

export interface TourFilterOptionValues {
  destinations: string[];
  travelTypes: string[];
  tiers: string[];
  bookingTypes: string[];
  priceRange: { minPrice: number; maxPrice: number } | null;
}

/** Filter options, with built-in defaults for every list the catalogue leaves empty. */
export function withFilterFallbacks(
  o: Partial<TourFilterOptionValues>,
): TourFilterOptionValues & { priceRange: { minPrice: number; maxPrice: number } } {
  const or = (list: readonly string[] | undefined, fallback: readonly string[]) =>
    list && list.length ? [...list] : [...fallback];
  return {
    destinations: or(o.destinations, DESTINATIONS),
    travelTypes: or(o.travelTypes, TRAVEL_TYPES),
    tiers: or(o.tiers, TIERS),
    bookingTypes: or(o.bookingTypes, FALLBACK_BOOKING_TYPES),
    priceRange: o.priceRange ? { ...o.priceRange } : { ...FALLBACK_PRICE_RANGE },
  };
}

/** Detail-screen defaults when a field is missing. */
export const TOUR_DEFAULTS = {
  title: 'Untitled Tour',
  description: 'No description available',
  tourType: 'Standard',
  tier: 'Standard',
  travelType: 'Standard',
  status: 'Available',
  departureLocation: 'Not specified',
} as const;

/** Label shown for a tour status: Available / Unavailable / Coming Soon, else as given. */
export function tourStatusLabel(status: string | null | undefined): string {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'active':
      return 'Available';
    case 'inactive':
      return 'Unavailable';
    case 'draft':
      return 'Coming Soon';
    case '':
      return 'Status unknown';
    default:
      return status as string;
  }
}

/** Booking button label by tour status. */
export function bookingButtonLabel(status: string | null | undefined): string {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'active':
      return 'Book Tour';
    case 'inactive':
      return 'Currently Unavailable';
    case 'draft':
      return 'Coming Soon';
    default:
      return 'Continue booking';
  }
}

/** Booking is disabled for inactive and draft tours. */
export function isBookingDisabled(status: string | null | undefined): boolean {
  const s = (status ?? '').trim().toLowerCase();
  return s === 'inactive' || s === 'draft';
}

/** The tiers a tour offers, from its comma-separated Tier text; Standard when none. */
export function parseTiers(tier: string | null | undefined): string[] {
  const list = (tier ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return list.length ? list : [DEFAULT_TIER];
}

/**
 * The tour's own spelling of the tier asked for (in any case), its first tier when none is asked,
 * or null when it offers no such tier. Bookings and quotes both choose with it, so a quote never
 * prices a tier a booking would refuse.
 */
export function offeredTier(tourTier: string | null | undefined, asked: string): string | null {
  const tiers = parseTiers(tourTier);
  const wanted = asked.trim().toLowerCase();
  if (!wanted) return tiers[0] ?? DEFAULT_TIER;
  return tiers.find((t) => t.toLowerCase() === wanted) ?? null;
}

/** Why a tier was refused: the tiers the tour offers. */
export function tierNotOffered(tourTier: string | null | undefined): string {
  return `Tier must be one of ${parseTiers(tourTier).join(', ')}`;
}

/** Displayed discounted price: originalPrice reduced by the discount percent, rounded. */
export function discountedPrice(
  originalPrice: number | null | undefined,
  discount: number | null | undefined,
): number | null {
  if (originalPrice == null || !Number.isFinite(originalPrice)) return null;
  if (discount == null || !Number.isFinite(discount) || discount <= 0) return Math.round(originalPrice);
  const pct = Math.min(100, discount);
  // (100 - pct) / 100 rather than 1 - pct / 100: 25 * (1 - 0.34) is 16.4999… and would round down.
  return Math.round((originalPrice * (100 - pct)) / 100);
}

/** Day trip: 1 day and 0 nights, or departure and return on the same calendar day in Tanzania. */
export function isDayTrip(t: {
  durationDays?: number | null;
  durationNights?: number | null;
  departureTime?: string | Date | null;
  returnTime?: string | Date | null;
}): boolean {
  if (t.durationDays === 1 && (t.durationNights ?? 0) === 0) return true;
  const departs = eastAfricaDay(t.departureTime);
  return departs !== null && departs === eastAfricaDay(t.returnTime);
}

/** "7 days / 6 nights" style text from counts. */
export function durationLabel(days: number | null | undefined, nights: number | null | undefined): string {
  const d = days ?? 0;
  const n = nights ?? 0;
  const dl = `${d} ${d === 1 ? 'day' : 'days'}`;
  return n > 0 ? `${dl} / ${n} ${n === 1 ? 'night' : 'nights'}` : dl;
}
