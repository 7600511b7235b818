import { describe, expect, it } from 'vitest';
import { ratingStars, reviewCountLabel, displayRating } from './rating.js';

describe('rating stars', () => {
  it('shows full stars for the integer part and empty ones to make five', () => {
    expect(ratingStars(4)).toEqual({ value: 4, label: '4.0', full: 4, half: 0, empty: 1 });
    expect(ratingStars(5)).toEqual({ value: 5, label: '5.0', full: 5, half: 0, empty: 0 });
  });
  it('adds a half star when the fraction is from 0.25 up to but excluding 0.75', () => {
    expect(ratingStars(3.25)).toMatchObject({ full: 3, half: 1, empty: 1 });
    expect(ratingStars(3.5)).toMatchObject({ full: 3, half: 1, empty: 1, label: '3.5' });
    expect(ratingStars(3.74)).toMatchObject({ full: 3, half: 1, empty: 1 });
    expect(ratingStars(3.75)).toMatchObject({ full: 3, half: 0, empty: 2 });
    expect(ratingStars(3.24)).toMatchObject({ full: 3, half: 0, empty: 2 });
  });
  it('defaults to 4.5 when missing, not a number, or 0 or less', () => {
    for (const r of [undefined, null, NaN, 'abc', 0, -1]) {
      expect(ratingStars(r)).toEqual({ value: 4.5, label: '4.5', full: 4, half: 1, empty: 0 });
    }
    expect(displayRating('4.2')).toBe(4.2);
  });
  it('never shows more than five stars', () => {
    expect(ratingStars(7)).toMatchObject({ full: 5, half: 0, empty: 0 });
  });
});

describe('review count', () => {
  it('shows 25+ when missing or 0', () => {
    expect(reviewCountLabel(undefined)).toBe('25+');
    expect(reviewCountLabel(0)).toBe('25+');
    expect(reviewCountLabel(null)).toBe('25+');
  });
  it('shows the count otherwise', () => {
    expect(reviewCountLabel(128)).toBe('128');
  });
});
