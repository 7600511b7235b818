import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './money-words.js';

describe('numberInWords', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [45, 'forty-five'],
    [100, 'one hundred'],
    [105, 'one hundred and five'],
    [999, 'nine hundred and ninety-nine'],
    [1000, 'one thousand'],
    [1005, 'one thousand and five'],
    [1500, 'one thousand five hundred'],
    [12_345, 'twelve thousand three hundred and forty-five'],
    [1_000_001, 'one million and one'],
    [2_000_300, 'two million three hundred'],
  ])('%i is "%s"', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses negative, fractional and unsafe numbers', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'zero dollars'],
    [1, 'one cent'],
    [99, 'ninety-nine cents'],
    [100, 'one dollar'],
    [101, 'one dollar and one cent'],
    [4500, 'forty-five dollars'],
    [4550, 'forty-five dollars and fifty cents'],
    [150_000, 'one thousand five hundred dollars'],
    [145_501, 'one thousand four hundred and fifty-five dollars and one cent'],
    [1_000_000_00, 'one million dollars'],
  ])('%i cents is "%s"', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it('tells apart amounts a slipped digit confuses', () => {
    expect(amountInWords(45_000)).toBe('four hundred and fifty dollars');
    expect(amountInWords(450_000)).toBe('four thousand five hundred dollars');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => amountInWords(12.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});
