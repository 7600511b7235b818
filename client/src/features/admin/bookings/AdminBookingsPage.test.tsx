import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, Providers, type Call, type MockResult } from '../../../test/auth';
import { AdminBookingsPage } from './AdminBookingsPage';

const account = {
  __typename: 'User',
  id: '7',
  name: 'Amani Mushi',
  email: 'amani@example.com',
  phone: '+255 754 000 111',
};
const row = (id: string, status: string, over: Record<string, unknown> = {}) => ({
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
  user: account,
  payment: null,
  ...over,
});
const page = (nodes: unknown[], more: { hasNextPage?: boolean; total?: number } = {}) => ({
  data: {
    bookings: {
      __typename: 'BookingConnection',
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
const tours = {
  data: {
    tours: {
      __typename: 'TourConnection',
      nodes: [
        { __typename: 'Tour', id: '4', title: 'Zanzibar Beach Escape' },
        { __typename: 'Tour', id: '9', title: 'Serengeti Safari' },
      ],
    },
  },
};

const pending = row('11', 'Pending', { user: null });
const confirmed = row('12', 'Confirmed');
const cancelled = row('13', 'Cancelled');
const completed = row('14', 'Completed', { tourId: null, tourTitle: 'Old Safari' });

function renderPage(bookings: (call: Call) => MockResult | Promise<MockResult>) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
  const mock = mockClient((call) => {
    if (call.operationName === 'Me')
      return {
        data: {
          me: {
            ...account,
            id: '1',
            role: 'admin',
            profileImage: null,
            registeredAt: '2030-01-01T00:00:00Z',
            createdAt: '2030-01-01T00:00:00Z',
            lastLoginAt: null,
            permissions: [],
          },
        },
      };
    if (call.operationName === 'AdminTourChoices') return tours;
    return bookings(call);
  });
  render(
    <Providers client={mock.client} path="/admin/bookings">
      <AdminBookingsPage />
    </Providers>,
  );
  return { ...mock, lists: () => mock.calls.filter((c) => c.operationName === 'AdminBookings') };
}

const rowOf = (id: string) =>
  screen.getAllByTestId('booking-row').find((r) => r.getAttribute('data-booking-id') === id)!;
const buttons = (id: string) =>
  within(rowOf(id))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/ booking #.*/, ''));

describe('AdminBookingsPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the columns, the customer, coloured statuses and only the actions each status allows', async () => {
    renderPage(() => page([pending, confirmed, cancelled, completed]));
    expect(screen.getByRole('heading', { level: 1, name: 'Bookings Management' })).toBeTruthy();
    await screen.findAllByTestId('booking-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Tour',
      'Customer',
      'Dates',
      'People',
      'Status',
      'Payment',
      'Actions',
    ]);
    // The account's contact when the booking has one, else the booking's own.
    expect(rowOf('12').textContent).toContain('Amani Mushi');
    expect(rowOf('12').textContent).toContain('+255 754 000 111');
    expect(rowOf('11').textContent).toContain('Neema Kimaro');
    expect(rowOf('11').textContent).toContain('neema@example.com');
    expect(within(rowOf('11')).getByRole('link', { name: 'Zanzibar Beach Escape' }).getAttribute('href')).toBe(
      '/tour/4',
    );
    expect(within(rowOf('14')).queryByRole('link')).toBeNull();
    for (const [id, colour] of [
      ['11', 'pending'],
      ['12', 'confirmed'],
      ['13', 'cancelled'],
      ['14', 'completed'],
    ] as const) {
      expect(within(rowOf(id)).getByTestId('booking-status').className).toContain(`badge--booking-${colour}`);
    }
    expect(buttons('11')).toEqual(['Confirm', 'Cancel']);
    expect(buttons('12')).toEqual(['Mark Complete', 'Cancel']);
    expect(buttons('13')).toEqual([]);
    expect(buttons('14')).toEqual([]);
    expect(screen.getByTestId('bookings-count').textContent).toBe('Showing 4 of 4 bookings');
  });

  it('confirms, then marks complete, each after asking, updating the row in place', async () => {
    const m = renderPage((call) => {
      if (call.operationName === 'ConfirmBooking')
        return {
          data: {
            confirmBooking: { __typename: 'ConfirmBookingPayload', booking: { ...pending, status: 'Confirmed' } },
          },
        };
      if (call.operationName === 'CompleteBooking')
        return {
          data: {
            completeBooking: { __typename: 'CompleteBookingPayload', booking: { ...pending, status: 'Completed' } },
          },
        };
      return page([pending, confirmed]);
    });
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Confirm/ }));
    let dialog = screen.getByRole('alertdialog', { name: 'Confirm Booking' });
    expect(dialog.textContent).toContain('Are you sure you want to confirm this booking?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm' }));
    await waitFor(() => expect(within(rowOf('11')).getByTestId('booking-status').textContent).toBe('Confirmed'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(buttons('11')).toEqual(['Mark Complete', 'Cancel']);
    // Confirm is gone with its dialog: focus moves to the row's first remaining action.
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Mark Complete booking #11/));
    expect(
      screen.getAllByRole('status').some((s) => s.textContent === 'Booking #11 of Neema Kimaro is now Confirmed.'),
    ).toBe(true);

    fireEvent.click(within(rowOf('11')).getByRole('button', { name: /^Mark Complete/ }));
    dialog = screen.getByRole('alertdialog', { name: 'Mark Complete' });
    expect(dialog.textContent).toContain('Are you sure you want to mark this booking as completed?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark complete' }));
    await waitFor(() => expect(within(rowOf('11')).getByTestId('booking-status').textContent).toBe('Completed'));
    expect(buttons('11')).toEqual([]);
    // No action is left on the row: focus moves to the table.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('region'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bookings');
    expect(m.lists()).toHaveLength(1);
  });

  it("says why an action failed, with the server's message, and reloads the list", async () => {
    let listed = 0;
    const m = renderPage((call) => {
      if (call.operationName === 'CancelBooking') {
        return {
          errors: [{ message: 'A Completed booking cannot be changed to Cancelled', extensions: { code: 'CONFLICT' } }],
        };
      }
      listed += 1;
      return page([listed === 1 ? confirmed : { ...confirmed, status: 'Completed' }]);
    });
    await screen.findAllByTestId('booking-row');
    fireEvent.click(within(rowOf('12')).getByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Booking' });
    expect(dialog.textContent).toContain('Are you sure you want to cancel this booking?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to cancel booking. A Completed booking cannot be changed to Cancelled',
    );
    await waitFor(() => expect(within(rowOf('12')).getByTestId('booking-status').textContent).toBe('Completed'));
    expect(m.lists().length).toBeGreaterThanOrEqual(2);
  });

  it('shows No bookings found. for an empty list', async () => {
    renderPage(() => page([]));
    expect(screen.getByText('Loading bookings…')).toBeTruthy();
    expect(await screen.findByText('No bookings found.')).toBeTruthy();
  });

  it('shows Error Loading Bookings with the message and Try Again, and the association hint when it applies', async () => {
    const answers: MockResult[] = [
      {
        errors: [
          { message: 'Backend association issue: booking has no user', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ],
      },
      { errors: [{ message: '', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
      page([pending]),
    ];
    renderPage(() => answers.shift()!);
    let panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Error Loading Bookings' })).toBeTruthy();
    expect(panel.textContent).toContain('Backend association issue: booking has no user');
    expect(within(panel).getByTestId('association-hint').textContent).toBe(
      "Developer hint: the server should load the booking's user association under the alias 'bookingUser', not 'user'.",
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to fetch bookings.'));
    panel = screen.getByRole('alert');
    expect(within(panel).queryByTestId('association-hint')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('booking-row')).toBeTruthy();
  });

  it('filters by status, tour (title or id) and start dates, and loads more pages', async () => {
    const m = renderPage((call) => {
      const after = call.variables.after;
      if (after === 'c12') return page([row('13', 'Cancelled')], { total: 3 });
      return page([pending, confirmed], { hasNextPage: true, total: 3 });
    });
    await screen.findAllByTestId('booking-row');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Confirmed' } });
    await waitFor(() => expect(m.lists().at(-1)?.variables.filter).toEqual({ status: 'Confirmed' }));
    const tour = screen.getByLabelText('Tour');
    fireEvent.change(tour, { target: { value: 'serengeti safari' } });
    await waitFor(() => expect(m.lists().at(-1)?.variables.filter).toEqual({ status: 'Confirmed', tourId: '9' }));
    fireEvent.change(tour, { target: { value: 'Atlantis' } });
    expect(tour.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No tour has this title or id.')).toBeTruthy();
    fireEvent.change(tour, { target: { value: '#4' } });
    expect((tour as HTMLInputElement).value).toBe('#4');
    fireEvent.change(screen.getByLabelText('Starting from'), { target: { value: '2031-06-01' } });
    fireEvent.change(screen.getByLabelText('Starting until'), { target: { value: '2031-08-31' } });
    await waitFor(() =>
      expect(m.lists().at(-1)?.variables).toEqual({
        filter: { status: 'Confirmed', tourId: '4', from: '2031-06-01', to: '2031-08-31' },
        first: 25,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(m.lists().at(-1)?.variables.filter).toEqual({}));
    expect((tour as HTMLInputElement).value).toBe('');
    // The button disables itself: focus goes back to the first filter, not to the page.
    expect(document.activeElement).toBe(screen.getByLabelText('Status'));
  });

  it('downloads the manifest of a tour and date with the bearer token', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('Booking,Status\n11,Pending\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="manifest-tour-4-2031-07-01.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:manifest');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(() => page([pending]));
    await screen.findByTestId('booking-row');

    fireEvent.click(screen.getByRole('button', { name: 'Download manifest (CSV)' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a tour and a start date.');
    fireEvent.change(screen.getByLabelText('Manifest tour'), { target: { value: 'Zanzibar Beach Escape' } });
    fireEvent.change(screen.getByLabelText('Departure date'), { target: { value: '2031-07-01' } });
    // The departure's permit list for the park gates is offered beside it.
    expect(screen.getByRole('link', { name: 'Permit list (print)' }).getAttribute('href')).toBe(
      '/admin/departures/4/2031-07-01/permits',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download manifest (CSV)' }));
    expect(await screen.findByText('Downloaded manifest-tour-4-2031-07-01.csv.')).toBeTruthy();
    expect(clicked).toEqual(['manifest-tour-4-2031-07-01.csv']);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/bookings\/admin\/manifest\?tourId=4&date=2031-07-01$/);
    expect(new Headers(init.headers).get('authorization')).toMatch(/^Bearer /);

    // A text that names no tour clears the choice: nothing is downloaded for the tour chosen before.
    fireEvent.change(screen.getByLabelText('Manifest tour'), { target: { value: 'Zanzibar Beach' } });
    expect(screen.getByText('No tour has this title or id.')).toBeTruthy();
    expect(screen.queryByText(/^Downloaded/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Permit list (print)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download manifest (CSV)' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a tour and a start date.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('takes a tour title typed before the catalogue has arrived once it arrives', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((r) => {
      release = r;
    });
    localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '1', role: 'admin', exp: Math.floor(Date.now() / 1000) + 900 }));
    const mock = mockClient(async (call) => {
      if (call.operationName === 'AdminTourChoices') {
        await arrived;
        return tours;
      }
      return page([pending]);
    });
    render(
      <Providers client={mock.client} path="/admin/bookings">
        <AdminBookingsPage />
      </Providers>,
    );
    await screen.findByTestId('booking-row');
    fireEvent.change(screen.getByLabelText('Tour'), { target: { value: 'Serengeti Safari' } });
    expect(screen.getByText('No tour has this title or id.')).toBeTruthy();
    release();
    await waitFor(() =>
      expect(mock.calls.filter((c) => c.operationName === 'AdminBookings').at(-1)?.variables.filter).toEqual({
        tourId: '9',
      }),
    );
    expect(screen.queryByText('No tour has this title or id.')).toBeNull();
  });
});
