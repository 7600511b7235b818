import { describe, expect, it } from 'vitest';
import { initials, splitName } from './name';

describe('splitName', () => {
  it('splits on the first space only: the rest is the last name', () => {
    expect(splitName('Amani Mushi Kileo')).toEqual({ firstName: 'Amani', lastName: 'Mushi Kileo' });
    expect(splitName('Neema Kimaro')).toEqual({ firstName: 'Neema', lastName: 'Kimaro' });
  });
  it('gives an empty last name for a single name and ignores outer spaces', () => {
    expect(splitName('  Juma  ')).toEqual({ firstName: 'Juma', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
  it('initials take the first letters of first and last name', () => {
    expect(initials('amani mushi')).toBe('AM');
    expect(initials('Juma')).toBe('J');
    expect(initials('')).toBe('?');
  });
});
