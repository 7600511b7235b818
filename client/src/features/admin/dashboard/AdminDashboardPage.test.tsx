import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient, Providers, type MockResult } from '../../../test/auth';
import { adminTour, meAnswer, toursAnswer } from '../../../test/admin-fixtures';
import { AdminDashboardPage } from './AdminDashboardPage';

const TOURS = [
  adminTour(),
  adminTour({
    id: '2',
    title: 'Zanzibar Beach Escape',
    destination: 'zanzibar',
    travelType: 'Beach sands',
    bookingType: 'private',
    tier: 'Budget',
    status: 'draft',
  }),
  adminTour({
    id: '3',
    title: 'Kilimanjaro Machame',
    destination: 'kilimanjaro',
    travelType: 'Trekking',
    tier: 'Standard',
    status: 'inactive',
  }),
];

type Handler = (name: string | undefined, vars: Record<string, unknown>) => MockResult | Promise<MockResult>;

function renderDashboard(handler: Handler) {
  const mock = mockClient((c) => handler(c.operationName, c.variables));
  render(
    <Providers client={mock.client} path="/admin">
      <Routes>
        <Route path="/admin" element={<AdminDashboardPage />} />
        <Route path="/admin/edit/:id" element={<h1>Edit page</h1>} />
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>
    </Providers>,
  );
  return mock;
}

const adminWith =
  (tours = TOURS, extra: Handler = () => ({ data: null })): Handler =>
  (name, vars) =>
    name === 'Me' ? meAnswer() : name === 'AdminTours' ? toursAnswer(tours) : extra(name, vars);

describe('AdminDashboardPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('shows Loading tours..., then every tour (drafts and inactive ones too) as cards and a success status', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    renderDashboard(async (name) => (name === 'Me' ? meAnswer() : (await held, toursAnswer(TOURS))));
    expect(await screen.findByText('Loading tours...')).toBeTruthy();
    release();
    expect(await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 })).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Tours loaded successfully');
    expect(screen.getByTestId('admin-status').className).toContain('admin-status--success');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    // Each status as travellers see it, coloured by its value.
    const statuses = screen.getAllByTestId('admin-tour-card').map((c) => c.querySelector('.status-tag')?.textContent);
    expect(statuses).toEqual(['Available', 'Coming Soon', 'Unavailable']);
  });

  it('switches to a table with the columns Tour, Destination, Price, Duration, Type, Rating, Actions', async () => {
    renderDashboard(adminWith());
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Tour', 'Destination', 'Price', 'Duration', 'Type', 'Rating', 'Actions']);
    const row = screen.getAllByTestId('admin-tour-row')[0]!;
    expect(row.textContent).toContain('$1,450.00');
    expect(row.textContent).toContain('5 days / 4 nights');
    expect(within(row).getByText('Luxury').className).toContain('tier-badge--luxury');
    expect(within(row).getByText('Available').className).toContain('status-tag--active');
  });

  it('shows each rating with one decimal in the cards and the table, and 4.5 for a rating of 0', async () => {
    renderDashboard(adminWith([adminTour(), adminTour({ id: '2', title: 'Unrated Day Trip', rating: 0 })]));
    const cards = await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Rating 4.8'),
      expect.stringContaining('Rating 4.5'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const ratingColumn = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Rating');
    const ratings = screen.getAllByTestId('admin-tour-row').map((r) => r.children[ratingColumn]?.textContent);
    expect(ratings).toEqual(['4.8', '4.5']);
  });

  it('filters by destination, travel type and booking type from the values found in the tours', async () => {
    renderDashboard(adminWith());
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    const destination = screen.getByLabelText('Destination') as HTMLSelectElement;
    expect([...destination.options].map((o) => o.text)).toEqual([
      'All Destinations',
      'kilimanjaro',
      'serengeti',
      'zanzibar',
    ]);
    expect([...(screen.getByLabelText('Booking Type') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All Booking Types',
      'group',
      'private',
    ]);
    fireEvent.change(screen.getByLabelText('Travel Type'), { target: { value: 'Trekking' } });
    expect(screen.getAllByTestId('admin-tour-card').map((c) => c.textContent)).toEqual([
      expect.stringContaining('Kilimanjaro Machame'),
    ]);
    fireEvent.change(screen.getByLabelText('Booking Type'), { target: { value: 'private' } });
    expect(screen.getByText('No tours found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Travel Type'), { target: { value: '' } });
    expect(screen.getAllByTestId('admin-tour-card')).toHaveLength(1);
  });

  it('says No tours found for an empty catalogue', async () => {
    renderDashboard(adminWith([]));
    expect(await screen.findByText('No tours found')).toBeTruthy();
  });

  it('shows Access Denied to a signed-in non-admin without loading tours', async () => {
    const { calls } = renderDashboard((name) => (name === 'Me' ? meAnswer('user') : toursAnswer(TOURS)));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(calls.some((c) => c.operationName === 'AdminTours')).toBe(false);
  });

  it('shows Session Expired with Go to Login when the profile check fails', async () => {
    renderDashboard(() => ({
      errors: [{ message: 'Session expired. Please login again.', extensions: { code: 'UNAUTHENTICATED' } }],
    }));
    expect(await screen.findByRole('heading', { name: 'Session Expired' })).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please log in again to continue.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
  });

  it('maps a load refused for rights to the privileges message', async () => {
    renderDashboard((name) =>
      name === 'Me'
        ? meAnswer()
        : { errors: [{ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } }] },
    );
    expect(await screen.findByText('Your session expired or privileges changed. Please login again.')).toBeTruthy();
  });

  it('passes the tour to the edit page', async () => {
    renderDashboard(adminWith());
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('link', { name: 'Edit Serengeti Migration Safari' }));
    expect(await screen.findByRole('heading', { name: 'Edit page' })).toBeTruthy();
  });

  it('deletes after the confirm dialog and a fresh admin check, then says Deleted! for 2 seconds', async () => {
    let release: (r: MockResult) => void = () => undefined;
    const { calls } = renderDashboard(
      adminWith(TOURS, (name) =>
        name === 'DeleteTour' ? new Promise<MockResult>((r) => (release = r)) : { data: null },
      ),
    );
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Zanzibar Beach Escape' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(confirm.textContent).toContain("You won't be able to revert this!");
    const meBefore = calls.filter((c) => c.operationName === 'Me').length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect(screen.getByTestId('admin-status').textContent).toBe('Deleting tour...');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'DeleteTour')).toBe(true));
    expect(calls.filter((c) => c.operationName === 'Me').length).toBe(meBefore + 1);
    expect(calls.find((c) => c.operationName === 'DeleteTour')?.variables).toEqual({ id: '2' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => release({ data: { deleteTour: { __typename: 'DeleteTourPayload', deletedTourId: '2' } } }));
    expect(await screen.findByRole('alertdialog', { name: /Deleted!/ })).toBeTruthy();
    expect(screen.getByText('Tour has been deleted successfully.')).toBeTruthy();
    expect(screen.getAllByTestId('admin-tour-card')).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancelling the confirm dialog deletes nothing', async () => {
    const { calls } = renderDashboard(adminWith());
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Zanzibar Beach Escape' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.operationName === 'DeleteTour')).toBe(false);
  });

  it('stops with Session verification failed when the re-check fails, and deletes nothing', async () => {
    let meCalls = 0;
    const { calls } = renderDashboard((name) => {
      if (name === 'Me') return ++meCalls === 1 ? meAnswer() : new Error('Failed to fetch');
      return name === 'AdminTours' ? toursAnswer(TOURS) : { data: null };
    });
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Zanzibar Beach Escape' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    const alert = await screen.findByRole('alertdialog', { name: /Failed to delete tour/ });
    expect(alert.textContent).toContain('Session verification failed');
    expect(calls.some((c) => c.operationName === 'DeleteTour')).toBe(false);
  });

  it('shows the server refusal (active bookings) and reloads the list', async () => {
    const conflict =
      'This tour has 2 active bookings (Pending or Confirmed): cancel or complete them before deleting the tour';
    const { calls } = renderDashboard(
      adminWith(TOURS, (name) =>
        name === 'DeleteTour' ? { errors: [{ message: conflict, extensions: { code: 'CONFLICT' } }] } : { data: null },
      ),
    );
    await screen.findAllByTestId('admin-tour-card', undefined, { timeout: 5000 });
    const loads = calls.filter((c) => c.operationName === 'AdminTours').length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Serengeti Migration Safari' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    const alert = await screen.findByRole('alertdialog', { name: /Failed to delete tour/ });
    expect(alert.textContent).toContain(conflict);
    await waitFor(() => expect(calls.filter((c) => c.operationName === 'AdminTours').length).toBe(loads + 1));
    expect(screen.getByTestId('admin-status').className).toContain('admin-status--error');
    expect(screen.getAllByTestId('admin-tour-card')).toHaveLength(3);
  });
});
