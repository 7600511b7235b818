/** First and last name of a full name, split on the first space. */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const full = (name ?? '').trim();
  const i = full.indexOf(' ');
  if (i < 0) return { firstName: full, lastName: '' };
  return { firstName: full.slice(0, i), lastName: full.slice(i + 1).trim() };
}

/** Up to two initials for an avatar without a picture. */
export function initials(name: string | null | undefined): string {
  const { firstName, lastName } = splitName(name);
  return ((firstName[0] ?? '') + (lastName[0] ?? '')).toUpperCase() || '?';
}
