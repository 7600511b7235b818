import { describe, expect, it } from 'vitest';
import { DEMO_PARK_DAYS } from './demo-park-days.js';
import { DEMO_TOURS } from './demo-tours.js';
import { SAMPLE_FEES, sampleParkFeeSchedules } from './sample-park-fees.js';

describe('the demo park days', () => {
  it('name a day of a demo tour for each entry, and only areas the sample schedule prices', () => {
    const areas = new Set(SAMPLE_FEES.areas.map((a) => a.areaCode));
    for (const [title, days] of Object.entries(DEMO_PARK_DAYS)) {
      const tour = DEMO_TOURS.find((t) => t.title === title);
      expect(tour, title).toBeDefined();
      expect(days, title).toHaveLength(tour!.itinerary.length);
      for (const [area] of days) if (area) expect(areas, `${title}: ${area}`).toContain(area);
    }
  });

  it('make each tour that is charged park fees list them as not included, never as included', () => {
    for (const title of Object.keys(DEMO_PARK_DAYS)) {
      const tour = DEMO_TOURS.find((t) => t.title === title)!;
      expect(
        tour.included.filter((item) => /park|hut|camping|conservation/i.test(item) && /fee/i.test(item)),
        title,
      ).toEqual([]);
      expect(
        tour.notIncluded.some((item) => /^Park fees/.test(item)),
        title,
      ).toBe(true);
    }
  });
});

describe('the sample park fee schedules', () => {
  it('cover the fee year of the day the demo is seeded and the next one, whatever that day', () => {
    const spans = (today: string) => sampleParkFeeSchedules(today).map((s) => [s.validFrom, s.validTo]);
    expect(spans('2026-11-25')).toEqual([
      ['2026-07-01', '2027-06-30'],
      ['2027-07-01', '2028-06-30'],
    ]);
    expect(spans('2027-06-30')[0]).toEqual(['2026-07-01', '2027-06-30']);
    expect(spans('2027-07-01')[0]).toEqual(['2027-07-01', '2028-06-30']);
    expect(sampleParkFeeSchedules('2029-01-15').map((s) => s.name.slice(0, 14))).toEqual([
      'Sample 2028/29',
      'Sample 2029/30',
    ]);
  });
});
