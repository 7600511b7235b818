import { describe, expect, it } from 'vitest';
import { totalLines, type BookingFacts } from './booking.entity.js';

const facts = (over: Partial<BookingFacts>) => ({ totalCents: 444_600, parkFeesCents: 0, ...over }) as BookingFacts;

describe('the total in booking and payment mails', () => {
  it('is the tour price and the park fees when every park day is priced', () => {
    expect(totalLines(facts({ parkFeesCents: 191_160 }))).toEqual([
      ['Tour price', '$4,446.00'],
      ['Park fees, paid on to the parks', '$1,911.60'],
      ['Total', '$6,357.60'],
    ]);
    expect(totalLines(facts({ parkFeesCents: null }))).toEqual([['Total', '$4,446.00']]);
  });

  it('does not read as final while the parks have not published the fees of some days', () => {
    expect(totalLines(facts({ unpricedParkDays: 7 }))).toEqual([
      ['Tour price', '$4,446.00'],
      ['Park fees, paid on to the parks', '$0.00, without 7 park days whose fees the parks have not published yet'],
      ['Total', '$4,446.00 so far: we will add the fees of those days once published'],
    ]);
    expect(totalLines(facts({ unpricedParkDays: 1 }))[1]![1]).toContain('without 1 park day whose');
  });
});
