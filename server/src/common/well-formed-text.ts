import { BadInputError } from './errors.js';

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Containers nested deeper than this are not looked into (the body limits bound them anyway). */
const MAX_DEPTH = 64;

/**
 * The path (`notes`, `itinerary.0.title`) of the first text in a parsed JSON value that holds a lone
 * surrogate, '' for the value itself; null when every text is whole. JSON can write such a text
 * ("\ud800"), JavaScript keeps it, but it is no character: PostgreSQL refuses it inside jsonb, and
 * in a text column it would silently become U+FFFD.
 */
export function malformedTextPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? '' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const below = malformedTextPath(item, depth + 1);
    if (below !== null) return below ? `${key}.${below}` : key;
  }
  return null;
}

/**
 * Refuses (BAD_USER_INPUT, naming the field) a request value holding a text that is not whole
 * Unicode, before any of it is validated or stored. `prefix` names where the value came from.
 */
export function refuseMalformedText(value: unknown, prefix = ''): void {
  const path = malformedTextPath(value);
  if (path === null) return;
  const field = [prefix, path].filter(Boolean).join('.') || 'body';
  throw new BadInputError(`${field} must be valid Unicode text: it holds half of a surrogate pair`, [
    { field, message: 'Must be valid Unicode text' },
  ]);
}
