/** Rating shown when a tour has none. */
export const DEFAULT_RATING = 4.5;
/** Review count label when a tour has no count. */
export const REVIEW_FALLBACK = '25+';

export interface RatingStars {
  /** The rating actually displayed (default applied), one decimal. */
  value: number;
  /** Text of the rating with one decimal, e.g. "4.5". */
  label: string;
  full: number;
  half: number;
  empty: number;
}

/** The rating a tour displays: 4.5 when missing, not a number, or 0 or less; capped at 5. */
export function displayRating(rating: unknown): number {
  const n = typeof rating === 'string' && rating.trim() !== '' ? Number(rating) : rating;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return DEFAULT_RATING;
  return Math.min(5, n);
}

/**
 * Stars for a rating: full stars for the integer part, a half star when the fraction is in
 * [0.25, 0.75), empty stars up to five.
 */
export function ratingStars(rating: unknown): RatingStars {
  const value = displayRating(rating);
  const full = Math.floor(value);
  const fraction = value - full;
  const half = full < 5 && fraction >= 0.25 && fraction < 0.75 ? 1 : 0;
  return { value, label: value.toFixed(1), full, half, empty: 5 - full - half };
}

/** Review count text: the count, or 25+ when missing or 0. */
export function reviewCountLabel(numRatings: unknown): string {
  const n = typeof numRatings === 'string' && numRatings.trim() !== '' ? Number(numRatings) : numRatings;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return REVIEW_FALLBACK;
  return String(Math.floor(n));
}
