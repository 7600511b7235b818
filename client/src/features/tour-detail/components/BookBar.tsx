import { useSyncExternalStore } from 'react';
import { bookingButtonLabel, centsToDollars, formatUsd, isBookingDisabled } from '@tembea/schema';
import { peopleCount } from '../../../lib/format';
import { headerPrice, quotePriceLabel, type ViewTour } from '../lib/tour-view';
import type { PartyPrice } from './BookingModalSlot';
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
 * quote's, else the card's, with the park fees for a non-resident adult; once the booking form was
 * told who travels, what that party pays in all, park fees included.
 */
export function BookBar({
  tour,
  bookingType,
  tier,
  partyPrice = null,
  onBook,
}: {
  tour: ViewTour;
  bookingType: string;
  tier: string;
  partyPrice?: PartyPrice | null;
  onBook: () => void;
}) {
  const { quote: q } = usePanelQuote(tour, bookingType, tier);
  const price = q ? quotePriceLabel(q) : headerPrice(tour, bookingType, tier).now;
  const perPerson = price.startsWith('$');
  const fees = q?.parkFees?.totalCents;
  return (
    <div className="book-bar" data-testid="book-bar">
      {partyPrice ? (
        <p className="book-bar__price">
          <strong data-testid="book-bar-price">{formatUsd(partyPrice.grandTotal)}</strong>
          <span className="book-bar__fees" data-testid="book-bar-fees">
            for {peopleCount(partyPrice.numberOfPeople)}, park fees included
          </span>
        </p>
      ) : (
        <p className="book-bar__price">
          <strong data-testid="book-bar-price">{price}</strong>
          {perPerson ? <span className="book-bar__per"> per person</span> : null}
          {fees ? (
            <span className="book-bar__fees" data-testid="book-bar-fees">
              + {formatUsd(centsToDollars(fees))} park fees
            </span>
          ) : null}
        </p>
      )}
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
