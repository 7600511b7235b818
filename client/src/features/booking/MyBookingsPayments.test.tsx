import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, travellerToday } from '@tembea/schema';
import { mockClient, Providers, type Call, type MockResult } from '../../test/auth';
import { withTravellers } from '../../test/traveller-fixtures';
import {
  bookingPayment,
  depositPaid,
  entriesAnswer,
  paymentEntry,
  startPaymentAnswer,
} from '../../test/payment-fixtures';
import { MyBookingsPage } from './MyBookingsPage';

const today = travellerToday();
const booking = (over: Record<string, unknown>) => ({
  __typename: 'Booking',
  id: '8',
  tourId: '4',
  tourTitle: 'Zanzibar Beach Escape',
  startDate: addDays(today, 90),
  endDate: addDays(today, 94),
  numberOfPeople: 2,
  bookingType: 'group',
  tier: 'Mid-range',
  status: 'Pending',
  canCancel: true,
  price: {
    __typename: 'BookingPrice',
    priced: true,
    earlyBird: false,
    earlyBirdDiscount: 0,
    total: 1500,
    parkFees: null,
    grandTotal: 1500,
    deposit: 45,
    balance: 1455,
    balanceDueDate: '2031-06-01',
    currency: 'USD',
  },
  payment: bookingPayment(),
  ...over,
});

function renderPage(handler: (call: Call) => MockResult | Promise<MockResult>) {
  const mock = mockClient(withTravellers(handler));
  render(
    <Providers client={mock.client} path="/my-bookings">
      <MyBookingsPage />
    </Providers>,
  );
  return mock;
}

describe('MyBookingsPage payments', () => {
  beforeEach(() => localStorage.clear());

  it("shows each booking's payment state, paid, due now and the balance due day, with a receipt per row", async () => {
    renderPage((call) =>
      call.operationName === 'BookingPaymentEntries'
        ? entriesAnswer([paymentEntry()])
        : {
            data: {
              myBookings: [
                booking({ payment: depositPaid() }),
                booking({ id: '9', tourTitle: 'Kilimanjaro Machame Route', payment: bookingPayment() }),
              ],
            },
          },
    );
    const [paid, unpaid] = await screen.findAllByTestId('my-booking');
    const lines = within(paid!).getByTestId('booking-payment');
    expect(within(lines).getByTestId('payment-state').textContent).toBe('Deposit paid');
    expect(within(lines).getByTestId('payment-paid').textContent).toBe('$45.00');
    expect(within(lines).getByTestId('payment-due-now').textContent).toBe('$1,455.00');
    expect(within(lines).getByTestId('payment-due-date').textContent).toBe('1 Jun 2031');
    expect(within(paid!).getByRole('button', { name: /^Pay balance \(\$1,455\.00\)/ })).toBeTruthy();
    const receipt = within(paid!).getByRole('link', { name: 'Receipt: Deposit $45.00, 5 Jan 2031' });
    expect(receipt.getAttribute('href')).toBe('/bookings/8/receipts/301');

    expect(within(unpaid!).getByTestId('payment-state').textContent).toBe('Unpaid');
    expect(within(unpaid!).getByRole('button', { name: /^Pay deposit \(\$45\.00\)/ })).toBeTruthy();
    expect(within(unpaid!).queryByRole('list', { name: 'Receipts' })).toBeNull();
  });

  it('flags an overdue balance', async () => {
    renderPage(() => ({ data: { myBookings: [booking({ payment: depositPaid({ overdue: true }) })] } }));
    expect((await screen.findByTestId('payment-due-date')).textContent).toBe('1 Jun 2031 (overdue)');
  });

  it('shows the offline instructions in a labelled dialog that gives the focus back when closed', async () => {
    const payment = depositPaid();
    const m = renderPage((call) =>
      call.operationName === 'StartPayment'
        ? startPaymentAnswer('8', payment)
        : { data: { myBookings: [booking({ payment })] } },
    );
    const pay = await screen.findByRole('button', { name: /^Pay balance/ });
    pay.focus();
    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Zanzibar Beach Escape' });
    expect(within(dialog).getByTestId('payment-reference').textContent).toBe('TMB-7Q4K');
    expect(within(dialog).getByTestId('payment-amount').textContent).toBe('$1,455.00');
    expect(dialog.textContent).toContain('M-Pesa');
    expect(dialog.textContent).toContain('confirmed');
    // The dialog takes the focus as it opens, which may be a moment after it is in the document.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(pay));
    expect(m.calls.find((c) => c.operationName === 'StartPayment')?.variables).toEqual({ bookingId: '8' });
  });

  it('shows the refund due once a paid booking is cancelled', async () => {
    let cancelled = false;
    const paid = booking({ payment: depositPaid() });
    const afterCancel = booking({
      status: 'Cancelled',
      canCancel: false,
      payment: depositPaid({
        state: 'REFUND_DUE',
        stateLabel: 'Refund due',
        paidCents: 60_000,
        refundDueCents: 55_500,
        dueNowCents: 0,
        dueNowKind: null,
        entries: [paymentEntry(), paymentEntry({ id: '302', kind: 'BALANCE', amountCents: 55_500 })],
      }),
    });
    renderPage((call) => {
      if (call.operationName === 'CancelMyBooking') {
        cancelled = true;
        return {
          data: {
            cancelMyBooking: { __typename: 'CancelMyBookingPayload', booking: { ...afterCancel, payment: undefined } },
          },
        };
      }
      return { data: { myBookings: [cancelled ? afterCancel : paid] } };
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    expect((await screen.findByTestId('payment-refund-due')).textContent).toBe('$555.00');
    expect(screen.getByTestId('payment-state').textContent).toBe('Refund due');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
