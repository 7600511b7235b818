import { NEW_TOUR_DEFAULTS } from '@tembea/schema';
import type { Tour } from './tour.entity.js';
import type { ItineraryDayInput, TourInput } from './tour-admin.inputs.js';

/** Every field of a tour as the admin rules check and store it: an input completed by defaults or stored values. */
export interface TourFields {
  title: string;
  description: string;
  destination: string;
  country: string;
  durationDays: number | null;
  durationNights: number | null;
  duration: string | null;
  price: string;
  originalPrice: number | null;
  discount: number | null;
  images: string[];
  bg: string | null;
  featured: boolean;
  popular: boolean;
  trending: boolean;
  rating: number | null;
  numRatings: number | null;
  tourType: string | null;
  features: string[];
  categories: string[];
  included: string[];
  notIncluded: string[];
  capacity: number | null;
  status: string;
  departureLocation: string | null;
  departureTime: Date | null;
  returnTime: Date | null;
  itinerary: ItineraryDayInput[];
  tier: string;
  bookingType: string;
  travelType: string | null;
}

/**
 * What a field holds once emptied (sent as null): required texts become '' so the form rules name
 * them ('Country is required'), flags false, lists empty, everything else null.
 */
const EMPTY: TourFields = {
  title: '',
  description: '',
  destination: '',
  country: '',
  durationDays: null,
  durationNights: null,
  duration: null,
  price: '',
  originalPrice: null,
  discount: null,
  images: [],
  bg: null,
  featured: false,
  popular: false,
  trending: false,
  rating: null,
  numRatings: null,
  tourType: null,
  features: [],
  categories: [],
  included: [],
  notIncluded: [],
  capacity: null,
  status: '',
  departureLocation: null,
  departureTime: null,
  returnTime: null,
  itinerary: [],
  tier: '',
  bookingType: '',
  travelType: null,
};

/**
 * A new tour before its input: the required fields (title, description, price, country, a duration)
 * start empty, so a create that leaves one out is refused with the form's message rather than
 * given a made-up value; the others start at the new-tour defaults the admin form starts from.
 */
export const NEW_TOUR_FIELDS: TourFields = {
  ...EMPTY,
  destination: NEW_TOUR_DEFAULTS.destination,
  durationNights: NEW_TOUR_DEFAULTS.durationNights,
  originalPrice: NEW_TOUR_DEFAULTS.originalPrice,
  discount: NEW_TOUR_DEFAULTS.discount,
  rating: NEW_TOUR_DEFAULTS.rating,
  numRatings: NEW_TOUR_DEFAULTS.numRatings,
  tourType: NEW_TOUR_DEFAULTS.tourType,
  capacity: NEW_TOUR_DEFAULTS.capacity,
  status: NEW_TOUR_DEFAULTS.status,
  tier: NEW_TOUR_DEFAULTS.tier,
  bookingType: NEW_TOUR_DEFAULTS.bookingType,
  travelType: NEW_TOUR_DEFAULTS.travelType,
};

/**
 * A stored list's texts. An item may read back as null: PostgreSQL takes an unquoted NULL in an
 * array literal for a null element, so a feature typed as 'null' is stored as one.
 */
const texts = (xs: readonly (string | null)[] | null | undefined): string[] =>
  (xs ?? []).filter((x): x is string => typeof x === 'string');

/** A stored tour's fields, the base of an edit: what an edit leaves out stays as it is. */
export function storedTourFields(t: Tour): TourFields {
  return {
    title: t.title,
    description: t.description,
    destination: t.destination,
    country: t.country,
    durationDays: t.durationDays,
    durationNights: t.durationNights,
    duration: t.duration ?? null,
    price: t.priceText ?? (t.price === null || t.price === undefined ? '' : String(t.price)),
    originalPrice: t.originalPrice ?? null,
    discount: t.discount,
    images: texts(t.images),
    bg: t.bg ?? null,
    featured: t.featured,
    popular: t.popular,
    trending: t.trending,
    rating: t.rating,
    numRatings: t.numRatings,
    tourType: t.tourType ?? null,
    features: texts(t.features),
    categories: texts(t.categories),
    included: texts(t.included),
    notIncluded: texts(t.notIncluded),
    capacity: t.capacity ?? null,
    status: t.status,
    departureLocation: t.departureLocation ?? null,
    departureTime: t.departureTime ?? null,
    returnTime: t.returnTime ?? null,
    itinerary: (t.itinerary ?? []).map((d) => ({
      day: d.day,
      title: d.title,
      description: d.description ?? '',
      parkArea: d.parkArea ?? null,
      overnight: d.overnight ?? null,
    })),
    tier: t.tier ?? '',
    bookingType: t.bookingType ?? NEW_TOUR_FIELDS.bookingType,
    travelType: t.travelType ?? null,
  };
}

/** The base with the fields the input sends: a field left out (undefined) keeps the base's value, null empties it. */
export function withInput(base: TourFields, input: TourInput): TourFields {
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(EMPTY) as (keyof TourFields)[]) {
    const v = input[key];
    if (v !== undefined) out[key] = v ?? EMPTY[key];
  }
  return out as unknown as TourFields;
}
