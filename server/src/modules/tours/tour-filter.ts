import {
  BOOKING_TYPES,
  eastAfricaMidnight,
  hasControlCharacters,
  isIsoDay,
  isStorableDate,
  TOUR_STATUSES,
} from '@tembea/schema';
import { BadInputError, type FieldError, throwIfInvalid } from '../../common/errors.js';
import { TourSort } from './tour-sort.js';

/** Search text longer than this is refused: no tour text needs more, and it bounds the query cost. */
export const SEARCH_MAX_LENGTH = 200;
const WORD_VALUE_MAX = 100;
const MAX_IDS = 100;
const MAX_SEARCH_WORDS = 10;

/** A filter as it arrives: GraphQL gives typed values, REST gives strings. */
export interface RawTourFilter {
  destination?: unknown;
  travelType?: unknown;
  tier?: unknown;
  bookingType?: unknown;
  status?: unknown;
  duration?: unknown;
  date?: unknown;
  durationDays?: unknown;
  durationNights?: unknown;
  dayTrip?: unknown;
  departureTime?: unknown;
  returnTime?: unknown;
  minPrice?: unknown;
  maxPrice?: unknown;
  featured?: unknown;
  popular?: unknown;
  trending?: unknown;
  ids?: unknown;
}

/** A checked filter: lower-cased word values, parsed dates and numbers. */
export interface TourFilterSpec {
  destination?: string;
  travelType?: string;
  tier?: string;
  bookingType?: string;
  status?: string;
  duration?: string;
  departureFrom?: Date;
  /** Latest return; exclusive when the filter gave a bare day (until the end of that day). */
  returnUntil?: { at: Date; exclusive: boolean };
  durationDays?: number;
  durationNights?: number;
  dayTrip?: boolean;
  minPrice?: number;
  maxPrice?: number;
  featured?: boolean;
  popular?: boolean;
  trending?: boolean;
  ids?: number[];
  /** Changed (tours.updated_at) at or after this moment: partners' catalogue sync. */
  updatedSince?: Date;
}

/** Search words: letters and digits only, so no user text reaches a tsquery parser unescaped. */
export interface SearchSpec {
  words: string[];
  /**
   * words: whole or prefix words through the tsvector index; fuzzy (only when no tour matches the
   * words): each word replaced by the catalogue's words most like it (trigram similarity over the
   * search_words dictionary), then matched whole through the same tsvector index.
   */
  mode: 'words' | 'fuzzy';
  /** Fuzzy mode: for each search word, the catalogue words standing in for it (letters and digits only). */
  corrections?: string[][];
  /**
   * Words mode, once checked against the catalogue: for each word, the few whole lexemes its prefix
   * stands for, read from the index in its place; null keeps the prefix (too many, or a short word).
   */
  lexemes?: (string[] | null)[];
  /**
   * Words mode, once checked against the catalogue: how many of the first tours in catalogue order
   * match (with the filter) and the last id of those walked, from which a relevance page sizes the id
   * range it takes its candidates from.
   */
  walk?: { found: number; lastId: number };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** A YYYY-MM-DD that names a real calendar day (as isIsoDay takes it), as midnight UTC; null otherwise. */
export function parseDay(s: string): Date | null {
  return isIsoDay(s) ? new Date(`${s}T00:00:00Z`) : null;
}

/** Collects every failing field, then throws one BAD_USER_INPUT naming them all. */
class Checker {
  readonly errors: FieldError[] = [];

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message: `${field}: ${message}` });
    return undefined;
  }

  word(field: string, v: unknown): string | undefined {
    if (isBlank(v)) return undefined;
    if (typeof v !== 'string') return this.fail(field, 'must be text');
    const s = v.trim();
    if (s.length > WORD_VALUE_MAX) return this.fail(field, `must be at most ${WORD_VALUE_MAX} characters`);
    // PostgreSQL text cannot hold a NUL; no tour value holds any control character.
    if (hasControlCharacters(s)) return this.fail(field, 'must not contain control characters');
    return s.toLowerCase();
  }

  oneOf(field: string, v: unknown, allowed: readonly string[]): string | undefined {
    const s = this.word(field, v);
    if (s !== undefined && !allowed.includes(s)) return this.fail(field, `must be one of ${allowed.join(', ')}`);
    return s;
  }

  int(field: string, v: unknown, min: number, max: number): number | undefined {
    if (isBlank(v)) return undefined;
    const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
      return this.fail(field, `must be a whole number from ${min} to ${max}`);
    return n;
  }

  price(field: string, v: unknown): number | undefined {
    if (isBlank(v)) return undefined;
    const n = typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : typeof v === 'string' ? NaN : v;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1e9)
      return this.fail(field, 'must be a price of 0 or more');
    return n;
  }

  bool(field: string, v: unknown): boolean | undefined {
    if (isBlank(v)) return undefined;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'string' && /^(true|1|yes)$/i.test(v.trim())) return true;
    if (typeof v === 'string' && /^(false|0|no)$/i.test(v.trim())) return false;
    return this.fail(field, 'must be true or false');
  }

  /** A date-time, or a bare day taken at its start (or its end when `endOfDay`). */
  moment(field: string, v: unknown, endOfDay = false): { at: Date; bareDay: boolean } | undefined {
    if (isBlank(v)) return undefined;
    if (typeof v !== 'string') return this.fail(field, 'must be a date (YYYY-MM-DD) or a date-time (ISO 8601)');
    const s = v.trim();
    if (parseDay(s)) {
      // A bare day is that day in Tanzania, as the tours' pages show their times.
      const start = eastAfricaMidnight(s);
      const at = endOfDay ? new Date(start.getTime() + 86_400_000) : start;
      return isStorableDate(at) ? { at, bareDay: true } : this.fail(field, 'must be a date from year 1 to 9999');
    }
    const t = DATE_TIME_RE.test(s) ? new Date(s) : null;
    if (!t || Number.isNaN(t.getTime()) || !parseDay(s.slice(0, 10))) {
      return this.fail(field, 'must be a date (YYYY-MM-DD) or a date-time (ISO 8601)');
    }
    // An offset can carry a real day's time past 9999-12-31 (or before year 1) in UTC.
    return isStorableDate(t) ? { at: t, bareDay: false } : this.fail(field, 'must be a date from year 1 to 9999');
  }

  /** A YYYY-MM-DD day, as the moment it begins in Tanzania. */
  day(field: string, v: unknown): Date | undefined {
    if (isBlank(v)) return undefined;
    const day = typeof v === 'string' ? v.trim() : '';
    return parseDay(day) ? eastAfricaMidnight(day) : this.fail(field, 'must be a date as YYYY-MM-DD');
  }

  ids(field: string, v: unknown): number[] | undefined {
    if (v === undefined || v === null) return undefined;
    const list = Array.isArray(v) ? v : String(v).split(',');
    const items = list.map((x) => String(x).trim()).filter((x) => x !== '');
    if (items.length > MAX_IDS) return this.fail(field, `at most ${MAX_IDS} ids`);
    if (items.some((x) => !/^\d{1,9}$/.test(x) || Number(x) < 1)) return this.fail(field, 'must be tour ids');
    return [...new Set(items.map(Number))];
  }
}

/** Checks a raw filter; BAD_USER_INPUT lists every failing field. */
export function parseTourFilter(raw: RawTourFilter = {}): TourFilterSpec {
  const c = new Checker();
  const departure = c.moment('departureTime', raw.departureTime);
  const ret = c.moment('returnTime', raw.returnTime, true);
  const date = c.day('date', raw.date);
  const spec: TourFilterSpec = {
    destination: c.word('destination', raw.destination),
    travelType: c.word('travelType', raw.travelType),
    tier: c.word('tier', raw.tier),
    bookingType: c.oneOf('bookingType', raw.bookingType, BOOKING_TYPES),
    status: c.oneOf('status', raw.status, TOUR_STATUSES),
    duration: c.word('duration', raw.duration),
    durationDays: c.int('durationDays', raw.durationDays, 0, 366),
    durationNights: c.int('durationNights', raw.durationNights, 0, 366),
    dayTrip: c.bool('dayTrip', raw.dayTrip),
    minPrice: c.price('minPrice', raw.minPrice),
    maxPrice: c.price('maxPrice', raw.maxPrice),
    featured: c.bool('featured', raw.featured),
    popular: c.bool('popular', raw.popular),
    trending: c.bool('trending', raw.trending),
    ids: c.ids('ids', raw.ids),
  };
  // Both `date` and `departureTime` bound the departure from below: the later one wins.
  const from = [date, departure?.at].filter((d): d is Date => !!d);
  if (from.length) spec.departureFrom = new Date(Math.max(...from.map((d) => d.getTime())));
  if (ret) spec.returnUntil = { at: ret.at, exclusive: ret.bareDay };
  if (spec.minPrice !== undefined && spec.maxPrice !== undefined && spec.minPrice > spec.maxPrice) {
    c.fail('minPrice', 'must not be greater than maxPrice');
  }
  throwIfInvalid(c.errors, 'list');
  for (const k of Object.keys(spec) as (keyof TourFilterSpec)[]) if (spec[k] === undefined) delete spec[k];
  return spec;
}

/** Checks the search text: at most 200 characters, no control character; blank means no search. */
export function parseSearch(search: unknown): SearchSpec | null {
  if (isBlank(search)) return null;
  if (typeof search !== 'string')
    throw new BadInputError('search must be text', [{ field: 'search', message: 'Must be text' }]);
  if (search.length > SEARCH_MAX_LENGTH) {
    throw new BadInputError(`search must be at most ${SEARCH_MAX_LENGTH} characters`, [
      { field: 'search', message: `Must be at most ${SEARCH_MAX_LENGTH} characters` },
    ]);
  }
  // Refused as the filters' texts are, rather than dropped with the other non-word characters below:
  // no tour text holds one, so a search with one is a broken request, not a search for nothing.
  if (hasControlCharacters(search.trim())) {
    throw new BadInputError('search must not contain control characters', [
      { field: 'search', message: 'Must not contain control characters' },
    ]);
  }
  const words = (
    search
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_SEARCH_WORDS);
  return { words, mode: 'words' };
}

const SORTS = Object.values(TourSort) as string[];

/** A sort by name (REST: case-insensitive, e.g. price_asc); CATALOGUE when absent. */
export function parseSort(v: unknown): TourSort {
  if (isBlank(v)) return TourSort.CATALOGUE;
  const s = String(v).trim().toUpperCase();
  if (!SORTS.includes(s)) {
    throw new BadInputError(`sort must be one of ${SORTS.join(', ')}`, [
      { field: 'sort', message: `Must be one of ${SORTS.join(', ')}` },
    ]);
  }
  return s as TourSort;
}
