import { describe, expect, it } from 'vitest';
import { DEMO_PARK_DAYS } from './demo-park-days.js';
import { DEMO_TOURS } from './demo-tours.js';
import { SAMPLE_PARK_FEES } from './sample-park-fees.js';

describe('the demo park days', () => {
  it('name a day of a demo tour for each entry, and only areas the sample schedule prices', () => {
    const areas = new Set(SAMPLE_PARK_FEES.fees.areas.map((a) => a.areaCode));
    for (const [title, days] of Object.entries(DEMO_PARK_DAYS)) {
      const tour = DEMO_TOURS.find((t) => t.title === title);
      expect(tour, title).toBeDefined();
      expect(days, title).toHaveLength(tour!.itinerary.length);
      for (const [area] of days) if (area) expect(areas, `${title}: ${area}`).toContain(area);
    }
  });
});
