import { describe, expect, it } from 'vitest';
import type { ParkFeeScheduleFieldsFragment } from '../../../../gql/admin/graphql';
import {
  copyAsNextSeason,
  fieldKeyOf,
  nextSeasonName,
  parseAmount,
  scheduleInput,
  scheduleToForm,
} from './schedule-form';

const saved: ParkFeeScheduleFieldsFragment = {
  id: '3',
  name: '2026/27',
  validFrom: '2026-07-01',
  validTo: '2027-06-30',
  updatedAt: '2026-06-01T08:00:00.000Z',
  vatPercent: 18,
  tzsPerUsd: 2600,
  peakSeasons: [{ from: '06-01', to: '10-31' }],
  areas: [
    {
      areaCode: 'SERENGETI_NP',
      areaName: 'Serengeti National Park',
      fees: [
        { kind: 'ENTRY_PEAK', residency: 'NON_RESIDENT', ageBand: 'ADULT', amount: 8260, currency: 'USD' },
        { kind: 'ENTRY_PEAK', residency: 'EAST_AFRICAN_CITIZEN', ageBand: 'ADULT', amount: 11800, currency: 'TZS' },
      ],
    },
  ],
};

describe('park fee schedule form', () => {
  it('reads dollars as whole cents and shillings as whole shillings', () => {
    expect(parseAmount('70', 'USD')).toBe(7000);
    expect(parseAmount('$1,070.5', 'USD')).toBe(107050);
    expect(parseAmount('70.505', 'USD')).toBeNull();
    expect(parseAmount('10,000', 'TZS')).toBe(10000);
    expect(parseAmount('TSh 11 800', 'TZS')).toBe(11800);
    expect(parseAmount('10000.50', 'TZS')).toBeNull();
    expect(parseAmount('', 'TZS')).toBeNull();
  });

  it('shows saved fees in dollars and shillings and sends them back unchanged', () => {
    const form = scheduleToForm(saved);
    expect(form.areas[0]!.fees.map((f) => f.amount)).toEqual(['82.60', '11800']);
    const { input, errors } = scheduleInput(form);
    expect(errors).toEqual({});
    expect(input).toEqual({
      id: '3',
      name: '2026/27',
      validFrom: '2026-07-01',
      validTo: '2027-06-30',
      vatPercent: 18,
      tzsPerUsd: 2600,
      peakSeasons: [{ from: '06-01', to: '10-31' }],
      areas: [
        {
          areaCode: 'SERENGETI_NP',
          areaName: 'Serengeti National Park',
          fees: saved.areas[0]!.fees.map(({ kind, residency, ageBand, amount, currency }) => ({
            kind,
            residency,
            ageBand,
            amount,
            currency,
          })),
        },
      ],
    });
  });

  it('copies a schedule a year on as a new one, its name a season later', () => {
    const copy = copyAsNextSeason(saved);
    expect([copy.id, copy.name, copy.validFrom, copy.validTo]).toEqual([null, '2027/28', '2027-07-01', '2028-06-30']);
    expect(copyAsNextSeason({ ...saved, validFrom: '2027-02-29', validTo: '2028-02-28' }).validFrom).toBe('2028-03-01');
    expect(nextSeasonName('Sample 2026/27: check every fee')).toBe('Sample 2027/28: check every fee');
    expect(nextSeasonName('Fees 2099/00')).toBe('Fees 2100/01');
    expect(nextSeasonName('Tariff 2026')).toBe('Tariff 2027');
    expect(nextSeasonName('Tariff')).toBe('Tariff (next season)');
  });

  it('names the row of a fee the shared rule or the server finds wrong', () => {
    const form = scheduleToForm(saved);
    expect(fieldKeyOf('areas.0.entry.peak.EAST_AFRICAN_CITIZEN.ADULT', form)).toBe('areas.0.fees.1');
    expect(fieldKeyOf('areas.0.overnight.HUT.NON_RESIDENT.ADULT', form)).toBe('areas.0');
    expect(fieldKeyOf('validTo', form)).toBe('validTo');
  });

  it('refuses what it cannot send, each problem under its field', () => {
    const form = scheduleToForm(saved);
    form.validTo = '2026-06-30';
    form.vatPercent = '';
    form.peakSeasons[0]!.to = '10-32';
    form.areas[0]!.areaCode = 'serengeti np';
    form.areas[0]!.fees[0]!.amount = 'seventy';
    form.areas[0]!.fees.push({ ...form.areas[0]!.fees[1]!, key: 'dup' });
    const { input, errors } = scheduleInput(form);
    expect(input).toBeNull();
    expect(errors).toEqual({
      validTo: 'The last day must not be before the first day',
      vatPercent: 'VAT must be between 0 and 100%',
      'peakSeasons.0': 'A season runs from a month and day to a month and day (MM-DD)',
      'areas.0.areaCode': 'An area code is 2 to 40 capital letters, digits or underscores',
      'areas.0.fees.0': 'Enter the fee in US dollars, e.g. 70 or 70.50',
      'areas.0.fees.2': 'This fee is listed twice for the area',
    });
  });
});
