import { describe, expect, it } from 'vitest';
import { isEmail, searchDateMinimums } from './validation.js';

describe('searchDateMinimums (spec 5)', () => {
  it('sets the departure minimum to today and the return minimum to today without a departure', () => {
    expect(searchDateMinimums('2025-07-10')).toEqual({ departureMin: '2025-07-10', returnMin: '2025-07-10' });
    expect(searchDateMinimums('2025-07-10', '')).toEqual({ departureMin: '2025-07-10', returnMin: '2025-07-10' });
  });
  it('sets the return minimum to the chosen departure date', () => {
    expect(searchDateMinimums('2025-07-10', '2025-08-01')).toEqual({ departureMin: '2025-07-10', returnMin: '2025-08-01' });
  });
  it('never lets the return minimum fall before today', () => {
    expect(searchDateMinimums('2025-07-10', '2025-07-01').returnMin).toBe('2025-07-10');
  });
});

describe('isEmail', () => {
  it('accepts addresses and refuses malformed or overlong ones', () => {
    expect(isEmail('amina@example.co.tz')).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@c.d', 'a@', 'a\u0000@b.co', 'a@b\u0007.co', null, undefined, `${'a'.repeat(250)}@x.io`]) expect(isEmail(bad)).toBe(false);
  });
});
