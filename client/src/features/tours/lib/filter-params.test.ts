import { describe, expect, it } from 'vitest';
import { countText, filterFromParams, statusFilter, toursFoundLabel } from './filter-params';
import { filterCardPrice } from '../components/FilterTourCard';

describe('filterFromParams', () => {
  it('reads every query parameter into the server filter', () => {
    const p = new URLSearchParams(
      'destination=zanzibar&travelType=Beach%20sands&departureTime=2027-01-10&returnTime=2027-01-15&durationDays=1&durationNights=0&dayTrip=true&bookingType=group',
    );
    expect(filterFromParams(p)).toEqual({
      destination: 'zanzibar',
      travelType: 'Beach sands',
      bookingType: 'group',
      departureTime: '2027-01-10',
      returnTime: '2027-01-15',
      durationDays: 1,
      durationNights: 0,
      dayTrip: true,
    });
  });

  it('leaves out empty and malformed values', () => {
    const p = new URLSearchParams(
      'destination=&durationDays=abc&durationNights=-1&dayTrip=maybe&departureTime=tomorrow',
    );
    expect(filterFromParams(p)).toEqual({});
  });

  it('leaves out values the server would refuse, so a bad link widens the list instead of failing it', () => {
    const p = new URLSearchParams(
      `bookingType=bus&departureTime=2027-02-30&returnTime=2027-13-01&durationDays=99999&durationNights=367&destination=${'x'.repeat(101)}&travelType=Safari%00`,
    );
    expect(filterFromParams(p)).toEqual({});
  });

  it('reads the booking type case-insensitively', () => {
    expect(filterFromParams(new URLSearchParams('bookingType=Group'))).toEqual({ bookingType: 'group' });
    expect(filterFromParams(new URLSearchParams('bookingType=PRIVATE&durationDays=366'))).toEqual({
      bookingType: 'private',
      durationDays: 366,
    });
  });

  it('maps the status buttons and counts tours', () => {
    expect(statusFilter('all')).toEqual({});
    expect(statusFilter('trending')).toEqual({ trending: true });
    expect(toursFoundLabel(3)).toBe('3 Tours Found');
    expect(toursFoundLabel(1)).toBe('1 Tours Found');
  });
});

describe('filterCardPrice', () => {
  const card = { bookingType: 'group', tiers: ['Budget'] };
  it('shows the discounted original price, rounded, when both exist', () => {
    expect(filterCardPrice({ ...card, price: 900, priceText: null, originalPrice: 1005, discount: 10 })).toBe('$905');
  });
  it('else the usual price label', () => {
    expect(filterCardPrice({ ...card, price: 90, priceText: null, originalPrice: 90, discount: 0 })).toBe('$90.00');
    expect(filterCardPrice({ ...card, price: null, priceText: null, originalPrice: null, discount: 0 })).toBe(
      'Contact for pricing',
    );
  });
  it('takes an original price of 0 (the new-tour default) for none, whatever the discount', () => {
    expect(filterCardPrice({ ...card, price: 150, priceText: null, originalPrice: 0, discount: 10 })).toBe('$150.00');
    expect(
      filterCardPrice({ ...card, price: null, priceText: 'group budget:1450', originalPrice: 0, discount: 10 }),
    ).toBe('$1,450.00');
  });
  it('prices a tour priced per choice as its page starts: its booking type and first tier', () => {
    const priceText = 'group budget:1450;group mid-range:1890';
    const t = { price: null, priceText, originalPrice: null, discount: 0 };
    expect(filterCardPrice({ ...t, bookingType: 'group', tiers: ['Mid-range', 'Budget'] })).toBe('$1,890.00');
    expect(filterCardPrice({ ...t, bookingType: 'private', tiers: ['Budget'] })).toBe('Contact for pricing');
  });
});

describe('toursFoundLabel and countText', () => {
  it('keep the fixed text for exact counts and mark estimates with "about", rounded', () => {
    expect(toursFoundLabel(1)).toBe('1 Tours Found');
    expect(toursFoundLabel(12)).toBe('12 Tours Found');
    expect(toursFoundLabel(8443, true)).toBe('About 8,400 Tours Found');
    expect(countText(37, false)).toBe('37');
    expect(countText(1001, true)).toBe('about 1,000');
    expect(countText(12_345, true)).toBe('about 12,000');
  });
});
