import { describe, expect, it } from 'vitest';
import {
  CONTACT_FOR_PRICING,
  addDays,
  addMonths,
  cardPrice,
  formatUsd,
  groupThousands,
  fromPrice,
  isEarlyBird,
  matchPriceText,
  parsePriceText,
  priceLabel,
  quote,
  quoteInCents,
  unitPrice,
} from './pricing.js';
import { isIsoDay, travellerToday } from './booking.js';

const TEXT = 'Group Budget:1,450; group mid-range:$1890;PRIVATE Luxury: 4200 ;broken;:99;private budget:';

describe('price text', () => {
  it('parses key:value pairs, skipping malformed ones and empty values', () => {
    expect(parsePriceText(TEXT)).toEqual([
      { key: 'Group Budget', value: 1450 },
      { key: 'group mid-range', value: 1890 },
      { key: 'PRIVATE Luxury', value: 4200 },
    ]);
    expect(parsePriceText(null)).toEqual([]);
    expect(parsePriceText('group budget:-5;group luxury:abc')).toEqual([]);
  });

  it('matches booking type and tier case-insensitively, each a contains-match on the key', () => {
    expect(matchPriceText(TEXT, 'group', 'budget')).toBe(1450);
    expect(matchPriceText(TEXT, 'GROUP', 'Mid-Range')).toBe(1890);
    expect(matchPriceText(TEXT, 'private', 'luxury')).toBe(4200);
    expect(matchPriceText('private mid-range luxury:5000', 'private', 'luxury')).toBe(5000);
    expect(matchPriceText(TEXT, 'private', 'budget')).toBeNull();
    expect(matchPriceText(TEXT, 'group', '')).toBeNull();
  });

  it("labels a numeric price with two decimals, a matched text price with $, and 'Contact for pricing' otherwise", () => {
    expect(priceLabel({ price: 1234 }, 'group', 'Standard')).toBe('$1,234.00');
    expect(priceLabel({ priceText: TEXT }, 'private', 'Luxury')).toBe('$4,200.00');
    expect(priceLabel({ priceText: TEXT }, 'private', 'Budget')).toBe(CONTACT_FOR_PRICING);
    expect(priceLabel({}, 'group', 'Standard')).toBe(CONTACT_FOR_PRICING);
    expect(priceLabel({ priceText: 'nothing here' }, 'group', 'Budget')).toBe('Contact for pricing');
    expect(formatUsd(0.5)).toBe('$0.50');
  });
});

describe('unit price, card price and from price', () => {
  it('uses the numeric price for every booking type and tier', () => {
    expect(unitPrice({ price: 2340, originalPrice: 2600, discount: 10 }, 'private', 'Luxury')).toBe(2340);
    expect(unitPrice({ priceText: TEXT }, 'group', 'budget')).toBe(1450);
    expect(unitPrice({ priceText: TEXT }, 'group', 'luxury')).toBeNull();
  });

  it('shows originalPrice less the discount, rounded, on cards when both exist', () => {
    expect(cardPrice({ price: 239, originalPrice: 260, discount: 8 })).toBe(239);
    expect(cardPrice({ price: 100, originalPrice: 25, discount: 34 })).toBe(17);
    expect(cardPrice({ price: 100, originalPrice: 200, discount: 0 })).toBe(100);
    expect(cardPrice({})).toBeNull();
  });

  it('is the numeric price, else the lowest text price, else the original price', () => {
    expect(fromPrice({ price: 99, priceText: TEXT, originalPrice: 10 })).toBe(99);
    expect(fromPrice({ priceText: TEXT, originalPrice: 10 })).toBe(1450);
    expect(fromPrice({ priceText: 'broken', originalPrice: 300 })).toBe(300);
    expect(fromPrice({})).toBeNull();
  });
});

describe('dates', () => {
  it('adds months clamping to the end of the month, and days across months and leap years', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2025-01-15', 6)).toBe('2025-07-15');
    expect(addDays('2025-03-01', -30)).toBe('2025-01-30');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    // Years 1 to 99 stay themselves (Date.UTC would read them as 1900 to 1999).
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addMonths('0004-01-31', 1)).toBe('0004-02-29');
    // Past either end of the calendar the result is no storable day.
    expect(isIsoDay(addDays('0001-01-01', -1))).toBe(false);
    expect(isIsoDay(addDays('9999-12-31', 1))).toBe(false);
  });

  it('applies early bird from exactly six months ahead', () => {
    expect(isEarlyBird('2026-01-10', '2025-07-10')).toBe(true);
    expect(isEarlyBird('2026-01-09', '2025-07-10')).toBe(false);
    expect(isEarlyBird('2026-02-28', '2025-08-31')).toBe(true);
    expect(isEarlyBird('2026-02-27', '2025-08-31')).toBe(false);
  });
});

describe('quote (3% deposit, balance 30 days before, 5% early bird at 6 months)', () => {
  const today = '2025-07-10';

  it('multiplies, takes a 3% deposit and dates the balance 30 days before departure', () => {
    expect(
      quote(
        { price: 1000 },
        { startDate: '2025-10-01', numberOfPeople: 3, bookingType: 'group', tier: 'Budget' },
        today,
      ),
    ).toEqual({
      unitPrice: 1000,
      earlyBird: false,
      numberOfPeople: 3,
      subtotal: 3000,
      earlyBirdDiscount: 0,
      total: 3000,
      deposit: 90,
      balance: 2910,
      balanceDueDate: '2025-09-01',
      currency: 'USD',
    });
  });

  it('gives 5% off at exactly six months ahead', () => {
    const q = quote(
      { price: 1000 },
      { startDate: '2026-01-10', numberOfPeople: 2, bookingType: 'group', tier: 'x' },
      today,
    )!;
    expect(q).toMatchObject({
      earlyBird: true,
      subtotal: 2000,
      earlyBirdDiscount: 100,
      total: 1900,
      deposit: 57,
      balance: 1843,
    });
    const dayBefore = quote(
      { price: 1000 },
      { startDate: '2026-01-09', numberOfPeople: 2, bookingType: 'group', tier: 'x' },
      today,
    )!;
    expect(dayBefore).toMatchObject({ earlyBird: false, earlyBirdDiscount: 0, total: 2000 });
  });

  it('rounds each amount half up to the cent, exactly (no floating-point drift)', () => {
    // 2410.50 x 5% = 120.525: a float computation gives 120.52.
    const q = quote(
      { price: 2410.5 },
      { startDate: '2026-02-01', numberOfPeople: 1, bookingType: 'group', tier: 'x' },
      today,
    )!;
    expect(q.earlyBirdDiscount).toBe(120.53);
    expect(q.total).toBe(2289.97);
    expect(q.deposit).toBe(68.7);
    expect(q.balance).toBe(2221.27);
    expect(q.deposit + q.balance).toBeCloseTo(q.total, 10);
    const odd = quote(
      { price: 33.35 },
      { startDate: '2025-12-01', numberOfPeople: 3, bookingType: 'group', tier: 'x' },
      today,
    )!;
    expect(odd).toMatchObject({ subtotal: 100.05, deposit: 3, balance: 97.05 });
  });

  it('prices from the text by booking type and tier, and is null (Contact for pricing) when nothing matches', () => {
    expect(
      quote(
        { priceText: TEXT },
        { startDate: '2025-10-01', numberOfPeople: 2, bookingType: 'Private', tier: 'LUXURY' },
        today,
      ),
    ).toMatchObject({ unitPrice: 4200, subtotal: 8400 });
    expect(
      quote(
        { priceText: TEXT },
        { startDate: '2025-10-01', numberOfPeople: 2, bookingType: 'private', tier: 'Budget' },
        today,
      ),
    ).toBeNull();
    expect(
      quote({}, { startDate: '2025-10-01', numberOfPeople: 1, bookingType: 'group', tier: 'Budget' }, today),
    ).toBeNull();
  });

  it("makes a late booking's balance due the day after the earliest today, not a day already past", () => {
    // 10:24 UTC: the earliest calendar day anywhere (UTC-12) is still yesterday, East Africa's is today.
    const earliest = travellerToday(new Date('2026-11-27T10:24:00Z'));
    expect(earliest).toBe('2026-11-26');
    const due = quote(
      { price: 10 },
      { startDate: '2026-12-20', numberOfPeople: 1, bookingType: 'group', tier: 'x' },
      earliest,
    )!.balanceDueDate;
    expect(due).toBe('2026-11-27');
    // Departure exactly 30 days after the earliest today: that day is past in East Africa, so the floor holds.
    expect(
      quote({ price: 10 }, { startDate: '2026-12-26', numberOfPeople: 1, bookingType: 'group', tier: 'x' }, earliest)!
        .balanceDueDate,
    ).toBe('2026-11-27');
    expect(
      quote({ price: 10 }, { startDate: '2027-01-30', numberOfPeople: 1, bookingType: 'group', tier: 'x' }, earliest)!
        .balanceDueDate,
    ).toBe('2026-12-31');
  });
});

describe('quote in cents', () => {
  it('keeps every amount in whole cents and adds up exactly', () => {
    const c = quoteInCents(
      { price: 0.1 },
      { startDate: '2027-03-01', numberOfPeople: 3, bookingType: 'group', tier: 'Budget' },
      '2027-01-01',
    );
    expect(c).toMatchObject({
      unitPriceCents: 10,
      subtotalCents: 30,
      totalCents: 30,
      depositCents: 1,
      balanceCents: 29,
    });
    const big = quoteInCents(
      { price: 1234.57 },
      { startDate: '2028-01-01', numberOfPeople: 7, bookingType: 'group', tier: 'Budget' },
      '2027-01-01',
    )!;
    for (const v of [
      big.unitPriceCents,
      big.subtotalCents,
      big.earlyBirdDiscountCents,
      big.totalCents,
      big.depositCents,
      big.balanceCents,
    ]) {
      expect(Number.isInteger(v)).toBe(true);
    }
    expect(big.subtotalCents - big.earlyBirdDiscountCents).toBe(big.totalCents);
    expect(big.depositCents + big.balanceCents).toBe(big.totalCents);
    // 864,199 cents: 5% is 43,209.95 -> 43,210; 3% of 820,989 is 24,629.67 -> 24,630.
    expect(big).toMatchObject({
      subtotalCents: 864199,
      earlyBirdDiscountCents: 43210,
      totalCents: 820989,
      depositCents: 24630,
    });
  });
  it('is null when the tour has no price for the booking type and tier', () => {
    expect(
      quoteInCents(
        { priceText: 'group budget:100' },
        { startDate: '2027-03-01', numberOfPeople: 1, bookingType: 'private', tier: 'Luxury' },
        '2027-01-01',
      ),
    ).toBeNull();
  });
});

describe('formatUsd, written without Intl', () => {
  const formats = [0, 2].map(
    (decimals) => new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );
  const intl = (amount: number, decimals: 0 | 2) => `$${formats[decimals / 2]!.format(amount)}`;

  it('writes every cent amount up to $20,000 (and below zero) as Intl en-US does', () => {
    const ours: string[] = [];
    const theirs: string[] = [];
    for (let cents = -50_000; cents <= 2_000_000; cents += 7) {
      ours.push(formatUsd(cents / 100), formatUsd(cents / 100, 0));
      theirs.push(intl(cents / 100, 2), intl(cents / 100, 0));
    }
    expect(ours).toEqual(theirs);
  });

  it('rounds the shortest decimal form half away from zero, as Intl does, where toFixed would not', () => {
    for (const amount of [1.005, 2.675, 0.125, 0.5, 1.5, 2.5, -0.5, -0.001, 999.995, 999_999.995, 0, -0, 1e-7, 1e21]) {
      expect(formatUsd(amount)).toBe(intl(amount, 2));
      expect(formatUsd(amount, 0)).toBe(intl(amount, 0));
    }
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
  });

  it('groups digits in threes', () => {
    expect(['1', '12', '123', '1234', '1234567'].map(groupThousands)).toEqual(['1', '12', '123', '1,234', '1,234,567']);
  });
});
