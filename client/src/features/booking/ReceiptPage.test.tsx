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

  it('gives what is still to pay today, by when and how, whenever something is owed', async () => {
    // The deposit is due now; the rest of the total is owed by the balance due date.
    const unpaidRest = { ...booking, payment: depositPaid({ dueNowCents: 0, dueNowKind: null }) };
    renderReceipt('/bookings/8/receipts/301', (call) =>
      call.operationName === 'BookingPaymentEntries' ? entriesAnswer(entries) : { data: { myBookings: [unpaidRest] } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    expect(screen.getByTestId('receipt-as-of').textContent).toMatch(/^As of today, /);
    const stillDue = screen.getByTestId('receipt-still-due');
    expect(stillDue.textContent).toBe('$1,455.00');
    expect(stillDue.previousElementSibling?.textContent).toBe('Still due by 1 Jun 2031');
    expect(screen.getByTestId('receipt-how-to-pay').textContent).toContain('TMB-7Q4K');
  });

  it('leaves out what is still due once the booking is paid in full', async () => {
    const paid = {
      ...booking,
      payment: depositPaid({
        state: 'PAID_IN_FULL',
        stateLabel: 'Paid in full',
        paidCents: 150_000,
        dueNowCents: 0,
        dueNowKind: null,
        outstandingCents: 0,
        nextPaymentKind: null,
        nextPaymentCents: 0,
      }),
    };
    renderReceipt('/bookings/8/receipts/301', (call) =>
      call.operationName === 'BookingPaymentEntries' ? entriesAnswer(entries) : { data: { myBookings: [paid] } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Payment receipt' });
    expect(screen.queryByTestId('receipt-still-due')).toBeNull();
    expect(screen.queryByTestId('receipt-how-to-pay')).toBeNull();
  });

  describe('a payment an admin reversed', () => {
    const corrected = [
      paymentEntry({ id: '303', amountCents: 8186, receivedOn: '2031-01-07' }),
      paymentEntry({ id: '302', amountCents: 1000, reversesId: '301', receivedOn: '2031-01-06' }),
      paymentEntry({ id: '301', amountCents: 1000 }),
    ];
    const answersCorrected = (call: Call): MockResult =>
      call.operationName === 'BookingPaymentEntries' ? entriesAnswer(corrected) : { data: { myBookings: [booking] } };

    it('says the reversed row was cancelled, with no receipt', async () => {
      renderReceipt('/bookings/8/receipts/301', answersCorrected);
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment record cancelled' })).toBeTruthy();
      expect(screen.getByTestId('receipt-corrected').textContent).toContain(
        'The record of the payment of $10.00 (received on 5 Jan 2031) was cancelled by a correction.',
      );
      expect(screen.queryByTestId('receipt')).toBeNull();
      expect(screen.queryByTestId('receipt-amount')).toBeNull();
    });

    it('says the reversing row is a correction, not money given back', async () => {
      renderReceipt('/bookings/8/receipts/302', answersCorrected);
      expect(await screen.findByRole('heading', { level: 1, name: 'Correction, not a receipt' })).toBeTruthy();
      const text = screen.getByTestId('receipt-corrected').textContent;
      expect(text).toContain('cancels the record of the payment of $10.00 (received on 5 Jan 2031)');
      expect(text).toContain('It is not a refund: no money was given back with it.');
      expect(screen.queryByTestId('receipt-amount')).toBeNull();
    });

    it('still gives the receipt of a payment that stands', async () => {
      renderReceipt('/bookings/8/receipts/303', answersCorrected);
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment receipt' })).toBeTruthy();
      expect(screen.getByTestId('receipt-amount').textContent).toBe('$81.86eighty-one dollars and eighty-six cents');
    });
  });

  it("shows not found, without Try Again, for another traveller's booking or a malformed id", async () => {
    renderReceipt('/bookings/abc/receipts/1', (call) =>
      call.operationName === 'BookingPaymentEntries'
        ? { errors: [{ message: 'Booking not found', extensions: { code: 'NOT_FOUND' } }] }
        : { data: { myBookings: [booking] } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'No such receipt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
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
