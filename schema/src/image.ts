export const PLACEHOLDER_IMAGE = '/placeholder-tour.svg';

/** Host part of the API base: the base with its trailing /api segment removed. */
export function apiHost(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
}

/**
 * The image URL a tour shows: bg wins, else the first image; absolute http(s) URLs are
 * kept; /uploads/ or uploads/ paths are prefixed with the API host; other paths go under /uploads;
 * no image gives the placeholder.
 */
export function resolveTourImage(
  tour: { bg?: string | null; images?: readonly (string | null | undefined)[] | null },
  apiBase = '',
): string {
  const raw = (tour.bg && tour.bg.trim()) || (tour.images ?? []).find((i) => i && i.trim())?.trim();
  if (!raw) return PLACEHOLDER_IMAGE;
  return resolveImagePath(raw, apiBase);
}

/** Resolves one stored image path to a URL (same rules as resolveTourImage). */
export function resolveImagePath(raw: string, apiBase = ''): string {
  if (/^https?:\/\//i.test(raw)) return raw;
  const host = apiHost(apiBase);
  if (raw.startsWith('/uploads/')) return `${host}${raw}`;
  if (raw.startsWith('uploads/')) return `${host}/${raw}`;
  return `${host}/uploads/${raw.replace(/^\/+/, '')}`;
}
