import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { bookingPayment, startPaymentAnswer } from '../../../test/payment-fixtures';
import { checkoutRedirect } from '../lib/checkout';
import { BookedPayment } from './BookedPayment';
import { HOLD_NOTE } from './OfflineInstructions';

const booking = (payment: unknown) => ({
  __typename: 'Booking',
  id: '31',
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
  payment,
});

function renderBanner(handler: (call: Call) => MockResult | Promise<MockResult>) {
  const mock = mockClient(handler);
  render(
    <Providers client={mock.client}>
      <BookedPayment bookingId="31" />
    </Providers>,
  );
  return mock;
}

describe('BookedPayment (under Booking Request Received!)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('offers the deposit, then shows the offline instructions with the reference, focused', async () => {
    const payment = bookingPayment();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const m = renderBanner((call) =>
      call.operationName === 'StartPayment'
        ? startPaymentAnswer('31', payment)
        : { data: { myBookings: [booking(payment)] } },
    );
    const pay = await screen.findByRole('button', { name: /^Pay deposit \(\$45\.00\)/ });
    fireEvent.click(pay);

    const instructions = await screen.findByTestId('pay-instructions');
    const heading = within(instructions).getByRole('heading', { name: 'How to pay' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(instructions).getByTestId('payment-reference').textContent).toBe('TMB-7Q4K');
    expect(within(instructions).getByTestId('payment-amount').textContent).toBe('$45.00');
    const text = instructions.textContent ?? '';
    for (const fact of ['CRDB Bank', 'Tembea Tours Ltd', '0150123456700', 'CORUTZTZ', 'Arusha'])
      expect(text).toContain(fact);
    for (const wallet of ['M-Pesa', 'Tigo Pesa', 'Airtel Money']) expect(text).toContain(wallet);
    expect(text).toContain('+255 754 123 456');
    expect(text).toContain(HOLD_NOTE);
    // Recording a payment mails a receipt; confirming the booking is a separate step by the operator.
    expect(text).toContain(
      'We email you a receipt as soon as we have recorded your payment; your booking is confirmed once the operator has checked it.',
    );
    expect(text).not.toMatch(/confirmed, and a receipt emailed/);
    expect(screen.queryByRole('button', { name: /^Pay deposit/ })).toBeNull();

    fireEvent.click(within(instructions).getByRole('button', { name: 'Copy payment reference' }));
    await waitFor(() => expect(within(instructions).getByRole('status').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith('TMB-7Q4K');
    expect(m.calls.find((c) => c.operationName === 'StartPayment')?.variables).toEqual({ bookingId: '31' });
  });

  it('asks for the full amount when the trip starts within 30 days', async () => {
    const payment = bookingPayment({
      dueNowCents: 150_000,
      dueNowKind: 'FULL',
      nextPaymentCents: 150_000,
      nextPaymentKind: 'FULL',
      balanceDueDate: null,
    });
    renderBanner(() => ({ data: { myBookings: [booking(payment)] } }));
    expect(await screen.findByRole('button', { name: /^Pay in full \(\$1,500\.00\)/ })).toBeTruthy();
  });

  it('sends the browser to Stripe Checkout when the server answers with its address', async () => {
    const payment = bookingPayment();
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => undefined);
    renderBanner((call) =>
      call.operationName === 'StartPayment'
        ? startPaymentAnswer('31', payment, { checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' })
        : { data: { myBookings: [booking(payment)] } },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Pay deposit \(\$45\.00\)/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    // Marked busy rather than disabled, so it keeps the focus.
    expect(screen.getByRole('button', { name: /^Opening the payment page/ }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.queryByTestId('pay-instructions')).toBeNull();
  });

  it("says why a payment could not start, with the server's reason", async () => {
    const payment = bookingPayment();
    renderBanner((call) =>
      call.operationName === 'StartPayment'
        ? { errors: [{ message: 'Nothing is due on this booking.', extensions: { code: 'CONFLICT' } }] }
        : { data: { myBookings: [booking(payment)] } },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Pay deposit \(\$45\.00\)/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not start the payment. Nothing is due on this booking.',
    );
  });

  it('shows no button when nothing is due or the booking has no price', async () => {
    renderBanner(() => ({ data: { myBookings: [booking(null)] } }));
    await waitFor(() => expect(screen.queryByText('Checking what is due…')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
