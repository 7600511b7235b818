import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { act, render, screen, within } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, travellerToday } from '@tembea/schema';
import { createApolloCache } from '../../../lib/apollo';
import { mockClient, Providers, type MockResult } from '../../../test/auth';
import { BookingPanel } from './BookingPanel';
import { TourView } from './TourView';
import type { ViewTour } from '../lib/tour-view';

const REFUSED: MockResult = {
  data: null,
  errors: [{ message: 'Start date can be at most 12 months ahead', extensions: { code: 'BAD_USER_INPUT' } }],
};

/** A $900 tour leaving at 06:00 UTC `monthsAhead` months from today. */
function tourLeavingIn(monthsAhead: number): ViewTour {
  return {
    id: '5',
    title: 'Serengeti Migration Safari',
    price: 900,
    status: 'active',
    bookingType: 'group',
    tiers: ['Budget'],
    durationDays: 3,
    durationNights: 2,
    departureTime: `${addMonths(travellerToday(), monthsAhead)}T06:00:00.000Z`,
  };
}

/** A screen as narrow as a phone's, where the booking bar shows too. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('BookingPanel without a quote', () => {
  it('asks none for a departure past the booking horizon: the tour price and a note instead', async () => {
    narrowScreen();
    const { client, calls } = mockClient(() => REFUSED);
    render(
      <Providers client={client}>
        <TourView tour={tourLeavingIn(30)} />
      </Providers>,
    );
    const panel = screen.getByTestId('quote');
    expect(within(panel).getByTestId('panel-price').textContent).toBe('$900.00');
    expect(within(panel).getByText('Bookings for this departure open closer to the date.')).toBeTruthy();
    expect(within(panel).queryByText('Checking the price…')).toBeNull();
    expect(within(screen.getByTestId('book-bar')).getByTestId('book-bar-price').textContent).toBe('$900.00');
    // The booking button stays: the booking form says which start dates are taken.
    expect(screen.getAllByRole('button', { name: 'Book Tour' }).length).toBeGreaterThan(0);
    await act(() => Promise.resolve());
    expect(calls.filter((c) => c.operationName === 'BookingQuote')).toEqual([]);
  });

  it('shows the tour price when the server refuses the quote, without the note', async () => {
    const { client, calls } = mockClient(() => REFUSED);
    render(
      <Providers client={client}>
        <TourView tour={tourLeavingIn(20)} />
      </Providers>,
    );
    const panel = screen.getByTestId('quote');
    expect(within(panel).getByText('Checking the price…')).toBeTruthy();
    expect((await within(panel).findByTestId('panel-price')).textContent).toBe('$900.00');
    expect(within(panel).queryByText('Checking the price…')).toBeNull();
    expect(within(panel).queryByTestId('quote-later')).toBeNull();
    expect(calls.filter((c) => c.operationName === 'BookingQuote')).toHaveLength(1);
  });
});

describe('BookingPanel hydrating a page whose quote the server was refused', () => {
  const containers: HTMLElement[] = [];
  const roots: Root[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    for (const c of containers.splice(0)) c.remove();
  });

  const panel = (client: ApolloClient, tour: ViewTour): ReactNode => (
    <ApolloProvider client={client}>
      <BookingPanel
        tour={tour}
        tiers={['Budget']}
        bookingType="group"
        tier="Budget"
        onBookingType={() => undefined}
        onTier={() => undefined}
        onBook={() => undefined}
      />
    </ApolloProvider>
  );

  it('keeps the server markup (the tour price) while it asks again, then shows the same', async () => {
    const tour = tourLeavingIn(20);
    const refusing = new ApolloLink(() => new Observable((o) => (o.next(REFUSED as ApolloLink.Result), o.complete())));
    const server = new ApolloClient({ ssrMode: true, cache: createApolloCache(), link: refusing });
    const { result: html } = await prerenderStatic({ tree: panel(server, tour), renderFunction: renderToString });
    expect(html).toContain('$900.00');
    expect(html).not.toContain('Checking the price');

    let answer: (r: MockResult) => void = () => undefined;
    const { client: browser, calls } = mockClient(() => new Promise<MockResult>((resolve) => (answer = resolve)));
    browser.cache.restore(server.extract());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    containers.push(container);
    const mismatches: unknown[] = [];
    await act(async () => {
      roots.push(hydrateRoot(container, panel(browser, tour), { onRecoverableError: (e) => mismatches.push(e) }));
    });
    expect(mismatches).toEqual([]);
    expect(calls.filter((c) => c.operationName === 'BookingQuote')).toHaveLength(1);
    await act(async () => answer(REFUSED));
    expect(within(container).getByTestId('panel-price').textContent).toBe('$900.00');
    expect(mismatches).toEqual([]);
  });
});
