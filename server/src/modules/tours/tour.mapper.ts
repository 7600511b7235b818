import { isDayTrip, parseTiers } from '@tembea/schema';
import type { TourListRow } from './tour-list-row.js';
import type { TourType } from './tour.types.js';

/** A tour (an entity or a listed row) -> GraphQL object. */
export function toTourType(t: TourListRow): TourType {
  return {
    id: String(t.id),
    title: t.title,
    description: t.description,
    destination: t.destination,
    country: t.country,
    durationDays: t.durationDays,
    durationNights: t.durationNights,
    duration: t.duration ?? null,
    price: t.price ?? null,
    priceText: t.priceText ?? null,
    originalPrice: t.originalPrice ?? null,
    discount: t.discount ?? 0,
    images: t.images ?? [],
    bg: t.bg ?? null,
    featured: t.featured,
    popular: t.popular,
    trending: t.trending,
    rating: t.rating ?? 0,
    numRatings: t.numRatings ?? 0,
    tourType: t.tourType ?? null,
    features: t.features ?? [],
    categories: t.categories ?? [],
    included: t.included ?? [],
    notIncluded: t.notIncluded ?? [],
    capacity: t.capacity ?? null,
    status: t.status,
    departureLocation: t.departureLocation ?? null,
    departureTime: t.departureTime ?? null,
    returnTime: t.returnTime ?? null,
    itinerary: t.itinerary ?? [],
    tier: t.tier ?? null,
    tiers: parseTiers(t.tier),
    bookingType: t.bookingType ?? null,
    travelType: t.travelType ?? null,
    dayTrip: isDayTrip(t),
    fromPrice: t.fromPrice ?? null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/**
 * A tour (an entity or a listed row) -> the REST shape of /api/tours, derived from the GraphQL
 * object: `_id` and `desc` repeat the id and description, `tier` is named `Tier`, `price` is the
 * number or else its text, dates are ISO strings, and the fields only GraphQL has are left out.
 */
export function toRestTour(t: TourListRow): Record<string, unknown> {
  const { priceText, tiers: _tiers, dayTrip: _dayTrip, fromPrice: _fromPrice, ...shared } = toTourType(t);
  const rest: Record<string, unknown> = {
    id: shared.id,
    _id: shared.id,
    title: shared.title,
    description: shared.description,
    desc: shared.description,
  };
  for (const [key, value] of Object.entries(shared)) {
    rest[key === 'tier' ? 'Tier' : key] = value instanceof Date ? value.toISOString() : value;
  }
  rest.price = shared.price ?? priceText;
  return rest;
}
