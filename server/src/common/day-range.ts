import { isIsoDay } from '@tembea/schema';
import type { FieldError } from './errors.js';

/**
 * The window of days a list filter asks for, either end optional: each a real day as YYYY-MM-DD,
 * and `to` not before `from` (such a window holds nothing, which is the caller's slip, not an empty
 * answer). Every failing field is added to `errors`; the ends that passed are returned.
 */
export function listDayRange(
  filter: { from?: string | null; to?: string | null },
  errors: FieldError[],
): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  for (const key of ['from', 'to'] as const) {
    const v = filter[key]?.trim();
    if (!v) continue;
    if (!isIsoDay(v)) errors.push({ field: key, message: `${key} must be a date as YYYY-MM-DD` });
    else range[key] = v;
  }
  if (range.from && range.to && range.to < range.from)
    errors.push({ field: 'to', message: 'to cannot be before from' });
  return range;
}
