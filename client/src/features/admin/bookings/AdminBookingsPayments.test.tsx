import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localIsoDate, TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { meAnswer } from '../../../test/admin-fixtures';
import { bookingPayment, depositPaid, paymentEntry } from '../../../test/payment-fixtures';
import { AdminBookingsPage } from './AdminBookingsPage';

const row = (id: string, status: string, payment: unknown) => ({
  __typename: 'Booking',
  id,
  tourId: '4',
  tourTitle: 'Zanzibar Beach Escape',
  startDate: '2031-07-01',
  endDate: '2031-07-05',
  numberOfPeople: 2,
  name: 'Neema Kimaro',
  email: 'neema@example.com',
  phone: '+255 713 000 111',
  status,
  bookingType: 'group',
  tier: 'Mid-range',
  createdAt: '2031-01-01T10:00:00.000Z',
  user: null,
  payment,
});
const page = (nodes: unknown[]) => ({
  data: {
    bookings: {
      __typename: 'BookingConnection',
      totalCount: nodes.length,
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      nodes,
    },
  },
});

const unpaid = row('11', 'Pending', bookingPayment());
const deposit = row('12', 'Confirmed', depositPaid({ overdue: true }));
const refundDue = depositPaid({
  state: 'REFUND_DUE',
  stateLabel: 'Refund due',
  paidCents: 60_000,
  refundDueCents: 55_500,
  dueNowCents: 0,
  dueNowKind: null,
  outstandingCents: 0,
  nextPaymentKind: null,
  nextPaymentCents: 0,
});
const cancelled = row('13', 'Cancelled', refundDue);
const unpriced = row('14', 'Pending', null);

function renderPage(handler: (call: Call) => MockResult | Promise<MockResult>, path = '/admin/bookings') {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    if (call.operationName === 'Me') return meAnswer();
    if (call.operationName === 'AdminTourChoices')
      return { data: { tours: { __typename: 'TourConnection', nodes: [] } } };
    return handler(call);
  });
  render(
    <Providers client={mock.client} path={path}>
      <AdminBookingsPage />
    </Providers>,
  );
  return mock;
}

const rowOf = (id: string) =>
  screen.getAllByTestId('booking-row').find((r) => r.getAttribute('data-booking-id') === id)!;

describe('AdminBookingsPage payments', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows each payment: state, paid / total, the due day (overdue flagged), and the money buttons', async () => {
    renderPage(() => page([unpaid, deposit, cancelled, unpriced]));
    await screen.findAllByTestId('booking-row');
    const cell = (id: string) => within(rowOf(id)).getByTestId('booking-payment').textContent;
    expect(cell('11')).toBe('Unpaid$0.00 / $1,500.00Balance due 1 Jun 2031');
    expect(cell('12')).toBe('Deposit paid$45.00 / $1,500.00Overdue since 1 Jun 2031');
    expect(cell('13')).toBe('Refund due$600.00 / $1,500.00Refund due $555.00');
    expect(rowOf('14').textContent).toContain('No price');
    const money = (id: string) =>
      within(rowOf(id))
        .queryAllByRole('button', { name: /^(Record payment|Refund)/ })
        .map((b) => b.textContent?.replace(/ for booking.*/, ''));
    expect(money('11')).toEqual(['Record payment']);
    expect(money('12')).toEqual(['Record payment']);
    expect(money('13')).toEqual(['Refund']);
    expect(money('14')).toEqual([]);
  });

  it('offers Refund on a Completed booking while a refund is due, and nothing once it is settled', async () => {
    const owed = row('15', 'Completed', { ...refundDue, paidCents: 157_080, refundDueCents: 7080 });
    const settled = row(
      '16',
      'Completed',
      depositPaid({ state: 'PAID_IN_FULL', paidCents: 150_000, outstandingCents: 0 }),
    );
    renderPage(() => page([owed, settled]));
    await screen.findAllByTestId('booking-row');
    expect(within(rowOf('15')).getByTestId('booking-payment').textContent).toContain('Refund due $70.80');
    const money = (id: string) =>
      within(rowOf(id))
        .queryAllByRole('button', { name: /^(Record payment|Refund)/ })
        .map((b) => b.textContent?.replace(/ for booking.*/, ''));
    expect(money('15')).toEqual(['Refund']);
    expect(money('16')).toEqual([]);
  });

  it('maps the payment filter to the query and the address', async () => {
    const m = renderPage(() => page([unpaid]), '/admin/bookings?payment=OVERDUE');
    await screen.findAllByTestId('booking-row');
    const lists = () => m.calls.filter((c) => c.operationName === 'AdminBookings');
    expect(lists()[0]?.variables.filter).toEqual({ payment: 'OVERDUE' });
    const select = screen.getByLabelText('Payment') as HTMLSelectElement;
    expect(select.value).toBe('OVERDUE');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Any payment',
      'Deposit unpaid',
      'Balance due within 4 weeks',
      'Balance overdue',
    ]);
    fireEvent.change(select, { target: { value: 'UNPAID_DEPOSIT' } });
    await waitFor(() => expect(lists().at(-1)?.variables.filter).toEqual({ payment: 'UNPAID_DEPOSIT' }));
    fireEvent.change(select, { target: { value: 'BALANCE_DUE_SOON' } });
    await waitFor(() => expect(lists().at(-1)?.variables.filter).toEqual({ payment: 'BALANCE_DUE_SOON' }));
  });

  it('asks for the list again after recording a payment under a payment filter, so a paid row leaves it', async () => {
    let paid = false;
    const other = row('17', 'Pending', bookingPayment());
    const m = renderPage((call) => {
      if (call.operationName !== 'RecordPayment') return page(paid ? [other] : [unpaid, other]);
      paid = true;
      return {
        data: {
          recordPayment: {
            __typename: 'RecordPaymentPayload',
            booking: { ...unpaid, payment: depositPaid() },
            entry: paymentEntry({ bookingId: '11' }),
          },
        },
      };
    }, '/admin/bookings?payment=UNPAID_DEPOSIT');
    await screen.findAllByTestId('booking-row');
    expect(screen.getByTestId('bookings-count').textContent).toBe('Showing 2 of 2 bookings');
    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Record payment/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Review payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, record payment' }));
    await waitFor(() => expect(screen.getByTestId('bookings-count').textContent).toBe('Showing 1 of 1 bookings'));
    expect(screen.getAllByTestId('booking-row').map((r) => r.getAttribute('data-booking-id'))).toEqual(['17']);
    expect(m.calls.filter((c) => c.operationName === 'AdminBookings')).toHaveLength(2);
  });

  it('asks in the Confirm Booking dialog, under the usual question, whether to confirm an unpaid booking', async () => {
    const m = renderPage((call) =>
      call.operationName === 'ConfirmBooking'
        ? {
            data: {
              confirmBooking: { __typename: 'ConfirmBookingPayload', booking: { ...unpaid, status: 'Confirmed' } },
            },
          }
        : page([unpaid, deposit]),
    );
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Confirm/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Booking' });
    expect(dialog.textContent).toContain('Are you sure you want to confirm this booking?');
    expect(within(dialog).getByTestId('unpaid-confirm').textContent).toBe(
      "This booking's deposit has not been paid. Confirm it anyway?",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm' }));
    await waitFor(() => expect(m.calls.some((c) => c.operationName === 'ConfirmBooking')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('confirms a paid booking with the usual question only', async () => {
    renderPage(() => page([row('15', 'Pending', depositPaid())]));
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('15')).getByRole('button', { name: /^Confirm/ }));
    expect(screen.getByRole('alertdialog', { name: 'Confirm Booking' })).toBeTruthy();
  });

  it('records a payment: due now and today by default, then a question with the amount in words', async () => {
    const m = renderPage((call) =>
      call.operationName === 'RecordPayment'
        ? {
            data: {
              recordPayment: {
                __typename: 'RecordPaymentPayload',
                booking: { ...unpaid, payment: depositPaid() },
                entry: paymentEntry({ bookingId: '11' }),
              },
            },
          }
        : page([unpaid]),
    );
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Record payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Record payment for booking #11' });
    const amount = within(dialog).getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe('45.00');
    expect(document.activeElement).toBe(amount);
    expect((within(dialog).getByLabelText(/^Received on/) as HTMLInputElement).value).toBe(localIsoDate());
    expect((within(dialog).getByLabelText('Method') as HTMLSelectElement).value).toBe('BANK_TRANSFER');

    fireEvent.change(amount, { target: { value: 'forty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review payment' }));
    expect(dialog.textContent).toContain('Enter an amount in dollars greater than zero');

    fireEvent.change(amount, { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'MPESA' } });
    fireEvent.change(within(dialog).getByLabelText("Payer's reference"), { target: { value: ' QK7H2L9XPM ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review payment' }));
    const question = screen.getByRole('alertdialog', { name: 'Record payment for booking #11' });
    expect(within(question).getByTestId('money-question').textContent).toMatch(
      /^Record \$45\.00 \(forty-five dollars\) received by M-Pesa on .+ for booking #11 of Neema Kimaro\?$/,
    );
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No, go back' }));
    expect(m.calls.some((c) => c.operationName === 'RecordPayment')).toBe(false);

    fireEvent.click(within(question).getByRole('button', { name: 'Yes, record payment' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(m.calls.find((c) => c.operationName === 'RecordPayment')?.variables).toEqual({
      input: {
        bookingId: '11',
        amountCents: 4500,
        method: 'MPESA',
        payerReference: 'QK7H2L9XPM',
        receivedOn: localIsoDate(),
      },
    });
    await waitFor(() => expect(within(rowOf('11')).getByTestId('payment-state').textContent).toBe('Deposit paid'));
    expect(screen.getByText('Payment recorded for booking #11 of Neema Kimaro.')).toBeTruthy();
  });

  it("keeps the dialog open with the server's reason when recording fails", async () => {
    renderPage((call) =>
      call.operationName === 'RecordPayment'
        ? { errors: [{ message: 'No one pays more than is due: $45.00.', extensions: { code: 'BAD_USER_INPUT' } }] }
        : page([unpaid]),
    );
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Record payment/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Review payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, record payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to record the payment. No one pays more than is due: $45.00.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(screen.getByRole('dialog', { name: 'Record payment for booking #11' })).toBeTruthy();
  });

  it('refunds the refund due after asking with the amount in words', async () => {
    const m = renderPage((call) =>
      call.operationName === 'RefundPayment'
        ? {
            data: {
              refundPayment: {
                __typename: 'RefundPaymentPayload',
                booking: {
                  ...cancelled,
                  payment: { ...refundDue, state: 'REFUNDED', stateLabel: 'Refunded', refundDueCents: 0 },
                },
                entry: paymentEntry({ id: '303', bookingId: '13', kind: 'REFUND', amountCents: 55_500 }),
              },
            },
          }
        : page([cancelled]),
    );
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('13')).getByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund booking #13' });
    expect((within(dialog).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('555.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(screen.getByTestId('money-question').textContent).toBe(
      'Refund $555.00 (five hundred and fifty-five dollars) to Neema Kimaro for booking #13? This cannot be undone.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(within(rowOf('13')).getByTestId('payment-state').textContent).toBe('Refunded'));
    expect(m.calls.find((c) => c.operationName === 'RefundPayment')?.variables).toEqual({
      input: { bookingId: '13', amountCents: 55_500 },
    });
  });
});
