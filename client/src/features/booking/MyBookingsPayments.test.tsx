import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router-dom';
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
import { HOLD_NOTE, RECEIPT_NOTE } from './components/OfflineInstructions';
import { MyBookingsPage, STRIPE_PAYMENT_CANCELLED, STRIPE_PAYMENT_SUCCESS } from './MyBookingsPage';

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

/** The address the page is at, and how it got there. */
function Address() {
  const location = useLocation();
  return (
    <output
      data-testid="address"
      data-navigation={useNavigationType()}
    >{`${location.pathname}${location.search}`}</output>
  );
}

function renderPage(handler: (call: Call) => MockResult | Promise<MockResult>, path = '/my-bookings') {
  const mock = mockClient(withTravellers(handler));
  render(
    <Providers client={mock.client} path={path}>
      <MyBookingsPage />
      <Address />
    </Providers>,
  );
  return mock;
}

/** The list of bookings, and no ledger rows for any of them. */
const listing =
  (...myBookings: unknown[]) =>
  (call: Call): MockResult =>
    call.operationName === 'BookingPaymentEntries' ? entriesAnswer([]) : { data: { myBookings } };

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
  it('lists no receipt for a payment an admin reversed, nor for the reversing row', async () => {
    const payment = depositPaid({ paidCents: 8186 });
    renderPage((call) =>
      call.operationName === 'BookingPaymentEntries'
        ? entriesAnswer([
            paymentEntry({ id: '303', amountCents: 8186, receivedOn: '2031-01-07' }),
            paymentEntry({ id: '302', amountCents: 1000, reversesId: '301', receivedOn: '2031-01-06' }),
            paymentEntry({ id: '301', amountCents: 1000 }),
          ])
        : { data: { myBookings: [booking({ payment })] } },
    );
    const receipts = await screen.findByRole('list', { name: 'Receipts' });
    const links = within(receipts).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Receipt: Deposit $81.86, 7 Jan 2031']);
    expect(links[0]!.getAttribute('href')).toBe('/bookings/8/receipts/303');
  });

  it('warns of the deposit hold only while a Pending booking has not paid its deposit', async () => {
    const unpaid = bookingPayment();
    const paid = depositPaid();
    renderPage((call) => {
      if (call.operationName === 'StartPayment')
        return startPaymentAnswer(String(call.variables.bookingId), call.variables.bookingId === '9' ? paid : unpaid);
      if (call.operationName === 'BookingPaymentEntries') return entriesAnswer([paymentEntry()]);
      return {
        data: {
          myBookings: [
            booking({ payment: unpaid }),
            booking({ id: '9', tourTitle: 'Kilimanjaro Machame Route', payment: paid }),
            booking({ id: '10', tourTitle: 'Serengeti Safari', status: 'Confirmed', payment: bookingPayment() }),
          ],
        },
      };
    });
    const noteOf = async (button: RegExp, title: string) => {
      fireEvent.click(await screen.findByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: `Pay for ${title}` });
      const text = dialog.textContent ?? '';
      fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      return text;
    };
    expect(await noteOf(/^Pay deposit .* for Zanzibar Beach Escape$/, 'Zanzibar Beach Escape')).toContain(HOLD_NOTE);
    const balance = await noteOf(/^Pay balance .* for Kilimanjaro Machame Route$/, 'Kilimanjaro Machame Route');
    expect(balance).not.toContain('hold period');
    expect(balance).toContain(RECEIPT_NOTE);
    const confirmed = await noteOf(/^Pay deposit .* for Serengeti Safari$/, 'Serengeti Safari');
    expect(confirmed).not.toContain('hold period');
    expect(confirmed).not.toContain('is confirmed once');
    expect(confirmed).toContain(RECEIPT_NOTE);
  });

  it('keeps the pay button focusable while the payment starts, so closing the dialog returns to it', async () => {
    const payment = depositPaid();
    let answer: (r: MockResult) => void = () => undefined;
    const m = renderPage((call) =>
      call.operationName === 'StartPayment'
        ? new Promise<MockResult>((resolve) => (answer = resolve))
        : listing(booking({ payment }))(call),
    );
    const pay = await screen.findByRole('button', { name: /^Pay balance/ });
    pay.focus();
    fireEvent.click(pay);
    const busy = await screen.findByRole('button', { name: /^Starting payment/ });
    expect(busy).toBe(pay);
    expect(busy.hasAttribute('disabled')).toBe(false);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(m.calls.filter((c) => c.operationName === 'StartPayment')).toHaveLength(1);
    answer(startPaymentAnswer('8', payment));
    const dialog = await screen.findByRole('dialog', { name: 'Pay for Zanzibar Beach Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(pay);
    expect(pay.getAttribute('aria-disabled')).toBeNull();
    expect(dialog.isConnected).toBe(false);
  });

  describe('the price on the card', () => {
    const priceText = async () => (await screen.findByTestId('booking-price')).textContent ?? '';

    it('splits the price into deposit and balance while that applies', async () => {
      renderPage(listing(booking({})));
      const text = await priceText();
      expect(text).toContain('Deposit (3%, non-refundable)');
      expect(text).toContain('Balance, due 1 Jun 2031');
    });

    it('gives just the total within 30 days of departure', async () => {
      const soon = booking({
        startDate: addDays(today, 20),
        endDate: addDays(today, 24),
        payment: bookingPayment({
          dueNowCents: 150_000,
          dueNowKind: 'FULL',
          nextPaymentKind: 'FULL',
          nextPaymentCents: 150_000,
        }),
      });
      renderPage(listing(soon));
      const text = await priceText();
      expect(text).toContain('Total');
      expect(text).not.toContain('Deposit');
      expect(text).not.toContain('Balance');
    });

    it('gives just the total once cancelled or paid in full', async () => {
      const paidInFull = depositPaid({
        state: 'PAID_IN_FULL',
        stateLabel: 'Paid in full',
        paidCents: 150_000,
        dueNowCents: 0,
        dueNowKind: null,
        outstandingCents: 0,
        nextPaymentKind: null,
        nextPaymentCents: 0,
      });
      renderPage(
        listing(
          booking({ payment: paidInFull }),
          booking({ id: '9', status: 'Cancelled', canCancel: false, payment: bookingPayment({ outstandingCents: 0 }) }),
        ),
      );
      const prices = await screen.findAllByTestId('booking-price');
      expect(prices).toHaveLength(2);
      for (const p of prices) {
        expect(p.textContent).toContain('Total');
        expect(p.textContent).not.toMatch(/Deposit|Balance/);
      }
    });
  });

  describe('back from Stripe', () => {
    it('says the payment is being confirmed, and takes the parameter out of the address', async () => {
      renderPage(listing(booking({})), '/my-bookings?payment=success');
      expect((await screen.findByText(STRIPE_PAYMENT_SUCCESS)).getAttribute('role')).toBe('status');
      await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/my-bookings'));
      expect(screen.getByTestId('address').getAttribute('data-navigation')).toBe('REPLACE');
      // The message stays once the address no longer carries the parameter.
      expect(screen.getByText(STRIPE_PAYMENT_SUCCESS)).toBeTruthy();
    });

    it('says no payment was taken when it was cancelled', async () => {
      renderPage(listing(booking({})), '/my-bookings?payment=cancelled');
      expect(await screen.findByText(STRIPE_PAYMENT_CANCELLED)).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/my-bookings'));
    });

    it('says nothing without the parameter', async () => {
      renderPage(listing(booking({})));
      await screen.findByTestId('my-booking');
      expect(screen.queryByText(STRIPE_PAYMENT_SUCCESS)).toBeNull();
      expect(screen.queryByText(STRIPE_PAYMENT_CANCELLED)).toBeNull();
    });
  });
});
