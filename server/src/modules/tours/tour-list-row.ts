import type { Tour } from './tour.entity.js';

/**
 * A tour as a catalogue page lists it: the fields the GraphQL and REST answers show, read straight
 * from its row. Pages are only read, so they skip MikroORM's entity hydration and identity map, which
 * the profile showed to be the largest cost of a catalogue page. A loaded Tour entity is one too, so
 * the mappers take either.
 */
export type TourListRow = Pick<
  Tour,
  | 'id'
  | 'title'
  | 'description'
  | 'destination'
  | 'country'
  | 'durationDays'
  | 'durationNights'
  | 'duration'
  | 'price'
  | 'priceText'
  | 'originalPrice'
  | 'discount'
  | 'images'
  | 'bg'
  | 'featured'
  | 'popular'
  | 'trending'
  | 'rating'
  | 'numRatings'
  | 'tourType'
  | 'features'
  | 'categories'
  | 'included'
  | 'notIncluded'
  | 'capacity'
  | 'status'
  | 'departureLocation'
  | 'departureTime'
  | 'returnTime'
  | 'itinerary'
  | 'tier'
  | 'bookingType'
  | 'travelType'
  | 'createdAt'
  | 'updatedAt'
  | 'fromPrice'
>;

/** The columns of the tours table a listed tour is read from. */
export const TOUR_LIST_COLUMNS = [
  'id',
  'title',
  'description',
  'destination',
  'country',
  'duration_days',
  'duration_nights',
  'duration',
  'price',
  'price_text',
  'original_price',
  'discount',
  'images',
  'bg',
  'featured',
  'popular',
  'trending',
  'rating',
  'num_ratings',
  'tour_type',
  'features',
  'categories',
  'included',
  'not_included',
  'capacity',
  'status',
  'departure_location',
  'departure_time',
  'return_time',
  'itinerary',
  'tier',
  'booking_type',
  'travel_type',
  'created_at',
  'updated_at',
  'from_price',
] as const;

/** A row of the page query: the listed columns as the driver gives them. */
export type TourListColumns = Record<(typeof TOUR_LIST_COLUMNS)[number], unknown>;

/** A numeric column, which the driver gives as text. */
function decimal(v: unknown): number | null {
  return v == null ? null : Number(v);
}

/** A timestamp column: a Date, or '2027-01-09 04:00:00+00' as PostgreSQL prints it. */
function timestamp(v: unknown): Date | null {
  if (v == null) return null;
  if (v instanceof Date) return v;
  const s = String(v);
  // The sessions run in UTC, so nearly every value ends in '+00': cut it into ISO form without a regex
  // (a page converts about 80 of these).
  if (s.length >= 22 && s.charCodeAt(10) === 32 && s.endsWith('+00'))
    return new Date(`${s.slice(0, 10)}T${s.slice(11, -3)}Z`);
  return new Date(s.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}

/** A listed row as the read model; the columns the table declares not null are never null. */
export function toTourListRow(r: TourListColumns): TourListRow {
  return {
    id: r.id as number,
    title: r.title as string,
    description: r.description as string,
    destination: r.destination as string,
    country: r.country as string,
    durationDays: r.duration_days as number,
    durationNights: r.duration_nights as number,
    duration: r.duration as string | null,
    price: decimal(r.price),
    priceText: r.price_text as string | null,
    originalPrice: decimal(r.original_price),
    discount: decimal(r.discount)!,
    images: r.images as string[],
    bg: r.bg as string | null,
    featured: r.featured as boolean,
    popular: r.popular as boolean,
    trending: r.trending as boolean,
    rating: decimal(r.rating)!,
    numRatings: r.num_ratings as number,
    tourType: r.tour_type as string | null,
    features: r.features as string[],
    categories: r.categories as string[],
    included: r.included as string[],
    notIncluded: r.not_included as string[],
    capacity: r.capacity as number | null,
    status: r.status as string,
    departureLocation: r.departure_location as string | null,
    departureTime: timestamp(r.departure_time),
    returnTime: timestamp(r.return_time),
    itinerary: r.itinerary as Tour['itinerary'],
    tier: r.tier as string | null,
    bookingType: r.booking_type as string | null,
    travelType: r.travel_type as string | null,
    createdAt: timestamp(r.created_at)!,
    updatedAt: timestamp(r.updated_at)!,
    fromPrice: decimal(r.from_price),
  };
}
