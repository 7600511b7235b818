import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient, Providers, type Call, type MockResult } from '../../test/auth';
import { depositPaid, entriesAnswer, paymentEntry } from '../../test/payment-fixtures';
import { ReceiptPage } from './ReceiptPage';

const booking = {
  __typename: 'Booking',
  id: '8',
  tourId: '4',
  tourTitle: 'Zanzibar Beach Escape',
  startDate: '2031-07-01',
  endDate: '2031-07-05',
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
  payment: depositPaid(),
};
const entries = [
  paymentEntry(),
  paymentEntry({ id: '302', kind: 'REFUND', amountCents: 1250, method: 'BANK_TRANSFER' }),
];
/** The traveller's bookings, and the booking's ledger rows. */
const answers = (call: Call): MockResult =>
  call.operationName === 'BookingPaymentEntries' ? entriesAnswer(entries) : { data: { myBookings: [booking] } };

function renderReceipt(path: string, handler: (call: Call) => MockResult | Promise<MockResult>) {
  const mock = mockClient(handler);
  render(
    <Providers client={mock.client} path={path}>
      <Routes>
        <Route path="/bookings/:bookingId/receipts/:entryId" element={<ReceiptPage />} />
      </Routes>
    </Providers>,
  );
  return mock;
}

describe('ReceiptPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the payment with its amount in figures and words, and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderReceipt('/bookings/8/receipts/301', answers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment receipt' })).toBeTruthy();
    const receipt = screen.getByTestId('receipt');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('$45.00forty-five dollars');
    for (const fact of [
      'TMB-7Q4K-301',
      '5 Jan 2031',
      'Zanzibar Beach Escape',
      'Deposit',
      'M-Pesa (reference QK7H2L9XPM)',
    ])
      expect(receipt.textContent).toContain(fact);
    expect(receipt.textContent).toContain('$1,455.00');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('titles a refund as a refund receipt', async () => {
    renderReceipt('/bookings/8/receipts/302', answers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund receipt' })).toBeTruthy();
    expect(screen.getByTestId('receipt-amount').textContent).toBe('$12.50twelve dollars and fifty cents');
  });

  it("says so for a receipt that is not one of the user's", async () => {
    renderReceipt('/bookings/8/receipts/999', answers);
    expect(await screen.findByRole('heading', { level: 1, name: 'No such receipt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Bookings' }).getAttribute('href')).toBe('/my-bookings');
  });

  it('shows a failure with Try Again', async () => {
    let fail = true;
    renderReceipt('/bookings/8/receipts/301', (call) => (fail ? new Error('Network down') : answers(call)));
    expect((await screen.findByRole('alert')).textContent).toContain('Network down');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment receipt' })).toBeTruthy();
  });
});
