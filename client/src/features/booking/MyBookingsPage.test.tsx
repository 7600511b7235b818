import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, travellerToday } from '@tembea/schema';
import { mockClient, Providers, type Call, type MockResult } from '../../test/auth';
import { withTravellers } from '../../test/traveller-fixtures';
import { MyBookingsPage } from './MyBookingsPage';

const today = travellerToday();
const price = (total: number | null) => ({
  __typename: 'BookingPrice',
  priced: total != null,
  earlyBird: false,
  earlyBirdDiscount: total == null ? null : 0,
  total,
  parkFees: null,
  grandTotal: total,
  deposit: total == null ? null : total * 0.03,
  balance: total == null ? null : total * 0.97,
  balanceDueDate: total == null ? null : '2031-06-01',
  currency: 'USD',
});
const booking = (over: Record<string, unknown>) => ({
  __typename: 'Booking',
  id: '1',
  tourId: '4',
  tourTitle: 'Zanzibar Beach Escape',
  startDate: '2031-07-01',
  endDate: '2031-07-05',
  numberOfPeople: 2,
  bookingType: 'group',
  tier: 'Mid-range',
  status: 'Pending',
  canCancel: true,
  price: price(1000),
  payment: null,
  ...over,
});

const soon = booking({
  id: '7',
  tourTitle: 'Ngorongoro Crater Day Trip',
  tourId: '3',
  startDate: addDays(today, 10),
  endDate: addDays(today, 10),
  status: 'Confirmed',
  price: price(null),
});
const later = booking({ id: '8', startDate: addDays(today, 90), endDate: addDays(today, 94) });
const gone = booking({ id: '9', tourId: null, tourTitle: 'Old Safari', status: 'Completed', canCancel: false });
const cancelled = booking({ id: '10', status: 'Cancelled', canCancel: false });

function renderPage(handler: (call: Call) => MockResult | Promise<MockResult>) {
  const mock = mockClient(withTravellers(handler));
  render(
    <Providers client={mock.client} path="/my-bookings">
      <MyBookingsPage />
    </Providers>,
  );
  return mock;
}

const card = (title: string) =>
  screen.getAllByTestId('my-booking').find((c) => within(c).queryByRole('heading', { name: title }))!;

describe('MyBookingsPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the park fees frozen with a booking apart from the price, and the grand total', async () => {
    const safari = booking({
      tourTitle: 'Serengeti Family Safari',
      price: { ...price(2400), parkFees: 873.2, grandTotal: 3273.2, deposit: 98.2, balance: 3175 },
    });
    renderPage(() => ({ data: { myBookings: [safari] } }));
    const card = await screen.findByTestId('my-booking');
    expect(within(card).getByTestId('booking-park-fees').textContent).toBe('$873.20');
    expect(within(card).getByTestId('booking-grand-total').textContent).toBe('$3,273.20');
    expect(within(card).getByTestId('booking-price').textContent).toContain('$2,400.00');
    // Each card lists its travellers: the lead, by the booking's name, until the others are named.
    expect(await within(card).findByText('Amani Mushi Kileo')).toBeTruthy();
  });

  it('lists each booking: tour link, dates, people, type and tier, coloured status and price', async () => {
    renderPage(() => ({ data: { myBookings: [later, soon, gone, cancelled] } }));
    expect(await screen.findAllByTestId('my-booking')).toHaveLength(4);
    const zanzibar = screen.getAllByTestId('my-booking')[0]!;
    expect(within(zanzibar).getByRole('link', { name: 'Zanzibar Beach Escape' }).getAttribute('href')).toBe('/tour/4');
    expect(zanzibar.textContent).toContain('2 people');
    expect(zanzibar.textContent).toContain('Group · Mid-range');
    const badge = within(zanzibar).getByTestId('booking-status');
    expect(badge.textContent).toBe('Pending');
    expect(badge.className).toContain('badge--booking-pending');
    const money = within(zanzibar).getByTestId('booking-price').textContent;
    expect(money).toContain('$1,000.00');
    expect(money).toContain('$30.00');
    expect(money).toContain('$970.00');
    expect(money).toContain('due 1 Jun 2031');
    expect(within(card('Ngorongoro Crater Day Trip')).getByTestId('booking-price').textContent).toBe(
      'Contact for pricing',
    );
    expect(within(card('Ngorongoro Crater Day Trip')).getByTestId('booking-status').className).toContain(
      'badge--booking-confirmed',
    );
    // The tour has been deleted: its title stays, without a link.
    expect(within(card('Old Safari')).queryByRole('link')).toBeNull();
    expect(within(card('Old Safari')).getByTestId('booking-status').className).toContain('badge--booking-completed');
    expect(within(card('Old Safari')).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.getAllByTestId('booking-status')[3]!.className).toContain('badge--booking-cancelled');
  });

  it('cancels after stating the refund rule, and the booking updates in place', async () => {
    const { calls } = renderPage((call) =>
      call.operationName === 'CancelMyBooking'
        ? {
            data: {
              cancelMyBooking: {
                __typename: 'CancelMyBookingPayload',
                booking: { ...(call.variables.id === '7' ? soon : later), status: 'Cancelled', canCancel: false },
              },
            },
          }
        : { data: { myBookings: [later, soon] } },
    );
    await screen.findAllByTestId('my-booking');

    // Ten days ahead: charges may apply.
    fireEvent.click(within(card('Ngorongoro Crater Day Trip')).getByRole('button', { name: /^Cancel/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel Booking' });
    expect(within(dialog).getByTestId('refund-terms').textContent).toBe(
      'Cancelling less than 30 days before departure may incur charges; the 3% deposit is non-refundable.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // Ninety days ahead: a full refund minus transaction fees.
    fireEvent.click(within(card('Zanzibar Beach Escape')).getByRole('button', { name: /^Cancel/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel Booking' });
    expect(within(dialog).getByTestId('refund-terms').textContent).toBe(
      'Cancelling 30 or more days before departure gives a full refund minus transaction fees; the 3% deposit is non-refundable.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const zanzibar = card('Zanzibar Beach Escape');
    expect(within(zanzibar).getByTestId('booking-status').textContent).toBe('Cancelled');
    expect(within(zanzibar).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Your booking of Zanzibar Beach Escape has been cancelled.');
    expect(calls.filter((c) => c.operationName === 'MyBookings')).toHaveLength(1);
    expect(calls.find((c) => c.operationName === 'CancelMyBooking')?.variables).toEqual({ id: '8' });
  });

  it("shows a refused cancellation inside the dialog with the server's reason", async () => {
    renderPage((call) =>
      call.operationName === 'CancelMyBooking'
        ? {
            errors: [
              {
                message: 'A booking can no longer be cancelled online once its start date has come. Please contact us.',
                extensions: { code: 'CONFLICT' },
              },
            ],
          }
        : { data: { myBookings: [later] } },
    );
    fireEvent.click(within(await screen.findByTestId('my-booking')).getByRole('button', { name: /^Cancel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Booking' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to cancel booking. A booking can no longer be cancelled online once its start date has come. Please contact us.',
    );
  });

  it('shows an empty state with a way to the tours', async () => {
    renderPage(() => ({ data: { myBookings: [] } }));
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Tours' }).getAttribute('href')).toBe('/tours');
  });

  it('shows a spinner, then an error with Try Again that loads again', async () => {
    const answers: MockResult[] = [
      { errors: [{ message: 'Failed to fetch bookings.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
      { data: { myBookings: [later] } },
    ];
    renderPage(() => answers.shift()!);
    expect(screen.getByText('Loading your bookings…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch bookings.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('my-booking')).toBeTruthy();
  });
});
