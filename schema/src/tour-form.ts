import { OVERNIGHT_KINDS, PARK_AREA_CODE, type OvernightKind } from './park-fees.js';
import { formatUsd, parsePriceText } from './pricing.js';
import { BOOKING_TYPES, DEFAULT_TIER, TIERS, TOUR_STATUSES } from './tour.js';

/** The tour form's values as the admin form and both APIs carry them (lists already split). */
export interface TourFormValues {
  title: string;
  description: string;
  destination: string;
  country: string;
  durationDays: number | null;
  durationNights: number | null;
  duration: string;
  /** A number ('1450', '1450.50') or price text ('group budget:1450;private luxury:4200'). */
  price: string;
  originalPrice: number | null;
  discount: number | null;
  rating: number | null;
  numRatings: number | null;
  capacity: number | null;
  status: string;
  bookingType: string;
  /** The Tier text: one tier or a comma-separated list. */
  tier: string;
  /** Short texts a tour may leave out (null or absent when it does). */
  tourType?: string | null;
  travelType?: string | null;
  departureLocation?: string | null;
  /** The tour's lists, one text an item; absent is empty. */
  features?: readonly string[];
  categories?: readonly string[];
  included?: readonly string[];
  notIncluded?: readonly string[];
  itinerary: {
    day: number;
    title: string;
    description: string;
    /** The protected area the day is spent in (its code in the park fee schedule); null outside any. */
    parkArea?: string | null;
    /** The night after the day, when spent inside that area; it sets the night's park fee. */
    overnight?: OvernightKind | null;
  }[];
}

export interface TourFieldError {
  field: string;
  message: string;
}

/** Bounds of the tour form's numbers. */
export const TOUR_LIMITS = {
  ratingMax: 5,
  discountMax: 100,
  capacityMax: 1000,
  daysMax: 365,
  textMax: 200,
  /** A price per booking type and tier ('private mid-range:9999999999.99;…') runs past textMax. */
  priceTextMax: 500,
  descriptionMax: 20_000,
  listItemsMax: 100,
  itineraryMax: 60,
} as const;

/**
 * A tour's amounts in USD (its price, original price and the from price derived from them) are
 * stored as numeric(12,2): ten digits before the point, two after. Every amount an admin enters is
 * held to the largest such number, so none reaches the database only to overflow its column.
 */
export const TOUR_PRICE_COLUMN = { precision: 12, scale: 2 } as const;
/** The largest tour amount the columns hold: 9,999,999,999.99. */
export const TOUR_PRICE_MAX = (10 ** TOUR_PRICE_COLUMN.precision - 1) / 10 ** TOUR_PRICE_COLUMN.scale;
const TOUR_PRICE_MAX_LABEL = formatUsd(TOUR_PRICE_MAX);

/** The tiers a tour may offer: Budget, Mid-range, Luxury, and Standard (the display default). */
export const TOUR_TIER_OPTIONS: readonly string[] = [...TIERS, DEFAULT_TIER];

/** New tour form defaults. */
export const NEW_TOUR_DEFAULTS = {
  destination: 'zanzibar',
  durationDays: 1,
  durationNights: 0,
  originalPrice: 0,
  discount: 0,
  rating: 4.5,
  numRatings: 25,
  tourType: 'Tour',
  capacity: 20,
  status: 'active',
  tier: 'Budget',
  bookingType: 'group',
  travelType: 'Beach sands',
} as const;

/** A price as the form holds it: a plain non-negative number, or null when it is not one. */
export function parsePlainPrice(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}

/** Whether a price field holds a usable price: a number, or key:value text with at least one price. */
export function isValidPrice(text: string): boolean {
  if (!text.trim()) return false;
  if (parsePlainPrice(text) !== null) return true;
  return text.includes(':') && parsePriceText(text).length > 0;
}

/** Splits a comma-separated list field, trimming each item and dropping empty ones. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every amount a price field names: the plain price, or each price of a 'key:value' text. */
function priceAmounts(text: string): number[] {
  const plain = parsePlainPrice(text);
  return plain === null ? parsePriceText(text).map((e) => e.value) : [plain];
}

/** What is wrong with a price field, or null: empty or unreadable, or an amount too large to store. */
function priceProblem(text: string): string | null {
  if (!isValidPrice(text)) return 'Valid price is required';
  if (priceAmounts(text).some((n) => n > TOUR_PRICE_MAX)) return `Price must be at most ${TOUR_PRICE_MAX_LABEL}`;
  return null;
}

/** What is wrong with an original price, or null when it is left out or an amount the column holds. */
function originalPriceProblem(n: number | null): string | null {
  if (n === null) return null;
  if (!Number.isFinite(n)) return 'Original price must be a number';
  if (n < 0) return 'Original price cannot be negative';
  if (n > TOUR_PRICE_MAX) return `Original price must be at most ${TOUR_PRICE_MAX_LABEL}`;
  return null;
}

const isWhole = (n: number | null, min: number, max: number) =>
  n === null || (Number.isInteger(n) && n >= min && n <= max);
const inRange = (n: number | null, min: number, max: number) =>
  n === null || (Number.isFinite(n) && n >= min && n <= max);

/**
 * The tour's short texts besides its title, with the name their message gives them. Each is held to
 * textMax: they are labels shown on cards and filters, and a longer one is a paste gone wrong.
 */
const SHORT_TEXTS = [
  ['destination', 'Destination'],
  ['country', 'Country'],
  ['duration', 'Duration'],
  ['tourType', 'Tour type'],
  ['travelType', 'Travel type'],
  ['departureLocation', 'Departure location'],
] as const;

/**
 * The tour's lists: each holds at most listItemsMax items (the GraphQL cost limits count on it) of
 * at most textMax characters (they are one-line bullets on the tour page).
 */
const LISTS = [
  ['features', 'Features', 'feature'],
  ['categories', 'Categories', 'category'],
  ['included', 'Included items', 'included item'],
  ['notIncluded', 'Not-included items', 'not-included item'],
] as const;

/** What is wrong with the tour's length in days and nights, or null when they fit together or one is not stated. */
function nightsProblem(days: number | null, nights: number | null): string | null {
  if (days === null || nights === null || !Number.isInteger(days) || !Number.isInteger(nights) || days < 1) return null;
  // A trip ends its nights after it starts and lasts one day more (see tripNights): a day trip
  // has 1 day and 0 nights, a 3-day safari 2 nights. A night more than the days has no day to
  // end on; nights equal to days still allow a night flight home.
  return nights > days ? `Nights must be at most the number of days (${days})` : null;
}

/**
 * The tour form's rules, shared by the admin form and the server: the six required-field messages
 * first (in the form's order), then the lengths of texts and lists, the numeric bounds, the allowed
 * values and the itinerary's days.
 */
export function validateTourForm(v: TourFormValues): TourFieldError[] {
  const e: TourFieldError[] = [];
  if (!v.title.trim()) e.push({ field: 'title', message: 'Title is required' });
  if (!v.description.trim()) e.push({ field: 'description', message: 'Description is required' });
  const price = priceProblem(v.price);
  if (price) e.push({ field: 'price', message: price });
  if (v.discount !== null && !inRange(v.discount, 0, TOUR_LIMITS.discountMax))
    e.push({ field: 'discount', message: 'Discount must be between 0 and 100' });
  if (!v.country.trim()) e.push({ field: 'country', message: 'Country is required' });
  if (!v.duration.trim() && !(v.durationDays !== null && v.durationDays >= 1)) {
    e.push({ field: 'durationDays', message: 'Please specify either duration text or at least 1 day' });
  }
  if (!v.destination.trim()) e.push({ field: 'destination', message: 'Destination is required' });
  if (v.title.length > TOUR_LIMITS.textMax)
    e.push({ field: 'title', message: `Title must be at most ${TOUR_LIMITS.textMax} characters` });
  if (v.description.length > TOUR_LIMITS.descriptionMax)
    e.push({ field: 'description', message: `Description must be at most ${TOUR_LIMITS.descriptionMax} characters` });
  for (const [field, label] of SHORT_TEXTS) {
    if ((v[field] ?? '').length > TOUR_LIMITS.textMax)
      e.push({ field, message: `${label} must be at most ${TOUR_LIMITS.textMax} characters` });
  }
  if (v.price.length > TOUR_LIMITS.priceTextMax)
    e.push({ field: 'price', message: `Price must be at most ${TOUR_LIMITS.priceTextMax} characters` });
  for (const [field, label, item] of LISTS) {
    const list = v[field] ?? [];
    if (list.length > TOUR_LIMITS.listItemsMax)
      e.push({ field, message: `${label} must have at most ${TOUR_LIMITS.listItemsMax} items` });
    else if (list.some((x) => x.length > TOUR_LIMITS.textMax))
      e.push({ field, message: `Each ${item} must be at most ${TOUR_LIMITS.textMax} characters` });
  }
  const originalPrice = originalPriceProblem(v.originalPrice);
  if (originalPrice) e.push({ field: 'originalPrice', message: originalPrice });
  if (!inRange(v.rating, 0, TOUR_LIMITS.ratingMax))
    e.push({ field: 'rating', message: 'Rating must be between 0 and 5' });
  if (!isWhole(v.numRatings, 0, 10_000_000))
    e.push({ field: 'numRatings', message: 'Number of ratings must be a whole number, 0 or more' });
  if (!isWhole(v.durationDays, 0, TOUR_LIMITS.daysMax))
    e.push({ field: 'durationDays', message: `Days must be a whole number from 0 to ${TOUR_LIMITS.daysMax}` });
  if (!isWhole(v.durationNights, 0, TOUR_LIMITS.daysMax))
    e.push({ field: 'durationNights', message: `Nights must be a whole number from 0 to ${TOUR_LIMITS.daysMax}` });
  const nights = nightsProblem(v.durationDays, v.durationNights);
  if (nights) e.push({ field: 'durationNights', message: nights });
  if (!isWhole(v.capacity, 1, TOUR_LIMITS.capacityMax))
    e.push({ field: 'capacity', message: `Capacity must be a whole number from 1 to ${TOUR_LIMITS.capacityMax}` });
  if (!(TOUR_STATUSES as readonly string[]).includes(v.status))
    e.push({ field: 'status', message: `Status must be one of ${TOUR_STATUSES.join(', ')}` });
  if (!(BOOKING_TYPES as readonly string[]).includes(v.bookingType))
    e.push({ field: 'bookingType', message: `Booking type must be one of ${BOOKING_TYPES.join(', ')}` });
  const tiers = splitList(v.tier);
  if (v.tier.length > TOUR_LIMITS.textMax)
    e.push({ field: 'Tier', message: `Tier must be at most ${TOUR_LIMITS.textMax} characters` });
  else if (tiers.some((t) => !TOUR_TIER_OPTIONS.some((o) => o.toLowerCase() === t.toLowerCase()))) {
    e.push({ field: 'Tier', message: `Tier must be among ${TOUR_TIER_OPTIONS.join(', ')}` });
  }
  if (v.itinerary.length > TOUR_LIMITS.itineraryMax) {
    e.push({ field: 'itinerary', message: `At most ${TOUR_LIMITS.itineraryMax} itinerary days` });
    // Its days are not read one by one: a pasted list would answer with a line for each.
    return e;
  }
  // Days are checked against the tour's length only when it states a valid one: a tour told by its
  // duration text alone has no last day to hold them to. An itinerary may cover fewer days (free days).
  const lastDay = v.durationDays !== null && isWhole(v.durationDays, 1, TOUR_LIMITS.daysMax) ? v.durationDays : null;
  const seen = new Set<number>();
  v.itinerary.forEach((d, i) => {
    if (!Number.isInteger(d.day) || d.day < 1)
      e.push({ field: `itinerary.${i}.day`, message: 'Itinerary day must be 1 or more' });
    else if (seen.has(d.day))
      e.push({ field: `itinerary.${i}.day`, message: `Day ${d.day} appears more than once in the itinerary` });
    else if (lastDay !== null && d.day > lastDay)
      e.push({ field: `itinerary.${i}.day`, message: `Day ${d.day} is after the tour's last day (day ${lastDay})` });
    seen.add(d.day);
    if (!d.title.trim()) e.push({ field: `itinerary.${i}.title`, message: `Day ${d.day} needs a title` });
    else if (d.title.length > TOUR_LIMITS.textMax)
      e.push({
        field: `itinerary.${i}.title`,
        message: `Day ${d.day}: the title must be at most ${TOUR_LIMITS.textMax} characters`,
      });
    if (d.description.length > TOUR_LIMITS.descriptionMax)
      e.push({
        field: `itinerary.${i}.description`,
        message: `Day ${d.day}: the description must be at most ${TOUR_LIMITS.descriptionMax} characters`,
      });
    if (d.parkArea && !PARK_AREA_CODE.test(d.parkArea))
      e.push({ field: `itinerary.${i}.parkArea`, message: `Day ${d.day}: a park area is a code such as SERENGETI_NP` });
    if (d.overnight && !OVERNIGHT_KINDS.includes(d.overnight))
      e.push({ field: `itinerary.${i}.overnight`, message: `Day ${d.day}: the night is CONCESSION, CAMPING or HUT` });
    else if (d.overnight && !d.parkArea)
      e.push({
        field: `itinerary.${i}.overnight`,
        message: `Day ${d.day}: a night in a park needs the day's park area`,
      });
  });
  return e;
}

/** Several errors as the form shows them: one a line. */
export function joinTourErrors(errors: TourFieldError[]): string {
  return errors.map((x) => x.message).join('\n');
}
