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

/** The refusal of a file that is not one of those images, whatever its name or declared type says. */
export const NOT_AN_IMAGE = `Please choose an image file (${IMAGE_TYPE_NAMES}).`;

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** How many of a file's first bytes imageKindOf needs. */
export const IMAGE_HEAD_BYTES = 12;

/**
 * The image kind a file's first bytes announce, whatever its name or declared type says; null for
 * anything else (a script or a document renamed .png). The browser checks a picked file with it
 * before sending, the server every file it receives, before decoding it.
 */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  if (head.length < IMAGE_HEAD_BYTES) return null;
  const text = String.fromCharCode(...head.subarray(0, IMAGE_HEAD_BYTES));
  if (text.startsWith('\xff\xd8\xff')) return 'jpeg';
  if (text.startsWith('\x89PNG\r\n\x1a\n')) return 'png';
  if (text.startsWith('GIF87a') || text.startsWith('GIF89a')) return 'gif';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'webp';
  if (text.slice(4, 8) === 'ftyp' && /^avi[fs]$/.test(text.slice(8, 12))) return 'avif';
  return null;
}

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
 * one message per refused file, and one when the tour would hold too many. A file's `head` (its
 * first IMAGE_HEAD_BYTES bytes), when given, must announce an image too.
 */
export function checkTourImageFiles(
  files: readonly { name: string; type: string; size: number; head?: Uint8Array }[],
  keptCount = 0,
): string[] {
  const errors: string[] = [];
  for (const f of files) {
    if (!(TOUR_IMAGE_RULES.types as readonly string[]).includes(f.type) || (f.head && !imageKindOf(f.head)))
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
