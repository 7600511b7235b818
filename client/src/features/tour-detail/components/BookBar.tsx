import { useSyncExternalStore } from 'react';
import { bookingButtonLabel, centsToDollars, formatUsd, isBookingDisabled } from '@tembea/schema';
import { headerPrice, type ViewTour } from '../lib/tour-view';
import { usePanelQuote } from './BookingPanel';

/** Where the booking panel no longer sits beside the tour (the stylesheet's breakpoint). */
const NARROW = '(max-width: 860px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * True on a narrow screen. Wide screens and the server render leave the bar out altogether, so
 * it never doubles the panel's 'Book Tour' for assistive technology.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * On a phone, the price and the booking button stay at the bottom of the screen while the page
 * scrolls (wide screens hide it: the booking panel sits beside the tour there). The price is the
 * quote's, else the card's; park fees follow as an estimate per non-resident adult.
 */
export function BookBar({
  tour,
  bookingType,
  tier,
  onBook,
}: {
  tour: ViewTour;
  bookingType: string;
  tier: string;
  onBook: () => void;
}) {
  const { data } = usePanelQuote(tour, bookingType, tier);
  const q = data?.quote;
  const price = q?.priceLabel ?? headerPrice(tour, bookingType, tier).now;
  const perPerson = price.startsWith('$');
  const fees = q?.parkFees?.totalCents;
  return (
    <div className="book-bar" data-testid="book-bar">
      <p className="book-bar__price">
        <strong data-testid="book-bar-price">{price}</strong>
        {perPerson ? <span className="book-bar__per"> per person</span> : null}
        {fees ? (
          <span className="book-bar__fees" data-testid="book-bar-fees">
            + {formatUsd(centsToDollars(fees))} park fees
          </span>
        ) : null}
      </p>
      <button
        type="button"
        className="btn btn--primary book-bar__book"
        disabled={isBookingDisabled(tour.status)}
        onClick={onBook}
      >
        {bookingButtonLabel(tour.status)}
      </button>
    </div>
  );
}
