import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  hasControlCharacters,
  isEmail,
  isStorableDate,
  parseIsoDateTime,
  passwordLengthError,
  searchDateMinimums,
} from './validation.js';

describe('searchDateMinimums', () => {
  it('sets the departure minimum to today and the return minimum to today without a departure', () => {
    expect(searchDateMinimums('2025-07-10')).toEqual({ departureMin: '2025-07-10', returnMin: '2025-07-10' });
    expect(searchDateMinimums('2025-07-10', '')).toEqual({ departureMin: '2025-07-10', returnMin: '2025-07-10' });
  });
  it('sets the return minimum to the chosen departure date', () => {
    expect(searchDateMinimums('2025-07-10', '2025-08-01')).toEqual({
      departureMin: '2025-07-10',
      returnMin: '2025-08-01',
    });
  });
  it('never lets the return minimum fall before today', () => {
    expect(searchDateMinimums('2025-07-10', '2025-07-01').returnMin).toBe('2025-07-10');
  });
});

describe('isEmail', () => {
  it('accepts addresses and refuses malformed or overlong ones', () => {
    expect(isEmail('amina@example.co.tz')).toBe(true);
    for (const bad of [
      '',
      'a@b',
      'a b@c.d',
      '@c.d',
      'a@',
      'a\u0000@b.co',
      'a@b\u0007.co',
      null,
      undefined,
      `${'a'.repeat(250)}@x.io`,
    ])
      expect(isEmail(bad)).toBe(false);
  });
});

describe('passwordLengthError', () => {
  it('asks for 8 to 256 characters, counting characters rather than UTF-16 units', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(256);
    expect(passwordLengthError('1234567')).toBe('Password must be at least 8 characters');
    expect(passwordLengthError('')).toBe('Password must be at least 8 characters');
    expect(passwordLengthError('12345678')).toBeNull();
    expect(passwordLengthError('x'.repeat(256))).toBeNull();
    expect(passwordLengthError('x'.repeat(257))).toBe('Password must be at most 256 characters');
    // Four emoji are eight UTF-16 units but four characters.
    expect(passwordLengthError('🦁🐘🦒🦓')).toBe('Password must be at least 8 characters');
    expect(passwordLengthError('🦁🐘🦒🦓🦛🐆🐊🦏')).toBeNull();
  });
});

describe('hasControlCharacters and isStorableDate', () => {
  it('finds NUL and other control characters; a multi-line text may hold tabs and line breaks', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f']) {
      expect(hasControlCharacters(bad)).toBe(true);
      expect(hasControlCharacters(bad, true)).toBe(true);
    }
    expect(hasControlCharacters('line one\r\n\tline two')).toBe(true);
    expect(hasControlCharacters('line one\r\n\tline two', true)).toBe(false);
    expect(hasControlCharacters('Serengeti – 5 days ☀')).toBe(false);
  });

  it('admits years 1 to 9999 only', () => {
    expect(isStorableDate(new Date('2027-06-01T00:00:00Z'))).toBe(true);
    expect(isStorableDate(new Date('9999-12-31T23:59:59Z'))).toBe(true);
    expect(isStorableDate(new Date('+010000-01-01T00:00:00Z'))).toBe(false);
    expect(isStorableDate(new Date('-000001-01-01T00:00:00Z'))).toBe(false);
    expect(isStorableDate(new Date('nope'))).toBe(false);
  });
});

describe('parseIsoDateTime', () => {
  it('reads a day as midnight UTC and a day and time with its offset', () => {
    expect(parseIsoDateTime('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(parseIsoDateTime('2027-07-01T05:00:00.000Z')?.toISOString()).toBe('2027-07-01T05:00:00.000Z');
    expect(parseIsoDateTime('2027-07-01T08:30+03:00')?.toISOString()).toBe('2027-07-01T05:30:00.000Z');
    expect(parseIsoDateTime('2027-07-01T08:30:15.123456+0300')?.toISOString()).toBe('2027-07-01T05:30:15.123Z');
    expect(parseIsoDateTime('2027-07-01 02:00-03')?.toISOString()).toBe('2027-07-01T05:00:00.000Z');
    expect(parseIsoDateTime('0050-01-01T00:00Z')?.toISOString()).toBe('0050-01-01T00:00:00.000Z');
  });
  it('reads a time without an offset as local time, as ISO 8601 does', () => {
    expect(parseIsoDateTime('2027-07-01T05:00')?.getTime()).toBe(new Date(2027, 6, 1, 5, 0).getTime());
  });
  it('refuses days and times that do not exist rather than rolling them over', () => {
    for (const text of [
      '2026-02-30',
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-07-01T24:00Z',
      '2026-07-01T23:60Z',
      '2026-07-01T23:59:60Z',
      '2026-07-01T05:00+24:00',
      '-1',
      '1',
      '2026',
      '2026-7-1',
      '01/07/2026',
      'July 1, 2026',
      '+275760-09-13T00:00:00.000Z',
      '2026-07-01\u0000',
      '',
    ])
      expect(parseIsoDateTime(text), text).toBeNull();
  });
});
