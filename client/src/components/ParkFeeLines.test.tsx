import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ParkFeeLines } from './ParkFeeLines';

const fees = (over: Record<string, unknown> = {}) => ({
  __typename: 'ParkFeesQuote' as const,
  partyAssumed: true,
  totalCents: 73_160,
  areas: [
    {
      __typename: 'ParkFeeAreaTotal' as const,
      areaCode: 'SERENGETI_NP',
      areaName: 'Serengeti National Park',
      totalCents: 50_000,
    },
    {
      __typename: 'ParkFeeAreaTotal' as const,
      areaCode: 'NGORONGORO_CA',
      areaName: 'Ngorongoro Conservation Area',
      totalCents: 23_160,
    },
  ],
  unpricedDays: [],
  ...over,
});

describe('ParkFeeLines', () => {
  it('shows the parks’ total apart from the price, per area, and says it was estimated for non-resident adults', () => {
    render(<ParkFeeLines fees={fees()} />);
    expect(screen.getByTestId('park-fees-total').textContent).toBe('$731.60');
    expect(screen.getByText('Park fees, paid on to the parks')).toBeTruthy();
    expect(screen.getByText('Serengeti National Park: $500.00')).toBeTruthy();
    expect(screen.getByTestId('park-fees').textContent).toContain('Estimated for non-resident adults');
  });

  it('never shows days without published fees as free', () => {
    render(
      <ParkFeeLines
        fees={fees({
          partyAssumed: false,
          areas: [fees().areas[0]],
          unpricedDays: [{ __typename: 'UnpricedParkDay', date: '2027-07-01', areaCode: 'SERENGETI_NP' }],
        })}
      />,
    );
    const text = screen.getByTestId('park-fees').textContent;
    expect(text).toContain('For the travellers given');
    expect(text).toContain('Fees for 1 day are not published yet and will be added.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
