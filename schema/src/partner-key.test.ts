import { describe, expect, it } from 'vitest';
import { validatePartnerKeyForm } from './partner-key.js';

const ok = { partnerName: 'Safari Link Agency', name: 'Production' };

describe('validatePartnerKeyForm', () => {
  it('accepts names without a rate limit, and a limit within 1-100000', () => {
    expect(validatePartnerKeyForm(ok)).toEqual([]);
    expect(validatePartnerKeyForm({ ...ok, rateLimitPerMinute: 1 })).toEqual([]);
    expect(validatePartnerKeyForm({ ...ok, rateLimitPerMinute: 100_000 })).toEqual([]);
  });
  it('reports every missing name', () => {
    expect(validatePartnerKeyForm({ partnerName: '', name: '' }).map((e) => e.message)).toEqual([
      'Partner name is required',
      'Key name is required',
    ]);
  });
  it('limits the lengths and refuses control characters', () => {
    expect(
      validatePartnerKeyForm({ partnerName: 'x'.repeat(101), name: 'y'.repeat(61) }).map((e) => e.message),
    ).toEqual(['Partner name must be at most 100 characters', 'Key name must be at most 60 characters']);
    expect(validatePartnerKeyForm({ ...ok, name: 'Prod\u0000' })).toEqual([
      { field: 'name', message: 'Key name must not contain control characters' },
    ]);
  });
  it('refuses a rate limit outside 1-100000 or not whole', () => {
    for (const rateLimitPerMinute of [0, -5, 100_001, 2.5]) {
      expect(validatePartnerKeyForm({ ...ok, rateLimitPerMinute }), String(rateLimitPerMinute)).toEqual([
        {
          field: 'rateLimitPerMinute',
          message: 'Rate limit must be a whole number of requests per minute from 1 to 100,000',
        },
      ]);
    }
  });
});
