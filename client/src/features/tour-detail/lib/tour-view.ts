import { CONTACT_FOR_PRICE, DEFAULT_TIER, TOUR_DEFAULTS, formatUsd, parseTiers, unitPrice } from '@tembea/schema';
import type { TourDetailQuery } from '../../../gql/graphql';
import { formatTanzaniaTime, titleCase } from '../../../lib/format';

/** The full tour of the detail query. */
export type DetailTour = NonNullable<TourDetailQuery['tour']>;
/** What the screen may hold: the full tour, or the card's subset passed in navigation state. */
export type ViewTour = Partial<DetailTour> & { id: string };

export const NOT_SPECIFIED = 'Not specified';

/** A departure or return date-time in Tanzanian time, or 'Not specified'. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return NOT_SPECIFIED;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return NOT_SPECIFIED;
  return formatTanzaniaTime(d);
}

/** Tiers offered (first is the default), from the list or the comma-separated text. */
export function tourTiers(t: ViewTour): string[] {
  if (t.tiers && t.tiers.length) return [...t.tiers];
  return t.tier !== undefined ? parseTiers(t.tier) : [DEFAULT_TIER];
}

/**
 * The quote's price per person as the tour page shows it: the tour page says 'Contact for price' for
 * a trip with no price (the quote's own label is the catalogue's wording, 'Contact for pricing').
 */
export function quotePriceLabel(q: { priced: boolean; priceLabel: string }): string {
  return q.priced ? q.priceLabel : CONTACT_FOR_PRICE;
}

/** Price line of the header for the chosen booking type and tier: '$…' or 'Contact for price'. */
export function headerPrice(
  t: ViewTour,
  bookingType: string,
  tier: string,
): { now: string; was: string | null; off: string | null } {
  const unit = unitPrice(t, bookingType, tier);
  if (unit == null) return { now: CONTACT_FOR_PRICE, was: null, off: null };
  const discount = t.discount ?? 0;
  const hasOriginal = t.originalPrice != null && discount > 0 && t.originalPrice > unit;
  return {
    now: formatUsd(unit),
    was: hasOriginal ? formatUsd(t.originalPrice!) : null,
    off: hasOriginal ? `${Math.round(discount)}% OFF` : null,
  };
}

/** Overview rows; 'Standard' stands for a missing type, travel type or tier. */
export function overviewRows(t: ViewTour, tier: string, bookingType: string): [string, string][] {
  return [
    ['Tour type', t.tourType?.trim() || TOUR_DEFAULTS.tourType],
    ['Travel type', t.travelType?.trim() || TOUR_DEFAULTS.travelType],
    ['Departure location', t.departureLocation?.trim() || TOUR_DEFAULTS.departureLocation],
    ['Departure time', formatDateTime(t.departureTime)],
    ['Return time', formatDateTime(t.returnTime)],
    ['Tier', tier || TOUR_DEFAULTS.tier],
    ['Booking type', titleCase(bookingType) || 'Group'],
    ['Capacity', t.capacity != null && t.capacity > 0 ? `${t.capacity} people` : NOT_SPECIFIED],
  ];
}
