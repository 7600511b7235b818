import { describe, expect, it } from 'vitest';
import {
  DESTINATIONS,
  TRAVEL_TYPES,
  bookingButtonLabel,
  discountedPrice,
  durationLabel,
  isBookingDisabled,
  isDayTrip,
  parseTiers,
  tourStatusLabel,
  withFilterFallbacks,
} from './tour.js';

describe('isDayTrip', () => {
  it('is a day trip with 1 day and 0 nights', () => {
    expect(isDayTrip({ durationDays: 1, durationNights: 0 })).toBe(true);
    expect(isDayTrip({ durationDays: 1 })).toBe(true);
    expect(isDayTrip({ durationDays: 1, durationNights: 1 })).toBe(false);
    expect(isDayTrip({ durationDays: 2, durationNights: 0 })).toBe(false);
  });
  it('is a day trip when departure and return fall on the same calendar day in Tanzania (UTC+3)', () => {
    expect(
      isDayTrip({ durationDays: 0, departureTime: '2025-08-01T05:00:00Z', returnTime: '2025-08-01T17:00:00Z' }),
    ).toBe(true);
    // 01:00 to 11:00 on 2 August in Tanzania, though it leaves on 1 August in UTC.
    expect(
      isDayTrip({
        durationDays: 2,
        departureTime: new Date('2025-08-01T22:00:00Z'),
        returnTime: new Date('2025-08-02T08:00:00Z'),
      }),
    ).toBe(true);
    // 23:00 on 1 August to 01:00 on 2 August in Tanzania: one UTC day, two Tanzanian ones.
    expect(
      isDayTrip({ durationDays: 2, departureTime: '2025-08-01T20:00:00Z', returnTime: '2025-08-01T22:00:00Z' }),
    ).toBe(false);
    expect(
      isDayTrip({ durationDays: 2, departureTime: '2025-08-01T05:00:00Z', returnTime: '2025-08-02T05:00:00Z' }),
    ).toBe(false);
    expect(isDayTrip({ durationDays: 2, departureTime: '2025-08-01T05:00:00Z', returnTime: null })).toBe(false);
    expect(isDayTrip({ durationDays: 2, departureTime: 'nonsense', returnTime: 'nonsense' })).toBe(false);
  });
});

describe('discountedPrice', () => {
  it('reduces originalPrice by the discount percent and rounds', () => {
    expect(discountedPrice(2600, 10)).toBe(2340);
    expect(discountedPrice(260, 8)).toBe(239);
    expect(discountedPrice(99.99, 0)).toBe(100);
  });
  it('rounds halves up, without floating-point drift', () => {
    expect(discountedPrice(25, 34)).toBe(17);
    expect(discountedPrice(15, 90)).toBe(2);
    expect(discountedPrice(45, 10)).toBe(41);
  });
  it('ignores missing or negative discounts, caps at 100%, and is null without a price', () => {
    expect(discountedPrice(120, null)).toBe(120);
    expect(discountedPrice(120, -5)).toBe(120);
    expect(discountedPrice(120, 150)).toBe(0);
    expect(discountedPrice(null, 10)).toBeNull();
    expect(discountedPrice(Number.NaN, 10)).toBeNull();
  });
});

describe('tour labels and tiers', () => {
  it('labels statuses and booking buttons', () => {
    expect(['active', 'inactive', 'draft', 'archived', ''].map(tourStatusLabel)).toEqual([
      'Available',
      'Unavailable',
      'Coming Soon',
      'archived',
      'Status unknown',
    ]);
    expect(['active', 'inactive', 'draft', 'other'].map(bookingButtonLabel)).toEqual([
      'Book Tour',
      'Currently Unavailable',
      'Coming Soon',
      'Continue booking',
    ]);
    expect(['inactive', 'draft', 'active'].map(isBookingDisabled)).toEqual([true, true, false]);
  });
  it('splits the comma-separated Tier, Standard when none', () => {
    expect(parseTiers(' Budget, Mid-range ,,Luxury')).toEqual(['Budget', 'Mid-range', 'Luxury']);
    expect(parseTiers(null)).toEqual(['Standard']);
    expect(parseTiers(' , ')).toEqual(['Standard']);
  });
  it('writes durations', () => {
    expect(durationLabel(7, 6)).toBe('7 days / 6 nights');
    expect(durationLabel(1, 0)).toBe('1 day');
  });
});

describe('filter option fallbacks', () => {
  it('uses the built-in lists and 200-5000 for whatever is empty', () => {
    expect(withFilterFallbacks({})).toEqual({
      destinations: [...DESTINATIONS],
      travelTypes: [...TRAVEL_TYPES],
      tiers: ['Budget', 'Mid-range', 'Luxury'],
      bookingTypes: ['group', 'private'],
      priceRange: { minPrice: 200, maxPrice: 5000 },
    });
    const kept = withFilterFallbacks({ destinations: ['Arusha'], priceRange: { minPrice: 60, maxPrice: 6500 } });
    expect(kept.destinations).toEqual(['Arusha']);
    expect(kept.priceRange).toEqual({ minPrice: 60, maxPrice: 6500 });
    expect(kept.travelTypes).toEqual([...TRAVEL_TYPES]);
  });
});
