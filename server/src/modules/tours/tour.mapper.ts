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

/** The GraphQL fields the REST shape leaves out: its `price` falls back to the text, the rest are GraphQL's own. */
export const GRAPHQL_ONLY_TOUR_FIELDS = ['priceText', 'tiers', 'dayTrip', 'fromPrice'] as const;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * A tour (an entity or a listed row) -> the REST shape of /api/tours, read from the GraphQL
 * object: `_id` and `desc` repeat the id and description, `tier` is named `Tier`, `price` is the
 * number or else its text, dates are ISO strings, and GRAPHQL_ONLY_TOUR_FIELDS are left out.
 * Written out as one literal: a listing maps up to a thousand tours, and copying the fields in a
 * loop cost a REST page more than the rest of its mapping (a test keeps the two shapes in step).
 */
export function toRestTour(t: TourListRow): Record<string, unknown> {
  const g = toTourType(t);
  return {
    id: g.id,
    _id: g.id,
    title: g.title,
    description: g.description,
    desc: g.description,
    destination: g.destination,
    country: g.country,
    durationDays: g.durationDays,
    durationNights: g.durationNights,
    duration: g.duration,
    price: g.price ?? g.priceText,
    originalPrice: g.originalPrice,
    discount: g.discount,
    images: g.images,
    bg: g.bg,
    featured: g.featured,
    popular: g.popular,
    trending: g.trending,
    rating: g.rating,
    numRatings: g.numRatings,
    tourType: g.tourType,
    features: g.features,
    categories: g.categories,
    included: g.included,
    notIncluded: g.notIncluded,
    capacity: g.capacity,
    status: g.status,
    departureLocation: g.departureLocation,
    departureTime: iso(g.departureTime),
    returnTime: iso(g.returnTime),
    itinerary: g.itinerary,
    Tier: g.tier,
    bookingType: g.bookingType,
    travelType: g.travelType,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
  };
}
