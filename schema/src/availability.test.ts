import { describe, expect, it } from 'vitest';
import { departurePrices } from './availability.js';
import { quote } from './pricing.js';

const today = '2027-01-01';

describe('departurePrices', () => {
  it('gives one price per booking type and tier, each the unit price of a one-person quote', () => {
    const tour = {
      price: null,
      priceText: 'group budget:1200;group luxury:2400;private budget:1500;private luxury:3100',
      tier: 'Budget,Luxury',
    };
    const prices = departurePrices(tour, '2027-03-01', today);
    expect(prices.map((p) => [p.bookingType, p.tier, p.amount])).toEqual([
      ['group', 'Budget', 1200],
      ['group', 'Luxury', 2400],
      ['private', 'Budget', 1500],
      ['private', 'Luxury', 3100],
    ]);
    for (const p of prices) {
      expect(p.amount).toBe(
        quote(tour, { startDate: '2027-03-01', numberOfPeople: 1, bookingType: p.bookingType, tier: p.tier }, today)!
          .unitPrice,
      );
      expect(p.currency).toBe('USD');
      expect(p.earlyBird).toBe(false);
    }
  });

  it('prices every pair alike when the tour has one numeric price, and takes Standard when it names no tier', () => {
    expect(departurePrices({ price: 250, tier: null }, '2027-02-01', today)).toEqual([
      { bookingType: 'group', tier: 'Standard', amount: 250, earlyBird: false, currency: 'USD' },
      { bookingType: 'private', tier: 'Standard', amount: 250, earlyBird: false, currency: 'USD' },
    ]);
  });

  it('says when a date is early-bird (six months on or more); a pair without price is null and gets no discount', () => {
    const prices = departurePrices({ price: null, priceText: 'group luxury:900', tier: 'Luxury' }, '2027-07-01', today);
    expect(prices).toEqual([
      { bookingType: 'group', tier: 'Luxury', amount: 900, earlyBird: true, currency: 'USD' },
      { bookingType: 'private', tier: 'Luxury', amount: null, earlyBird: false, currency: 'USD' },
    ]);
  });
});
