import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatTanzaniaTime } from './format';

// The hand-written dates must read exactly as Intl's British English writes them, which the server's
// pages and the browser's hydration both showed before.
const intlDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const intlTanzania = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Dar_es_Salaam',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

describe('dates as the pages show them', () => {
  it('writes every day of 2024 to 2035 as Intl en-GB does ("12 Mar 2027", "3 Sept 2026")', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2036, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatDay(day)).toBe(intlDay.format(new Date(`${day}T12:00:00Z`)));
    }
    expect(formatDay('2026-09-03')).toBe('3 Sept 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes moments in Tanzanian time as Intl does with Africa/Dar_es_Salaam, across midnights and years', () => {
    // Every 7 h 13 min over several years lands on every hour, minute pattern and weekday.
    for (let t = Date.UTC(2025, 11, 30, 20); t < Date.UTC(2029, 0, 1); t += (7 * 60 + 13) * 60_000) {
      expect(formatTanzaniaTime(new Date(t))).toBe(intlTanzania.format(new Date(t)));
    }
    expect(formatTanzaniaTime(new Date('2026-09-12T05:30:00Z'))).toBe('Sat, 12 Sept 2026, 08:30');
    expect(formatTanzaniaTime(new Date('2026-12-31T21:05:00Z'))).toBe('Fri, 1 Jan 2027, 00:05');
  });

  it('writes a moment in UTC with seconds, as logs are read', () => {
    expect(formatMoment('2026-11-24T18:12:05.123Z')).toBe('24 Nov 2026, 18:12:05 UTC');
    expect(formatMoment('garbage')).toBe('garbage');
  });
});
