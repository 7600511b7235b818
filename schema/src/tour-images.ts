/** The image types the server decodes and stores (tour photos, profile pictures), as people name them. */
const IMAGE_TYPES = [
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['image/gif', 'GIF'],
  ['image/avif', 'AVIF'],
] as const;

/** "JPEG, PNG, WebP, GIF or AVIF", for hints and refusals. */
export const IMAGE_TYPE_NAMES = `${IMAGE_TYPES.slice(0, -1)
  .map(([, name]) => name)
  .join(', ')} or ${IMAGE_TYPES[IMAGE_TYPES.length - 1]![1]}`;

/** What a tour's uploaded images may be: the admin form checks them before sending, the server again. */
export const TOUR_IMAGE_RULES = {
  /** Longest side of a stored tour photo, and of the small copy stored beside it (`…-thumb.webp`). */
  maxSide: 1600,
  thumbSide: 480,
  types: IMAGE_TYPES.map(([type]) => type),
  maxBytes: 10 * 1024 * 1024,
  maxPerTour: 10,
} as const;

/** The browser's accept attribute for a tour image picker. */
export const TOUR_IMAGE_ACCEPT = TOUR_IMAGE_RULES.types.join(',');

/**
 * The problems with a set of new image files for a tour that already keeps `keptCount` images:
 * one message per refused file, and one when the tour would hold too many.
 */
export function checkTourImageFiles(
  files: readonly { name: string; type: string; size: number }[],
  keptCount = 0,
): string[] {
  const errors: string[] = [];
  for (const f of files) {
    if (!(TOUR_IMAGE_RULES.types as readonly string[]).includes(f.type))
      errors.push(`${f.name}: only ${IMAGE_TYPE_NAMES} images`);
    else if (f.size > TOUR_IMAGE_RULES.maxBytes) errors.push(`${f.name}: an image must be at most 10 MB`);
  }
  if (keptCount + files.length > TOUR_IMAGE_RULES.maxPerTour)
    errors.push(`A tour has at most ${TOUR_IMAGE_RULES.maxPerTour} images`);
  return errors;
}

/**
 * The `srcset` of a picture kept in two widths, so that a small slot loads the small copy: a tour
 * photo the server stored (`/uploads/tours/<id>.webp`), a demo tour's image
 * (`/uploads/demo/<name>.webp`) or the home page's art (`/art/<name>.webp`, this site's own), each with its 480 px
 * copy `…-thumb.webp` beside it. Null for any other picture (external URLs, older demo SVGs), which
 * exists in one size only.
 */
export function imageSrcSet(url: string): string | null {
  const m = /^((?:.*\/uploads\/(?:tours|demo)|\/art)\/[^/?#]+?)(?<!-thumb)\.webp$/.exec(url);
  if (!m) return null;
  return `${m[1]}-thumb.webp ${TOUR_IMAGE_RULES.thumbSide}w, ${url} ${TOUR_IMAGE_RULES.maxSide}w`;
}
