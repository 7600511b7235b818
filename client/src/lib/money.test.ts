import { describe, expect, it } from 'vitest';
import { figuresAndWords, formatCents, parseDollars, payButtonLabel } from './money';

describe('money on screen', () => {
  it('formats cents as dollars with the shared price format', () => {
    expect(formatCents(4500)).toBe('$45.00');
    expect(formatCents(150_000)).toBe('$1,500.00');
    expect(formatCents(1)).toBe('$0.01');
  });

  it('names the pay button by what is due now', () => {
    expect(payButtonLabel('DEPOSIT', 4500)).toBe('Pay deposit ($45.00)');
    expect(payButtonLabel('BALANCE', 145_500)).toBe('Pay balance ($1,455.00)');
    expect(payButtonLabel('FULL', 150_000)).toBe('Pay in full ($1,500.00)');
  });

  it('gives money actions the amount in figures and words', () => {
    expect(figuresAndWords(4550)).toBe('$45.50 (forty-five dollars and fifty cents)');
  });

  it('reads the dollars an admin types as whole cents, and nothing else', () => {
    expect(parseDollars('45')).toBe(4500);
    expect(parseDollars(' $1,500.5 ')).toBe(150_050);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('45.001')).toBeNull();
    expect(parseDollars('-45')).toBeNull();
    expect(parseDollars('forty')).toBeNull();
    expect(parseDollars('')).toBeNull();
  });
});
