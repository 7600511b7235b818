import { describe, expect, it } from 'vitest';
import { eastAfricaDay, eastAfricaMidnight } from './east-africa-time.js';

describe('East Africa Time (UTC+3, no daylight saving)', () => {
  it('gives the Tanzanian calendar day of a moment', () => {
    expect(eastAfricaDay('2027-05-01T20:59:59Z')).toBe('2027-05-01');
    expect(eastAfricaDay('2027-05-01T21:00:00Z')).toBe('2027-05-02');
    expect(eastAfricaDay(new Date('2027-12-31T22:00:00Z'))).toBe('2028-01-01');
    expect(eastAfricaDay('2027-05-02')).toBe('2027-05-02');
    for (const none of [null, undefined, '', 'soon']) expect(eastAfricaDay(none)).toBeNull();
  });

  it('starts a day at 21:00 UTC the evening before', () => {
    expect(eastAfricaMidnight('2027-05-02').toISOString()).toBe('2027-05-01T21:00:00.000Z');
    expect(eastAfricaDay(eastAfricaMidnight('2027-05-02'))).toBe('2027-05-02');
  });
});
