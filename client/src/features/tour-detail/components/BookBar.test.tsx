import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, addDays, travellerToday } from '@tembea/schema';
import { useAuth } from '../../../auth/AuthProvider';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../../../test/auth';
import type { BookingModalSlotProps } from './BookingModalSlot';
import { TourView } from './TourView';

/** A screen as narrow as a phone's (or not), as the stylesheet's breakpoint asks. */
function screenIs(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const quote = {
  __typename: 'Quote',
  tourId: '9',
  startDate: '2031-01-10',
  numberOfPeople: 1,
  bookingType: 'group',
  tier: 'Budget',
  seatsLeft: 8,
  availability: 'AVAILABLE',
  priced: true,
  priceLabel: '$950.00',
  unitPrice: 950,
  subtotal: 950,
  earlyBird: false,
  earlyBirdDiscount: 0,
  total: 950,
  grandTotal: 1256.8,
  deposit: 28.5,
  balance: 921.5,
  balanceDueDate: '2030-12-11',
  parkFees: { __typename: 'ParkFeesQuote', partyAssumed: true, totalCents: 30680, areas: [], unpricedDays: [] },
};

/** The server's quote for a trip with no price, labelled as catalogue cards say it. */
const unpricedQuote = {
  ...quote,
  priced: false,
  priceLabel: 'Contact for pricing',
  unitPrice: null,
  subtotal: null,
  earlyBirdDiscount: null,
  total: null,
  grandTotal: null,
  deposit: null,
  balance: null,
  balanceDueDate: null,
};

async function renderTour(answer: object = quote, price: number | null = 900) {
  localStorage.setItem(TOKEN_KEY, fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 }));
  const { client } = mockClient((call) =>
    call.operationName === 'Me' ? { data: { me: TEST_USER } } : { data: { quote: answer } },
  );
  function FakeModal(p: BookingModalSlotProps) {
    return p.open ? (
      <div role="dialog" aria-label="fake booking">
        <button type="button" onClick={() => p.onPartyPriced?.({ numberOfPeople: 3, grandTotal: 4473.2 })}>
          Priced
        </button>
        <button type="button" onClick={() => p.onBooked('31')}>
          Booked
        </button>
      </div>
    ) : null;
  }
  function SignedIn() {
    return <p>{useAuth().user?.name ?? 'checking'}</p>;
  }
  render(
    <Providers client={client}>
      <SignedIn />
      <TourView
        tour={{ id: '9', title: 'Tarangire Safari', price, status: 'active', bookingType: 'group' }}
        BookingModal={FakeModal}
      />
    </Providers>,
  );
  await screen.findByText(TEST_USER.name);
}

describe('BookBar', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone keeps the quoted price, the park fees and a button opening the booking form', async () => {
    screenIs(true);
    await renderTour();
    const bar = screen.getByTestId('book-bar');
    // The card's price paints at once; the quote's replaces it.
    expect(await within(bar).findByText('$950.00')).toBeTruthy();
    expect(within(bar).getByTestId('book-bar-fees').textContent).toBe('+ $306.80 park fees');
    fireEvent.click(within(bar).getByRole('button', { name: 'Book Tour' }));
    // Told who travels, the booking form priced the party: the bar shows what it pays in all.
    fireEvent.click(screen.getByRole('button', { name: 'Priced' }));
    expect(within(bar).getByTestId('book-bar-price').textContent).toBe('$4,473.20');
    expect(within(bar).getByTestId('book-bar-fees').textContent).toBe('for 3 people, park fees included');
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    // Once booked the banner takes over: the bar goes.
    expect(screen.queryByTestId('book-bar')).toBeNull();
    expect(screen.getByTestId('booking-banner')).toBeTruthy();
  });

  it('says "Contact for price" for a trip with no price, in the bar and the panel alike', async () => {
    screenIs(true);
    await renderTour(unpricedQuote, null);
    // The quote has come once the panel shows its availability.
    await screen.findByTestId('quote-price');
    expect(within(screen.getByTestId('book-bar')).getByText('Contact for price')).toBeTruthy();
    expect(screen.getByTestId('quote-price').textContent).toBe('Contact for price');
    expect(screen.queryByText('Contact for pricing')).toBeNull();
  });

  it('is left out on a wide screen, where the panel sits beside the tour', async () => {
    screenIs(false);
    await renderTour();
    expect(screen.queryByTestId('book-bar')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Book Tour' })).toHaveLength(1);
  });
});

describe('BookingPanel payment terms', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  /** The quote for a start `daysAway` days from the server's today. */
  const startingIn = (daysAway: number) => {
    const startDate = addDays(travellerToday(), daysAway);
    return { ...quote, startDate, balanceDueDate: addDays(startDate, -30) };
  };

  it('shows the deposit and the balance with its due date for a trip 60 days away', async () => {
    screenIs(false);
    await renderTour(startingIn(60));
    const panel = screen.getByTestId('quote');
    expect((await within(panel).findByTestId('quote-deposit')).textContent).toBe('$28.50');
    expect(within(panel).getByTestId('quote-balance').textContent).toBe('$921.50');
    expect(within(panel).getByText(/^Balance, due /)).toBeTruthy();
    expect(within(panel).queryByTestId('quote-full')).toBeNull();
  });

  it('shows one pay-in-full line with the grand total, park fees included, for a trip 10 days away', async () => {
    screenIs(false);
    await renderTour(startingIn(10));
    const panel = screen.getByTestId('quote');
    expect((await within(panel).findByTestId('quote-full')).textContent).toBe('$1,256.80');
    expect(within(panel).getByText('Paid in full at booking (departure within 30 days)')).toBeTruthy();
    expect(within(panel).queryByTestId('quote-deposit')).toBeNull();
    expect(within(panel).queryByTestId('quote-balance')).toBeNull();
    expect(within(panel).queryByText(/Deposit|Balance/)).toBeNull();
  });
});
