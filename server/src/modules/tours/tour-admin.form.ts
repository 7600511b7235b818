import { parseIsoDateTime, splitList, type OvernightKind } from '@tembea/schema';
import { type FieldError, throwIfInvalid } from '../../common/errors.js';
import type { TourInput } from './tour-admin.inputs.js';

/**
 * A tour as the REST shims receive it: multipart form fields (every value text, list fields as JSON
 * text or comma-separated, `Tier` for the tiers, `desc` for the description) or a JSON body with
 * the same names. Converted to the GraphQL input so both APIs validate through one service; a field
 * the request does not carry stays undefined (a create refuses or defaults it, an edit keeps it).
 */
export type RawTourForm = Record<string, unknown>;

const LIST_FIELDS = ['features', 'categories', 'included', 'notIncluded'] as const;

/** Digits with an optional sign and fraction, as the list's query filters read numbers. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number as a JSON body types it, or as text in plain decimals ('16', '-2.5'); NaN for anything
 * else. Number() alone would also read '0x10', '0b11', '0o17' and '1e1', which no form field means.
 */
function plainNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  return typeof v === 'string' && PLAIN_DECIMAL.test(v.trim()) ? Number(v) : Number.NaN;
}

export function formToTourInput(raw: RawTourForm): TourInput {
  const errors: FieldError[] = [];
  const text = (name: string): string | null | undefined => {
    const v = raw[name];
    if (v === undefined || v === null) return v;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    errors.push({ field: name, message: `${name} must be text` });
    return null;
  };
  const number = (name: string, whole = false): number | null | undefined => {
    const v = text(name);
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    const n = plainNumber(raw[name]);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) {
      errors.push({ field: name, message: `${name} must be ${whole ? 'a whole number' : 'a number'}` });
      return null;
    }
    return n;
  };
  const flag = (name: string): boolean | undefined => {
    if (raw[name] === undefined) return undefined;
    const v = text(name)?.trim().toLowerCase();
    if (v === undefined || v === '' || v === 'false' || v === '0' || v === 'off') return false;
    if (v === 'true' || v === '1' || v === 'on') return true;
    errors.push({ field: name, message: `${name} must be true or false` });
    return false;
  };
  // Only texts make a list: turning an object or a number into text would store '[object Object]'.
  const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const list = (name: string): string[] | undefined => {
    const v = raw[name];
    if (v === undefined) return undefined;
    if (Array.isArray(v)) {
      if (isTexts(v)) return v;
      errors.push({ field: name, message: `${name} must be a list of texts` });
      return [];
    }
    const t = text(name);
    if (!t?.trim()) return [];
    if (t.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (isTexts(parsed)) return parsed;
      } catch {
        /* reported below */
      }
      errors.push({ field: name, message: `${name} must be a JSON list of texts or comma-separated text` });
      return [];
    }
    return splitList(t);
  };
  const date = (name: string): Date | null | undefined => {
    const t = text(name);
    if (t === undefined) return undefined;
    if (t === null || !t.trim()) return null;
    const d = parseIsoDateTime(t.trim());
    if (!d) {
      errors.push({
        field: name,
        message: `${name} must be a real date and time in ISO 8601, such as 2027-07-01T05:00:00Z or 2027-07-01`,
      });
      return null;
    }
    return d;
  };
  const itinerary = (): TourInput['itinerary'] => {
    const v = raw.itinerary;
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && !v.trim())) return [];
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = JSON.parse(v);
      } catch {
        parsed = null;
      }
    }
    if (!Array.isArray(parsed) || !parsed.every((d) => d && typeof d === 'object' && !Array.isArray(d))) {
      errors.push({ field: 'itinerary', message: 'itinerary must be a JSON list of { day, title, description }' });
      return [];
    }
    return (parsed as Record<string, unknown>[]).map((d) => ({
      // Anything but a plain number is no day: the tour rules refuse it on its own line.
      day: plainNumber(d.day),
      title: typeof d.title === 'string' ? d.title : '',
      description: typeof d.description === 'string' ? d.description : '',
      parkArea: typeof d.parkArea === 'string' ? d.parkArea : null,
      overnight: typeof d.overnight === 'string' ? (d.overnight as OvernightKind) : null,
    }));
  };

  const either = <T>(a: T | undefined, b: T | undefined) => (a === undefined ? b : a);
  const input: TourInput = {
    title: text('title'),
    description: either(text('description'), text('desc')),
    destination: text('destination'),
    country: text('country'),
    durationDays: number('durationDays', true),
    durationNights: number('durationNights', true),
    duration: text('duration'),
    price: text('price'),
    originalPrice: number('originalPrice'),
    discount: number('discount'),
    images: list('images'),
    bg: text('bg'),
    featured: flag('featured'),
    popular: flag('popular'),
    trending: flag('trending'),
    rating: number('rating'),
    numRatings: number('numRatings', true),
    tourType: text('tourType'),
    features: undefined,
    categories: undefined,
    included: undefined,
    notIncluded: undefined,
    capacity: number('capacity', true),
    status: text('status'),
    departureLocation: text('departureLocation'),
    departureTime: date('departureTime'),
    returnTime: date('returnTime'),
    itinerary: itinerary(),
    tier: either(text('Tier'), text('tier')),
    bookingType: text('bookingType'),
    travelType: text('travelType'),
  };
  for (const f of LIST_FIELDS) input[f] = list(f);
  throwIfInvalid(errors, 'lines');
  return input;
}
