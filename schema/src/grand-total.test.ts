import { describe, expect, it } from 'vitest';
import { grandTotalInCents, quoteInCents, refrozenTotalsInCents } from './pricing.js';

describe('grand total with park fees', () => {
  it('takes the deposit and balance of the operator price plus the park fees', () => {
    expect(grandTotalInCents(100_000, 35_400)).toEqual({
      totalCents: 100_000,
      parkFeesCents: 35_400,
      grandTotalCents: 135_400,
      depositCents: 4_062,
      balanceCents: 131_338,
    });
  });

  it('is the operator total alone when the trip has no park fees', () => {
    const g = grandTotalInCents(100_000, null);
    expect(g).toMatchObject({ parkFeesCents: null, grandTotalCents: 100_000, depositCents: 3_000 });
  });

  it('applies the early-bird discount to the operator price only', () => {
    const q = quoteInCents(
      { price: 1000 },
      { startDate: '2028-01-01', numberOfPeople: 2, bookingType: 'group', tier: 'Budget' },
      '2027-01-01',
    )!;
    expect(q.earlyBirdDiscountCents).toBe(10_000);
    const g = grandTotalInCents(q.totalCents, 50_000);
    // 5% of $2,000, not of $2,500: the parks' fees are never discounted.
    expect(g.grandTotalCents).toBe(190_000 + 50_000);
    expect(g.depositCents).toBe(7_200);
  });

  it('rounds the deposit half up and always adds up to the grand total', () => {
    for (const [total, fees] of [
      [1, 0],
      [17, 33],
      [123_457, 98_765],
      [50, null],
    ] as const) {
      const g = grandTotalInCents(total, fees);
      expect(Number.isInteger(g.depositCents)).toBe(true);
      expect(g.depositCents + g.balanceCents).toBe(g.grandTotalCents);
    }
    expect(grandTotalInCents(50, 0).depositCents).toBe(2);
  });
});

describe('totals after a park fee change', () => {
  const booked = { totalCents: 100_000, depositCents: 4_062 };

  it('keeps a paid deposit and lets the balance absorb the difference', () => {
    const g = refrozenTotalsInCents(booked, 40_000, true);
    expect(g).toMatchObject({ grandTotalCents: 140_000, depositCents: 4_062, balanceCents: 135_938 });
  });

  it('takes an unpaid deposit afresh of the new grand total', () => {
    const g = refrozenTotalsInCents(booked, 40_000, false);
    expect(g).toMatchObject({ grandTotalCents: 140_000, depositCents: 4_200, balanceCents: 135_800 });
  });

  it('lowers the balance when the fees fall', () => {
    const g = refrozenTotalsInCents(booked, 20_000, true);
    expect(g.balanceCents).toBe(120_000 - 4_062);
  });
});
