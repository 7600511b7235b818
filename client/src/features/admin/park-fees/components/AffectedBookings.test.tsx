import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../../test/auth';
import { meAnswer } from '../../../../test/admin-fixtures';
import { AffectedBookings } from './AffectedBookings';

const change = (id: string, name: string, frozenCents: number, currentCents: number) => ({
  __typename: 'ParkFeeChange',
  frozenCents,
  currentCents,
  differenceCents: currentCents - frozenCents,
  booking: {
    __typename: 'Booking',
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    tourTitle: 'Lake Manyara Flamingos & Tree-Climbing Lions',
    startDate: '2027-08-10',
    numberOfPeople: 2,
    status: 'Pending',
  },
});
const NEEMA = change('41', 'Neema Lyimo', 11800, 14160);
const JUMA = change('42', 'Juma Kessy', 14160, 11800);
const answer = (changes: object[]) => ({ data: { parkFeeChanges: changes } });

function renderList(handler: (call: Call) => MockResult | undefined) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => (call.operationName === 'Me' ? meAnswer() : (handler(call) ?? { data: null })));
  render(
    <Providers client={mock.client}>
      <AffectedBookings />
    </Providers>,
  );
  return { ...mock, applies: () => mock.calls.filter((c) => c.operationName === 'ApplyParkFeeChange') };
}

const cells = (id: string) =>
  within(screen.getAllByTestId('park-fee-change').find((r) => r.getAttribute('data-booking-id') === id)!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('AffectedBookings', () => {
  beforeEach(() => localStorage.clear());

  it('lists each booking with its traveller, frozen and current fees and the difference', async () => {
    renderList((c) => (c.operationName === 'AdminParkFeeChanges' ? answer([NEEMA, JUMA]) : undefined));
    await screen.findAllByTestId('park-fee-change');
    expect(cells('41')).toEqual([
      '#41 Lake Manyara Flamingos & Tree-Climbing Lions10 Aug 2027 · 2 people · Pending',
      'Neema Lyimoneema@example.com',
      '$118.00',
      '$141.60',
      '+$23.60',
      'Apply',
    ]);
    expect(cells('42').slice(2, 5)).toEqual(['$141.60', '$118.00', '−$23.60']);
  });

  it('says when no booking is affected, and when the list cannot be loaded', async () => {
    const answers: MockResult[] = [{ errors: [{ message: 'Server unavailable' }] }, answer([])];
    renderList((c) => (c.operationName === 'AdminParkFeeChanges' ? answers.shift() : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Every upcoming booking’s park fees match the current schedules.')).toBeTruthy();
  });

  it('applies a change after a confirmation that says the traveller will be mailed', async () => {
    const lists = [answer([NEEMA, JUMA]), answer([JUMA])];
    const m = renderList((c) => {
      if (c.operationName === 'AdminParkFeeChanges') return lists.length > 1 ? lists.shift() : lists[0];
      if (c.operationName === 'ApplyParkFeeChange')
        return {
          data: {
            applyParkFeeChange: {
              __typename: 'ApplyParkFeeChangePayload',
              differenceCents: 2360,
              booking: NEEMA.booking,
            },
          },
        };
      return undefined;
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Apply the new park fees to booking #41 of Neema Lyimo' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Apply the new park fees?' });
    expect(dialog.textContent).toContain('park fees go from $118.00 to $141.60 (+$23.60)');
    expect(dialog.textContent).toContain('Neema Lyimo will be mailed at neema@example.com');
    expect(m.applies()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply and mail the traveller' }));
    expect(
      await screen.findByText('Applied the new park fees to booking #41: Neema Lyimo will get a mail.'),
    ).toBeTruthy();
    expect(m.applies()[0]!.variables).toEqual({ bookingId: '41' });
    await waitFor(() =>
      expect(screen.getAllByTestId('park-fee-change').map((r) => r.getAttribute('data-booking-id'))).toEqual(['42']),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Its row and Apply button are gone: the list's heading has the focus, not the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Bookings affected by fee changes' })),
    );
  });

  it('keeps the dialog open with the reason when applying fails', async () => {
    renderList((c) => {
      if (c.operationName === 'AdminParkFeeChanges') return answer([NEEMA]);
      if (c.operationName === 'ApplyParkFeeChange')
        return { errors: [{ message: 'The booking was cancelled', extensions: { code: 'CONFLICT' } }] };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Apply the new park fees to booking #41/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Apply the new park fees?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply and mail the traveller' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The booking was cancelled');
  });
});
