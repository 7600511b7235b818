import { type Kind, malformed, Raw, URL_PIECES } from './values.js';

/** One REST request of the fuzz: method, path with its query, and a JSON body (an object, or raw text). */
export interface RestCase {
  method: string;
  path: string;
  body?: unknown;
  /** Deletes or ends something: run after every other case of its role. */
  destructive?: boolean;
}

const TOUR_FIELDS: Record<string, Kind> = {
  title: 'string',
  description: 'string',
  desc: 'string',
  destination: 'string',
  country: 'string',
  durationDays: 'int',
  durationNights: 'int',
  duration: 'string',
  price: 'string',
  originalPrice: 'float',
  discount: 'float',
  images: 'list',
  bg: 'string',
  featured: 'boolean',
  popular: 'boolean',
  trending: 'boolean',
  rating: 'float',
  numRatings: 'int',
  tourType: 'string',
  capacity: 'int',
  status: 'enum',
  departureLocation: 'string',
  departureTime: 'date',
  returnTime: 'date',
  Tier: 'string',
  tier: 'string',
  bookingType: 'enum',
  travelType: 'string',
  features: 'list',
  categories: 'list',
  included: 'list',
  notIncluded: 'list',
  itinerary: 'list',
  date: 'date',
};
const TOUR_BODY = {
  title: 'Fuzz Safari',
  desc: 'Five days on the plains.',
  destination: 'Serengeti',
  country: 'Tanzania',
  durationDays: 5,
  durationNights: 4,
  price: '1450',
  status: 'Active',
  bookingType: 'group',
  tier: 'budget',
  travelType: 'Safari',
  features: '["Game drives"]',
};
const BOOKING_FIELDS: Record<string, Kind> = {
  tourId: 'id',
  startDate: 'date',
  endDate: 'date',
  numberOfPeople: 'int',
  name: 'string',
  email: 'email',
  phone: 'string',
  notes: 'string',
  bookingType: 'enum',
  tier: 'string',
};
const BOOKING_BODY = {
  tourId: '1',
  startDate: '2027-06-01',
  endDate: '2027-06-05',
  numberOfPeople: 2,
  name: 'Asha Mrema',
  email: 'asha@example.com',
  phone: '+255712345678',
  notes: 'Vegetarian',
};

const BODIES: { method: string; path: string; base: Record<string, unknown>; fields: Record<string, Kind> }[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    base: { name: 'Fuzz Person', email: 'fuzz@example.com', password: 'fuzz-password-1', phone: '+255712345678' },
    fields: { name: 'string', email: 'email', password: 'string', phone: 'string' },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    base: { email: 'fuzz@example.com', password: 'fuzz-password-1' },
    fields: { email: 'email', password: 'string' },
  },
  { method: 'POST', path: '/api/auth/refresh', base: { refreshToken: 'abc' }, fields: { refreshToken: 'string' } },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    base: { email: 'fuzz@example.com' },
    fields: { email: 'email' },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    base: { token: 'abc', password: 'fuzz-password-2' },
    fields: { token: 'string', password: 'string' },
  },
  {
    method: 'POST',
    path: '/api/contact',
    base: { name: 'Asha', email: 'asha@example.com', message: 'Hello there' },
    fields: { name: 'string', email: 'email', message: 'string' },
  },
  { method: 'POST', path: '/api/bookings/1', base: BOOKING_BODY, fields: BOOKING_FIELDS },
  { method: 'PATCH', path: '/api/bookings/1/status', base: { status: 'confirmed' }, fields: { status: 'enum' } },
  { method: 'POST', path: '/api/tours', base: TOUR_BODY, fields: TOUR_FIELDS },
  { method: 'PUT', path: '/api/tours/1', base: TOUR_BODY, fields: TOUR_FIELDS },
];

/**
 * GET paths with their query parameters. `base` holds valid values of the others, so a malformed
 * value of one parameter reaches the code past the other parameters' checks (the manifest's file
 * name is built from a tourId only once the date is valid too).
 */
const QUERIES: { path: string; params: Record<string, Kind>; base?: Record<string, string> }[] = [
  {
    path: '/api/tours',
    params: {
      limit: 'int',
      destination: 'string',
      travelType: 'string',
      duration: 'string',
      date: 'date',
      tier: 'string',
      bookingType: 'enum',
      status: 'enum',
      durationDays: 'int',
      durationNights: 'int',
      dayTrip: 'boolean',
      departureTime: 'date',
      returnTime: 'date',
      minPrice: 'float',
      maxPrice: 'float',
      featured: 'boolean',
      popular: 'boolean',
      trending: 'boolean',
      id: 'id',
      ids: 'string',
      search: 'string',
      q: 'string',
      sort: 'enum',
    },
  },
  { path: '/api/tours/1/departures', params: { from: 'date', to: 'date' } },
  {
    path: '/api/bookings/admin/all',
    params: { status: 'enum', tourId: 'id', from: 'date', to: 'date', limit: 'int', after: 'cursor' },
  },
  {
    path: '/api/bookings/admin/manifest',
    params: { tourId: 'id', date: 'date' },
    base: { tourId: '1', date: '2027-06-01' },
  },
  {
    path: '/api/bookings/admin/permits',
    params: { tourId: 'id', date: 'date', format: 'enum' },
    base: { tourId: '1', date: '2027-06-01', format: 'csv' },
  },
  { path: '/api/bookings/admin/payments', params: { from: 'date', to: 'date', method: 'enum', kind: 'enum' } },
];

/** The text a malformed value takes in a query string or a path segment. */
function asText(v: unknown): string | null {
  if (v instanceof Raw) return v.text;
  // Within Node's 16 KB of request headers, so the app itself answers.
  if (typeof v === 'string') return v.length > 4000 ? v.slice(0, 4000) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/** A query value %-escaped; a lone surrogate (which has no UTF-8) becomes the bytes a broken encoder would send. */
function escape(t: string): string {
  try {
    return encodeURIComponent(t);
  } catch {
    return '%ED%A0%80';
  }
}

/** Every REST path of the API with malformed bodies, query values and path segments. */
export function restCases(): RestCase[] {
  const cases: RestCase[] = [];
  for (const b of BODIES) {
    cases.push({ method: b.method, path: b.path, body: b.base });
    for (const raw of [
      '[]',
      'null',
      '"text"',
      '1',
      '{"a":',
      '{"__proto__":{"role":"admin"}}',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"email":"\\ud800"}',
    ]) {
      cases.push({ method: b.method, path: b.path, body: new Raw(raw) });
    }
    for (const [field, kind] of Object.entries(b.fields)) {
      for (const value of malformed(kind))
        cases.push({ method: b.method, path: b.path, body: { ...b.base, [field]: value } });
    }
  }
  for (const q of QUERIES) {
    cases.push({ method: 'GET', path: `${q.path}?limit=1&limit=2` });
    for (const [param, kind] of Object.entries(q.params)) {
      const texts = [
        ...malformed(kind)
          .map(asText)
          .filter((t): t is string => t !== null)
          .map(escape),
        ...URL_PIECES,
      ];
      const others = Object.entries(q.base ?? {})
        .filter(([k]) => k !== param)
        .map(([k, v]) => `&${k}=${v}`)
        .join('');
      for (const t of texts) cases.push({ method: 'GET', path: `${q.path}?${param}=${t}${others}` });
    }
  }
  for (const piece of URL_PIECES) {
    cases.push(
      { method: 'GET', path: `/api/tours/${piece}` },
      { method: 'GET', path: `/api/tours/${piece}/departures` },
      { method: 'POST', path: `/api/bookings/${piece}`, body: BOOKING_BODY },
      { method: 'PATCH', path: `/api/bookings/cancel/${piece}` },
      { method: 'PATCH', path: `/api/bookings/${piece}/status`, body: { status: 'cancelled' } },
      { method: 'PUT', path: `/api/tours/${piece}`, body: TOUR_BODY },
      { method: 'GET', path: `/api/${piece}` },
      { method: 'GET', path: `/api/tours?${piece}=1` },
      { method: 'DELETE', path: `/api/tours/${piece}`, destructive: true },
      { method: 'DELETE', path: `/api/users/${piece}`, destructive: true },
    );
  }
  for (const p of ['/api/tours/filters', '/api/users/profile', '/api/users/me/export', '/api/bookings/my'])
    cases.push({ method: 'GET', path: p });
  cases.push({ method: 'POST', path: '/api/auth/logout', body: { refreshToken: 'x' }, destructive: true });
  return cases;
}
