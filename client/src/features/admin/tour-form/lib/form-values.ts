import { NEW_TOUR_DEFAULTS, splitList, type OvernightKind, type TourFormValues } from '@tembea/schema';
import type { AdminTourFieldsFragment, TourInput } from '../../../../gql/admin/graphql';

/** One itinerary day as the editor holds it; key keeps React rows stable while days move. */
export interface ItineraryRow {
  key: string;
  day: string;
  title: string;
  description: string;
  /** Code of the protected area the day is spent in; '' for none. */
  parkArea: string;
  /** The night after the day inside that area; '' when it is spent outside. */
  overnight: OvernightKind | '';
}

/**
 * The tour form as the inputs hold it: numbers as their input text (so a field can be empty while
 * typing), comma-separated lists as text, dates as datetime-local text.
 */
export interface TourFormState {
  title: string;
  description: string;
  destination: string;
  country: string;
  durationDays: string;
  durationNights: string;
  duration: string;
  price: string;
  originalPrice: string;
  discount: string;
  rating: string;
  numRatings: string;
  capacity: string;
  status: string;
  bookingType: string;
  tier: string;
  tourType: string;
  travelType: string;
  departureLocation: string;
  departureTime: string;
  returnTime: string;
  features: string;
  categories: string;
  included: string;
  notIncluded: string;
  featured: boolean;
  popular: boolean;
  trending: boolean;
  bg: string;
  /** Paths already on the tour that it keeps, in order. */
  images: string[];
  itinerary: ItineraryRow[];
}

let nextKey = 0;
/** A fresh key for an itinerary row. */
export const rowKey = () => `row-${++nextKey}`;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form of a new tour: the catalogue's defaults, everything else empty. */
export function newTourForm(): TourFormState {
  const d = NEW_TOUR_DEFAULTS;
  return {
    title: '',
    description: '',
    destination: d.destination,
    country: '',
    durationDays: text(d.durationDays),
    durationNights: text(d.durationNights),
    duration: '',
    price: '',
    originalPrice: text(d.originalPrice),
    discount: text(d.discount),
    rating: text(d.rating),
    numRatings: text(d.numRatings),
    capacity: text(d.capacity),
    status: d.status,
    bookingType: d.bookingType,
    tier: d.tier,
    tourType: d.tourType,
    travelType: d.travelType,
    departureLocation: '',
    departureTime: '',
    returnTime: '',
    features: '',
    categories: '',
    included: '',
    notIncluded: '',
    featured: false,
    popular: false,
    trending: false,
    bg: '',
    images: [],
    itinerary: [],
  };
}

/** An ISO date-time as a datetime-local input's text, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const toIso = (local: string) => {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** An existing tour in the form. */
export function tourToForm(t: AdminTourFieldsFragment): TourFormState {
  return {
    title: t.title,
    description: t.description,
    destination: t.destination,
    country: t.country,
    durationDays: text(t.durationDays),
    durationNights: text(t.durationNights),
    duration: t.duration ?? '',
    price: t.price !== null ? String(t.price) : (t.priceText ?? ''),
    originalPrice: text(t.originalPrice),
    discount: text(t.discount),
    rating: text(t.rating),
    numRatings: text(t.numRatings),
    capacity: text(t.capacity),
    status: t.status,
    bookingType: t.bookingType ?? 'group',
    tier: t.tier ?? '',
    tourType: t.tourType ?? '',
    travelType: t.travelType ?? '',
    departureLocation: t.departureLocation ?? '',
    departureTime: toLocalInput(t.departureTime),
    returnTime: toLocalInput(t.returnTime),
    features: t.features.join(', '),
    categories: t.categories.join(', '),
    included: t.included.join(', '),
    notIncluded: t.notIncluded.join(', '),
    featured: t.featured,
    popular: t.popular,
    trending: t.trending,
    bg: t.bg ?? '',
    images: [...t.images],
    itinerary: t.itinerary.map((d) => ({
      key: rowKey(),
      day: String(d.day),
      title: d.title,
      description: d.description ?? '',
      parkArea: d.parkArea ?? '',
      overnight: d.overnight ?? '',
    })),
  };
}

/** A number input's text as a number; empty is null, anything unparsable NaN (which the rules refuse). */
function num(s: string): number | null {
  return s.trim() === '' ? null : Number(s);
}

/** What the shared tour rules check. */
export function formToValues(f: TourFormState): TourFormValues {
  return {
    title: f.title,
    description: f.description,
    destination: f.destination,
    country: f.country,
    durationDays: num(f.durationDays),
    durationNights: num(f.durationNights),
    duration: f.duration,
    price: f.price,
    originalPrice: num(f.originalPrice),
    discount: num(f.discount),
    rating: num(f.rating),
    numRatings: num(f.numRatings),
    capacity: num(f.capacity),
    status: f.status,
    bookingType: f.bookingType,
    tier: f.tier,
    tourType: f.tourType,
    travelType: f.travelType,
    departureLocation: f.departureLocation,
    features: splitList(f.features),
    categories: splitList(f.categories),
    included: splitList(f.included),
    notIncluded: splitList(f.notIncluded),
    itinerary: f.itinerary.map((d) => ({
      day: Number(d.day),
      title: d.title,
      description: d.description,
      parkArea: d.parkArea || null,
      overnight: d.overnight || null,
    })),
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** What the server receives: every field, so the saved tour is exactly the form (an emptied field is sent empty). */
export function formToInput(f: TourFormState): TourInput {
  const v = formToValues(f);
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    destination: f.destination.trim(),
    country: f.country.trim(),
    durationDays: v.durationDays,
    durationNights: v.durationNights,
    duration: orNull(f.duration),
    price: f.price.trim(),
    originalPrice: v.originalPrice,
    discount: v.discount,
    rating: v.rating,
    numRatings: v.numRatings,
    capacity: v.capacity,
    status: f.status,
    bookingType: f.bookingType,
    tier: splitList(f.tier).join(','),
    tourType: orNull(f.tourType),
    travelType: orNull(f.travelType),
    departureLocation: orNull(f.departureLocation),
    departureTime: toIso(f.departureTime),
    returnTime: toIso(f.returnTime),
    features: splitList(f.features),
    categories: splitList(f.categories),
    included: splitList(f.included),
    notIncluded: splitList(f.notIncluded),
    featured: f.featured,
    popular: f.popular,
    trending: f.trending,
    bg: orNull(f.bg),
    images: f.images,
    itinerary: v.itinerary.map((d) => ({
      day: d.day,
      title: d.title.trim(),
      description: d.description.trim(),
      parkArea: d.parkArea ?? null,
      overnight: d.overnight ?? null,
    })),
  };
}
