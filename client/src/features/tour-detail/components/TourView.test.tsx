import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@tembea/schema';
import { AuthProvider, useAuth } from '../../../auth/AuthProvider';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../../../test/auth';
import type { BookingModalSlotProps } from './BookingModalSlot';
import { TourView } from './TourView';
import { isLoginError } from '../../../lib/errors';
import type { ViewTour } from '../lib/tour-view';

function LoginProbe() {
  const l = useLocation();
  const state = l.state as { from?: string; returnTo?: string } | null;
  return <p data-testid="login">{`${l.pathname} from=${state?.from} returnTo=${state?.returnTo}`}</p>;
}

function renderTour(tour: ViewTour) {
  return render(
    <MockedProvider mocks={[]}>
      <AuthProvider>
        <MemoryRouter initialEntries={[`/tour/${tour.id}`]}>
          <Routes>
            <Route path="/tour/:id" element={<TourView tour={tour} />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </MockedProvider>,
  );
}

const full: ViewTour = {
  id: '9',
  title: 'Tarangire Safari',
  description: 'Elephants.',
  status: 'active',
  destination: 'tarangire',
  country: 'Tanzania',
  durationDays: 3,
  durationNights: 2,
  price: 900,
  originalPrice: 1000,
  discount: 10,
  rating: 4.6,
  numRatings: 12,
  featured: true,
  popular: false,
  trending: true,
  capacity: 8,
  tiers: ['Budget', 'Luxury'],
  bookingType: 'private',
  itinerary: [
    { day: 1, title: 'Arrive', description: 'Drive to the park.' },
    { day: 2, title: 'Walk', description: 'Bush walk.' },
  ],
  included: ['Park fees'],
  notIncluded: [],
  categories: ['Wildlife'],
  features: ['4x4'],
};

describe('TourView', () => {
  afterEach(cleanup);

  it('shows the spec fallbacks for a tour with nothing but an id', () => {
    renderTour({ id: '1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Untitled Tour' })).toBeTruthy();
    expect(screen.getByText('No ratings')).toBeTruthy();
    expect(screen.getByText('(25+ reviews)')).toBeTruthy();
    expect(screen.getByTestId('tour-status').textContent).toBe('Available');
    expect(screen.getByTestId('tour-price').textContent).toContain('Contact for price');
    expect(screen.getByText('Duration').nextElementSibling?.textContent).toBe('Not specified');
    expect(screen.getAllByText('No description available').length).toBeGreaterThan(0);
    const overview = screen.getByRole('tabpanel');
    for (const [k, v] of [
      ['Tour type', 'Standard'],
      ['Travel type', 'Standard'],
      ['Departure location', 'Not specified'],
      ['Departure time', 'Not specified'],
      ['Return time', 'Not specified'],
      ['Tier', 'Standard'],
      ['Booking type', 'Group'],
      ['Capacity', 'Not specified'],
    ] as const) {
      expect(within(overview).getByText(k).nextElementSibling?.textContent).toBe(v);
    }
    expect((screen.getByLabelText('Booking Type') as HTMLSelectElement).value).toBe('group');
    expect((screen.getByLabelText('Travel Tier') as HTMLSelectElement).value).toBe('Standard');
    expect(screen.queryByRole('tab', { name: 'Inclusions' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Itinerary' }));
    expect(screen.getByText('No itinerary information available.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue booking' })).toBeTruthy();
  });

  it('shows badges, struck original price, percent off, defaults from the tour and the inclusions tab', () => {
    renderTour(full);
    expect(screen.getByText('Featured')).toBeTruthy();
    expect(screen.getByText('Trending')).toBeTruthy();
    expect(screen.queryByText('Popular')).toBeNull();
    expect(screen.getByTestId('tour-status').textContent).toBe('Available');
    const price = screen.getByTestId('tour-price');
    expect(price.querySelector('s')?.textContent).toBe('$1,000.00');
    expect(price.textContent).toContain('10% OFF');
    expect((screen.getByLabelText('Booking Type') as HTMLSelectElement).value).toBe('private');
    expect((screen.getByLabelText('Travel Tier') as HTMLSelectElement).value).toBe('Budget');
    fireEvent.click(screen.getByRole('tab', { name: 'Inclusions' }));
    expect(screen.getByText('Park fees')).toBeTruthy();
    expect(screen.getByText('No exclusions listed.')).toBeTruthy();
  });

  it('expands itinerary days independently', () => {
    renderTour(full);
    fireEvent.click(screen.getByRole('tab', { name: 'Itinerary' }));
    const day1 = screen.getByRole('button', { name: /Day 1\s*Arrive/ });
    const day2 = screen.getByRole('button', { name: /Day 2\s*Walk/ });
    expect(screen.getByText('Drive to the park.').closest('[hidden]')).not.toBeNull();
    fireEvent.click(day1);
    fireEvent.click(day2);
    expect(day1.getAttribute('aria-expanded')).toBe('true');
    expect(day2.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(day1);
    expect(day1.getAttribute('aria-expanded')).toBe('false');
    expect(day2.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between tabs with the arrow keys', () => {
    renderTour(full);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(overview, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Itinerary' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Itinerary' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Inclusions' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Inclusions' }), { key: 'ArrowRight' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the status badge by status: Available, Unavailable, Coming Soon, or the value as given', () => {
    for (const [status, label] of [
      ['active', 'Available'],
      ['inactive', 'Unavailable'],
      ['draft', 'Coming Soon'],
      ['archived', 'archived'],
      ['', 'Available'],
    ]) {
      renderTour({ ...full, status });
      expect(screen.getByTestId('tour-status').textContent, status).toBe(label);
      cleanup();
    }
  });

  it('labels and disables the booking button by status, and asks a visitor to log in first', () => {
    renderTour({ ...full, status: 'inactive' });
    expect((screen.getByRole('button', { name: 'Currently Unavailable' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderTour({ ...full, status: 'draft' });
    expect((screen.getByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderTour(full);
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    const prompt = screen.getByRole('alertdialog', { name: 'Login Required' });
    expect(prompt.textContent).toContain('You need to login to book this tour. Would you like to login now?');
    // Escape keeps the visitor on the tour.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tarangire Safari');
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, login now' }));
    expect(screen.getByTestId('login').textContent).toBe('/login from=booking returnTo=/tour/9');
  });

  it('recognises the errors that ask for a login', () => {
    expect(isLoginError('Authentication required. Please login.')).toBe(true);
    expect(isLoginError('Please login again')).toBe(true);
    expect(isLoginError('Failed to fetch tour')).toBe(false);
  });

  /** A signed-in user on the tour page, with a stand-in for the booking modal the app composes in. */
  async function renderSignedIn(
    loaded = true,
    { waitForSession = true, me = TEST_USER as typeof TEST_USER | null } = {},
  ) {
    localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
    const { client } = mockClient((call) => (call.operationName === 'Me' ? { data: { me } } : { data: null }));
    const seen: BookingModalSlotProps[] = [];
    function FakeModal(p: BookingModalSlotProps) {
      seen.push(p);
      if (!p.open) return null;
      return (
        <div role="dialog" aria-label="fake booking">
          <button type="button" onClick={() => p.onBooked('31')}>
            Booked
          </button>
          <button type="button" onClick={p.onLoginRequired}>
            Server wants login
          </button>
        </div>
      );
    }
    function FakePayment({ bookingId }: { bookingId: string }) {
      return <button type="button">Pay for booking {bookingId}</button>;
    }
    function SignedIn() {
      return <p>{useAuth().user?.name ?? 'checking'}</p>;
    }
    render(
      <Providers client={client}>
        <SignedIn />
        <TourView tour={full} loaded={loaded} BookingModal={FakeModal} BookedPayment={FakePayment} />
      </Providers>,
    );
    // Until the session check ends, a click is not taken for a logged-out visitor's.
    if (waitForSession) await screen.findByText(TEST_USER.name);
    localStorage.clear();
    return seen;
  }

  it('answers a Book Tour click made while the stored session is being checked once the check ends', async () => {
    await renderSignedIn(true, { waitForSession: false });
    expect(screen.getByText('checking')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    expect(screen.queryByRole('dialog', { name: 'fake booking' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'fake booking' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Login Required' })).toBeNull();
  });

  it('asks to log in after such a click when the stored session turns out to be gone', async () => {
    await renderSignedIn(true, { waitForSession: false, me: null });
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    expect(await screen.findByRole('alertdialog', { name: 'Login Required' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'fake booking' })).toBeNull();
  });

  it("opens the composed booking modal with the tour page's choices; a login request from it asks to log in", async () => {
    const seen = await renderSignedIn(false);
    fireEvent.change(screen.getByLabelText('Travel Tier'), { target: { value: 'Luxury' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    expect(seen.at(-1)).toMatchObject({
      open: true,
      loaded: false,
      bookingType: 'private',
      tier: 'Luxury',
      tour: { id: '9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Server wants login' }));
    expect(screen.queryByRole('dialog', { name: 'fake booking' })).toBeNull();
    expect(screen.getByRole('alertdialog', { name: 'Login Required' })).toBeTruthy();
  });

  it('replaces the booking button with the banner once booked, moves focus to it and offers to pay', async () => {
    await renderSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Book Tour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book Tour' })).toBeNull();
    const banner = screen.getByTestId('booking-banner');
    expect(within(banner).getByRole('heading', { name: 'Booking Request Received!' })).toBeTruthy();
    expect(banner.textContent).toContain(
      "We've sent a confirmation to your email and will contact you shortly with next steps for your amazing adventure!",
    );
    expect(document.activeElement).toBe(banner);
    // The booking feature's pay button, composed in by the app, for the booking just made.
    expect(within(banner).getByRole('button', { name: 'Pay for booking 31' })).toBeTruthy();
  });
});
