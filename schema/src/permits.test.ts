import { describe, expect, it } from 'vitest';
import { permitPayers } from './permits.js';

describe('permitPayers', () => {
  it('prices a fully described person as given, anyone else as a non-resident adult, marked assumed', () => {
    expect(
      permitPayers(
        [
          { residency: 'EAST_AFRICAN_CITIZEN', dateOfBirth: '2015-01-01' },
          { residency: 'TANZANIA_RESIDENT' },
          { dateOfBirth: '2022-06-01' },
          null,
        ],
        '2027-01-10',
      ),
    ).toEqual([
      { payer: { residency: 'EAST_AFRICAN_CITIZEN', dateOfBirth: '2015-01-01' }, assumed: false },
      { payer: { residency: 'TANZANIA_RESIDENT', dateOfBirth: null, ageBand: 'ADULT' }, assumed: true },
      { payer: { residency: 'NON_RESIDENT', dateOfBirth: '2022-06-01', ageBand: 'ADULT' }, assumed: true },
      { payer: { residency: 'NON_RESIDENT', dateOfBirth: null, ageBand: 'ADULT' }, assumed: true },
    ]);
  });

  it('takes the people not yet described from what is left of the party booked', () => {
    const party = { NON_RESIDENT: { ADULT: 2, CHILD: 1 }, EAST_AFRICAN_CITIZEN: { ADULT: 1 } };
    const payers = permitPayers(
      [{ residency: 'NON_RESIDENT', dateOfBirth: '1980-05-05' }, { residency: 'EAST_AFRICAN_CITIZEN' }, null, null],
      '2027-01-10',
      party,
    );
    expect(payers.map((p) => [p.payer.residency, p.payer.ageBand ?? 'from birth', p.assumed])).toEqual([
      ['NON_RESIDENT', 'from birth', false],
      ['EAST_AFRICAN_CITIZEN', 'ADULT', true],
      ['NON_RESIDENT', 'ADULT', true],
      ['NON_RESIDENT', 'CHILD', true],
    ]);
  });
});
