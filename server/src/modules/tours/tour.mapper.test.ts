import { describe, expect, it } from 'vitest';
import type { TourListRow } from './tour-list-row.js';
import { GRAPHQL_ONLY_TOUR_FIELDS, toRestTour, toTourType } from './tour.mapper.js';

const row = (over: Partial<TourListRow> = {}): TourListRow => ({
  id: 7,
  title: 'Serengeti Migration Safari',
  description: 'Five days on the plains.',
  destination: 'Serengeti',
  country: 'Tanzania',
  durationDays: 5,
  durationNights: 4,
  duration: '5 days',
  price: 1850,
  priceText: '$1,850',
  originalPrice: 2000,
  discount: 7,
  images: ['/uploads/a.jpg'],
  bg: null,
  featured: true,
  popular: false,
  trending: true,
  rating: 4.8,
  numRatings: 31,
  tourType: 'Safari',
  features: ['Game drives'],
  categories: ['Wildlife'],
  included: ['Park fees'],
  notIncluded: ['Flights'],
  capacity: 12,
  status: 'Active',
  departureLocation: 'Arusha',
  departureTime: new Date('2027-01-09T04:00:00Z'),
  returnTime: null,
  itinerary: [{ day: 1, title: 'Arrival', description: 'Arusha' }],
  tier: 'Luxury,Mid-range',
  bookingType: 'group',
  travelType: 'Safari',
  createdAt: new Date('2026-01-02T03:04:05Z'),
  updatedAt: new Date('2026-02-03T04:05:06Z'),
  fromPrice: 1850,
  ...over,
});

/** The REST shape as its rule states it: every GraphQL field but GraphQL's own, under its REST name, dates as ISO text. */
function byTheRule(t: TourListRow): Record<string, unknown> {
  const g = toTourType(t) as unknown as Record<string, unknown>;
  const rest: Record<string, unknown> = {
    id: g.id,
    _id: g.id,
    title: g.title,
    description: g.description,
    desc: g.description,
  };
  for (const [key, value] of Object.entries(g)) {
    if ((GRAPHQL_ONLY_TOUR_FIELDS as readonly string[]).includes(key)) continue;
    rest[key === 'tier' ? 'Tier' : key] = value instanceof Date ? value.toISOString() : value;
  }
  rest.price = g.price ?? g.priceText;
  return rest;
}

describe('the REST tour shape', () => {
  it('holds every field of the GraphQL tour but its own, in the same order, with dates as ISO text', () => {
    const t = row();
    expect(JSON.stringify(toRestTour(t))).toBe(JSON.stringify(byTheRule(t)));
    expect(toRestTour(t)).toMatchObject({ _id: '7', desc: 'Five days on the plains.', Tier: 'Luxury,Mid-range' });
    expect(toRestTour(t).departureTime).toBe('2027-01-09T04:00:00.000Z');
  });

  it('gives the price text when a tour has no numeric price', () => {
    const t = row({ price: null, priceText: 'On request' });
    expect(toRestTour(t).price).toBe('On request');
    expect(JSON.stringify(toRestTour(t))).toBe(JSON.stringify(byTheRule(t)));
  });
});
