import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { meAnswer } from '../../../test/admin-fixtures';
import { depositPaid, paymentEntry } from '../../../test/payment-fixtures';
import { AdminPaymentsPage } from './AdminPaymentsPage';

const ledgerPage = (nodes: unknown[], more: { hasNextPage?: boolean; total?: number } = {}) => ({
  data: {
    payments: {
      __typename: 'PaymentEntryConnection',
      totalCount: more.total ?? nodes.length,
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: more.hasNextPage ?? false,
        endCursor: nodes.length ? `c${(nodes.at(-1) as { id: string }).id}` : null,
      },
      nodes,
    },
  },
});
const totals = {
  data: {
    paymentTotals: [
      { __typename: 'PaymentDayTotal', day: '2031-01-05', method: 'MPESA', receivedCents: 4500, refundedCents: 0 },
      {
        __typename: 'PaymentDayTotal',
        day: '2031-01-06',
        method: 'BANK_TRANSFER',
        receivedCents: 145_500,
        refundedCents: 1250,
      },
    ],
  },
};
const overdueBooking = {
  __typename: 'Booking',
  id: '12',
  tourId: '4',
  tourTitle: 'Zanzibar Beach Escape',
  startDate: '2031-07-01',
  endDate: '2031-07-05',
  numberOfPeople: 2,
  name: 'Neema Kimaro',
  email: 'neema@example.com',
  phone: '+255 713 000 111',
  status: 'Confirmed',
  bookingType: 'group',
  tier: 'Mid-range',
  createdAt: '2031-01-01T10:00:00.000Z',
  user: null,
  payment: depositPaid({ overdue: true }),
};
const bookingsPage = (nodes: unknown[]) => ({
  data: {
    bookings: {
      __typename: 'BookingConnection',
      totalCount: nodes.length,
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      nodes,
    },
  },
});

type Handler = (call: Call) => MockResult | Promise<MockResult> | undefined;

function renderPage(handler: Handler = () => undefined, path = '/admin/payments') {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient(async (call) => {
    const own = await handler(call);
    if (own) return own;
    if (call.operationName === 'Me') return meAnswer();
    if (call.operationName === 'PaymentTotals') return totals;
    if (call.operationName === 'AdminBookings')
      return bookingsPage((call.variables.filter as { payment: string }).payment === 'OVERDUE' ? [overdueBooking] : []);
    return ledgerPage([
      paymentEntry({ id: '302', kind: 'REFUND', amountCents: 1250, method: 'BANK_TRANSFER', receivedOn: '2031-01-06' }),
      paymentEntry(),
    ]);
  });
  render(
    <Providers client={mock.client} path={path}>
      <AdminPaymentsPage />
    </Providers>,
  );
  return mock;
}

describe('AdminPaymentsPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the ledger, the totals per day and method, and the balances to chase', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Refund');
    expect(rows[0]!.textContent).toContain('−$12.50');
    expect(rows[1]!.textContent).toContain('M-Pesa');
    expect(rows[1]!.textContent).toContain('QK7H2L9XPM');
    expect(rows[1]!.textContent).toContain('Admin Asha');
    expect(screen.getByTestId('ledger-count').textContent).toBe('Showing 2 of 2 rows');

    const sums = await screen.findByTestId('payment-totals');
    expect(sums.textContent).toContain('5 Jan 2031');
    expect(sums.textContent).toContain('Bank transfer');
    expect(within(sums).getByTestId('total-received').textContent).toBe('$1,500.00');
    expect(within(sums).getByTestId('total-refunded').textContent).toBe('$12.50');

    const overdue = await screen.findByRole('region', { name: 'Overdue balances' });
    expect(overdue.textContent).toContain('#12 Zanzibar Beach Escape');
    expect(overdue.textContent).toContain('$1,455.00');
    expect(await screen.findByText('No balance falls due within 4 weeks.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Open in Bookings' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/admin/bookings?payment=OVERDUE', '/admin/bookings?payment=BALANCE_DUE_SOON']);
  });

  it('shows each row with its signed effect and marks a reversal and the row it reverses', async () => {
    renderPage((call) =>
      call.operationName === 'AdminPayments'
        ? ledgerPage([
            paymentEntry({ id: '305', kind: 'REFUND', amountCents: 500, reversesId: '304', note: 'Wrong booking' }),
            paymentEntry({ id: '304', kind: 'REFUND', amountCents: 500 }),
            paymentEntry({ id: '303', kind: 'DEPOSIT', amountCents: 1000, reversesId: '302', note: 'Typo' }),
            paymentEntry({ id: '302', kind: 'DEPOSIT', amountCents: 1000 }),
          ])
        : undefined,
    );
    const rows = await screen.findAllByTestId('ledger-row');
    const amount = (i: number) => rows[i]!.querySelectorAll('td')[4]!.textContent;
    expect(amount(0)).toBe('$5.00');
    expect(rows[0]!.textContent).toContain('Correction of row #304');
    expect(amount(1)).toBe('−$5.00');
    expect(rows[1]!.textContent).toContain('Reversed by row #305');
    expect(amount(2)).toBe('−$10.00');
    expect(rows[2]!.textContent).toContain('Correction of row #302');
    expect(amount(3)).toBe('$10.00');
    expect(rows[3]!.querySelector('s')?.textContent).toBe('$10.00');
  });

  it('filters the ledger and the totals from the address and the controls, and loads more', async () => {
    vi.setSystemTime(new Date('2031-01-20T10:00:00Z'));
    const m = renderPage((call) => {
      if (call.operationName !== 'AdminPayments') return undefined;
      return call.variables.after
        ? ledgerPage([paymentEntry({ id: '200' })], { total: 3 })
        : ledgerPage([paymentEntry({ id: '301' }), paymentEntry({ id: '300' })], { hasNextPage: true, total: 3 });
    }, '/admin/payments?from=2031-01-01&method=MPESA&kind=bogus');
    await screen.findAllByTestId('ledger-row');
    const ledgerCalls = () => m.calls.filter((c) => c.operationName === 'AdminPayments');
    expect(ledgerCalls()[0]?.variables).toEqual({ filter: { from: '2031-01-01', method: 'MPESA' }, first: 50 });
    expect(m.calls.find((c) => c.operationName === 'PaymentTotals')?.variables).toEqual({
      from: '2031-01-01',
      to: '2031-01-20',
      method: 'MPESA',
    });
    expect(screen.getByTestId('totals-period').textContent).toBe(
      'Totals from 1 Jan 2031 to 20 Jan 2031, M-Pesa only, every kind.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(3));
    expect(ledgerCalls().at(-1)?.variables.after).toBe('c300');

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'REFUND' } });
    await waitFor(() =>
      expect(ledgerCalls().at(-1)?.variables.filter).toEqual({ from: '2031-01-01', method: 'MPESA', kind: 'REFUND' }),
    );
  });

  it('names the period the totals cover, with both ends asked of the server', async () => {
    vi.setSystemTime(new Date('2031-01-20T10:00:00Z'));
    const m = renderPage();
    await screen.findByTestId('payment-totals');
    const totalsCalls = () => m.calls.filter((c) => c.operationName === 'PaymentTotals');
    expect(totalsCalls()[0]?.variables).toEqual({ from: '2030-12-21', to: '2031-01-20' });
    expect(screen.getByTestId('totals-period').textContent).toBe(
      'Totals from 21 Dec 2030 to 20 Jan 2031, every method, every kind.',
    );

    fireEvent.change(screen.getByLabelText('Received until'), { target: { value: '2030-06-30' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'DEPOSIT' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'CARD' } });
    await waitFor(() =>
      expect(totalsCalls().at(-1)?.variables).toEqual({
        from: '2029-06-30',
        to: '2030-06-30',
        method: 'CARD',
        kind: 'DEPOSIT',
      }),
    );
    expect(screen.getByTestId('totals-period').textContent).toBe(
      'Totals from 30 Jun 2029 to 30 Jun 2030, Card only, Deposit rows only.',
    );
  });

  it('says when nothing was recorded yet', async () => {
    renderPage((call) =>
      call.operationName === 'AdminPayments'
        ? ledgerPage([])
        : call.operationName === 'PaymentTotals'
          ? { data: { paymentTotals: [] } }
          : undefined,
    );
    expect(await screen.findByText('No payments recorded yet.')).toBeTruthy();
    expect(await screen.findByText('No money received or refunded.')).toBeTruthy();
  });

  it('shows a failed ledger with Try Again', async () => {
    let fail = true;
    renderPage((call) =>
      call.operationName === 'AdminPayments' && fail
        ? { errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }] }
        : undefined,
    );
    const alert = await screen.findByText('Admin access required');
    fail = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findAllByTestId('ledger-row')).toHaveLength(2);
  });

  it('exports the ledger as CSV with the bearer token and the filter', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('Received,Booking\n2031-01-05,8\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="payments-2031.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:payments');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(undefined, '/admin/payments?from=2031-01-01&to=2031-01-31');
    await screen.findAllByTestId('ledger-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded payments-2031.csv.')).toBeTruthy();
    expect(clicked).toEqual(['payments-2031.csv']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/bookings\/admin\/payments\?from=2031-01-01&to=2031-01-31$/);
    expect(new Headers(init.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it("says why the CSV export failed, with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Admin access required' }), { status: 403 })),
    );
    renderPage();
    await screen.findAllByTestId('ledger-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByText(/^Failed to download the payments\./)).textContent).toBe(
      'Failed to download the payments. Admin access required',
    );
  });
});
