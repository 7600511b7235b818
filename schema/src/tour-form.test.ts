import { describe, expect, it } from 'vitest';
import { TOUR_LIMITS, TOUR_PRICE_COLUMN, TOUR_PRICE_MAX, validateTourForm, type TourFormValues } from './tour-form.js';

const TOUR: TourFormValues = {
  title: 'Serengeti Migration',
  description: 'Five days on the plains.',
  destination: 'serengeti',
  country: 'Tanzania',
  durationDays: 5,
  durationNights: 4,
  duration: '',
  price: '1450',
  originalPrice: 1600,
  discount: 10,
  rating: 4.5,
  numRatings: 25,
  capacity: 6,
  status: 'active',
  bookingType: 'group',
  tier: 'Budget',
  itinerary: [],
};
const problems = (over: Partial<TourFormValues>) => validateTourForm({ ...TOUR, ...over });

describe('tour prices', () => {
  it('are bounded by what a numeric(12,2) column holds', () => {
    expect(TOUR_PRICE_COLUMN).toEqual({ precision: 12, scale: 2 });
    expect(TOUR_PRICE_MAX).toBe(9_999_999_999.99);
  });

  it('accept every amount up to the largest the column holds, as a number or per booking type and tier', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ price: '9999999999.99', originalPrice: TOUR_PRICE_MAX })).toEqual([]);
    expect(problems({ price: 'group budget:9999999999.99;private luxury:0', originalPrice: 0 })).toEqual([]);
  });

  it('refuse a price, a price per tier or an original price too large to store, saying so', () => {
    const tooLarge = { field: 'price', message: 'Price must be at most $9,999,999,999.99' };
    for (const price of ['10000000000', '99999999999999999999', 'group budget:1e308', 'a:1;b:9999999999.995'])
      expect(problems({ price }), price).toEqual([tooLarge]);
    expect(problems({ originalPrice: 9_999_999_999.995 })).toEqual([
      { field: 'originalPrice', message: 'Original price must be at most $9,999,999,999.99' },
    ]);
    expect(problems({ originalPrice: -1 })).toEqual([
      { field: 'originalPrice', message: 'Original price cannot be negative' },
    ]);
    expect(problems({ originalPrice: Number.NaN })).toEqual([
      { field: 'originalPrice', message: 'Original price must be a number' },
    ]);
  });

  it('still ask for a price when there is none to read', () => {
    expect(problems({ price: '1e15' })).toEqual([{ field: 'price', message: 'Valid price is required' }]);
    expect(problems({ price: '' })).toEqual([{ field: 'price', message: 'Valid price is required' }]);
  });
});

const day = (n: number, title = `Day ${n}`) => ({ day: n, title, description: '' });

describe('tour texts and lists', () => {
  const long = 'x'.repeat(TOUR_LIMITS.textMax + 1);
  const items = (n: number) => Array.from({ length: n }, (_, i) => `Item ${i}`);

  it('take every short text up to 200 characters and every list up to 100 items of 200 characters', () => {
    const full = 'x'.repeat(TOUR_LIMITS.textMax);
    expect(
      problems({
        destination: full,
        country: full,
        duration: full,
        tourType: full,
        travelType: full,
        departureLocation: full,
        features: [...items(99), full],
        categories: items(100),
        included: items(100),
        notIncluded: items(100),
        itinerary: [day(1, full)],
      }),
    ).toEqual([]);
  });

  it('refuse a short text longer than 200 characters, naming it', () => {
    for (const [field, label] of [
      ['destination', 'Destination'],
      ['country', 'Country'],
      ['duration', 'Duration'],
      ['tourType', 'Tour type'],
      ['travelType', 'Travel type'],
      ['departureLocation', 'Departure location'],
    ] as const) {
      expect(problems({ [field]: long }), field).toEqual([
        { field, message: `${label} must be at most 200 characters` },
      ]);
    }
    expect(problems({ tier: `Budget,${long}` })).toEqual([
      { field: 'Tier', message: 'Tier must be at most 200 characters' },
    ]);
    expect(problems({ price: `group budget:1;${'a'.repeat(500)}` })).toEqual([
      { field: 'price', message: 'Price must be at most 500 characters' },
    ]);
  });

  it('refuse a list of more than 100 items, or an item longer than 200 characters', () => {
    expect(problems({ categories: items(10_000) })).toEqual([
      { field: 'categories', message: 'Categories must have at most 100 items' },
    ]);
    expect(problems({ features: items(150) })).toEqual([
      { field: 'features', message: 'Features must have at most 100 items' },
    ]);
    expect(problems({ included: items(101), notIncluded: items(101) })).toEqual([
      { field: 'included', message: 'Included items must have at most 100 items' },
      { field: 'notIncluded', message: 'Not-included items must have at most 100 items' },
    ]);
    expect(problems({ features: ['Lunch box', 'x'.repeat(90_000)] })).toEqual([
      { field: 'features', message: 'Each feature must be at most 200 characters' },
    ]);
    expect(problems({ categories: [long], included: [long], notIncluded: [long] })).toEqual([
      { field: 'categories', message: 'Each category must be at most 200 characters' },
      { field: 'included', message: 'Each included item must be at most 200 characters' },
      { field: 'notIncluded', message: 'Each not-included item must be at most 200 characters' },
    ]);
  });

  it('refuse an itinerary day whose title or description is too long', () => {
    expect(problems({ itinerary: [day(1, long), { day: 2, title: 'Out', description: 'x'.repeat(20_001) }] })).toEqual([
      { field: 'itinerary.0.title', message: 'Day 1: the title must be at most 200 characters' },
      { field: 'itinerary.1.description', message: 'Day 2: the description must be at most 20000 characters' },
    ]);
  });
});

describe('tour length', () => {
  it('takes nights up to the days: a day trip, a 3-day safari, a night flight home', () => {
    for (const [durationDays, durationNights] of [
      [1, 0],
      [3, 2],
      [3, 3],
      [5, null],
    ] as const)
      expect(problems({ durationDays, durationNights }), `${durationDays}/${durationNights}`).toEqual([]);
  });

  it('refuses more nights than days', () => {
    expect(problems({ durationDays: 2, durationNights: 9 })).toEqual([
      { field: 'durationNights', message: 'Nights must be at most the number of days (2)' },
    ]);
    expect(problems({ durationDays: 1, durationNights: 1 })).toEqual([]);
    expect(problems({ durationDays: 1, durationNights: 2 })).toEqual([
      { field: 'durationNights', message: 'Nights must be at most the number of days (1)' },
    ]);
  });

  it('leaves nights to the duration text when no days are stated', () => {
    expect(problems({ durationDays: 0, durationNights: 3, duration: 'Flexible' })).toEqual([]);
    expect(problems({ durationDays: null, durationNights: 3, duration: 'Flexible' })).toEqual([]);
  });
});

describe('itinerary days', () => {
  it('may cover fewer days than the tour, in any order', () => {
    expect(problems({ itinerary: [day(1), day(3)] })).toEqual([]);
    expect(problems({ itinerary: [day(5), day(1)] })).toEqual([]);
  });

  it('are refused when a day number repeats', () => {
    expect(problems({ itinerary: [day(1), day(2), day(1, 'Again')] })).toEqual([
      { field: 'itinerary.2.day', message: 'Day 1 appears more than once in the itinerary' },
    ]);
  });

  it("are refused past the tour's last day", () => {
    expect(problems({ durationDays: 3, durationNights: 2, itinerary: [day(1), day(9)] })).toEqual([
      { field: 'itinerary.1.day', message: "Day 9 is after the tour's last day (day 3)" },
    ]);
  });

  it('are not held to a last day when the tour states none', () => {
    expect(problems({ durationDays: 0, durationNights: 0, duration: 'Flexible', itinerary: [day(9)] })).toEqual([]);
  });

  it('beyond 60 are refused once, not day by day', () => {
    const itinerary = Array.from({ length: 1000 }, () => day(1, ''));
    expect(problems({ itinerary })).toEqual([{ field: 'itinerary', message: 'At most 60 itinerary days' }]);
  });
});
