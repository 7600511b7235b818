import { describe, expect, it } from 'vitest';
import { TOUR_PRICE_COLUMN, TOUR_PRICE_MAX, validateTourForm, type TourFormValues } from './tour-form.js';

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
