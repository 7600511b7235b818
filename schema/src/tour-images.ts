/** What a tour's uploaded images may be: the admin form checks them before sending, the server again. */
export const TOUR_IMAGE_RULES = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 10 * 1024 * 1024,
  maxPerTour: 10,
} as const;

/** The browser's accept attribute for a tour image picker. */
export const TOUR_IMAGE_ACCEPT = TOUR_IMAGE_RULES.types.join(',');

/**
 * The problems with a set of new image files for a tour that already keeps `keptCount` images:
 * one message per refused file, and one when the tour would hold too many.
 */
export function checkTourImageFiles(files: readonly { name: string; type: string; size: number }[], keptCount = 0): string[] {
  const errors: string[] = [];
  for (const f of files) {
    if (!(TOUR_IMAGE_RULES.types as readonly string[]).includes(f.type)) errors.push(`${f.name}: only JPEG, PNG, WebP or GIF images`);
    else if (f.size > TOUR_IMAGE_RULES.maxBytes) errors.push(`${f.name}: an image must be at most 10 MB`);
  }
  if (keptCount + files.length > TOUR_IMAGE_RULES.maxPerTour) errors.push(`A tour has at most ${TOUR_IMAGE_RULES.maxPerTour} images`);
  return errors;
}
