import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  BOOKING_HORIZON_MONTHS,
  BOOKING_TYPES,
  bookingButtonLabel,
  defaultBookingDates,
  formatUsd,
  isBookingDisabled,
  localIsoDate,
  startBeyondHorizon,
  travellerToday,
} from '@tembea/schema';
import { BOOKING_QUOTE } from '../../../lib/quote.operations';
import { titleCase } from '../../../lib/format';
import { useHydrated } from '../../../lib/hydration';
import { headerPrice, quotePriceLabel, type ViewTour } from '../lib/tour-view';
import { ParkFeeLines } from '../../../components/ParkFeeLines';
import { PaymentTerms } from '../../../components/PaymentTerms';

/** Replaces the booking button once a request is received; takes the focus the closed modal leaves. */
function BookedBanner({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="booking-banner" role="status" tabIndex={-1} data-testid="booking-banner">
      <h3 className="booking-banner__title">Booking Request Received!</h3>
      <p>
        We've sent a confirmation to your email and will contact you shortly with next steps for your amazing adventure!
      </p>
      {children}
    </div>
  );
}

/**
 * The quote of one person on the day the booking form starts on (the tour's next departure, or
 * today): the panel and the phone's booking bar share this one cached answer. A departure past the
 * booking horizon is not asked about (`beyondHorizon`): the server quotes no start that far ahead.
 * The horizon is the one the app ships with, counted from the day the server's rules call today;
 * where the operator configured a shorter one the server refuses the quote, and the panel shows the
 * tour's own price just the same.
 */
export function usePanelQuote(tour: ViewTour, bookingType: string, tier: string) {
  const { startDate } = defaultBookingDates(tour, localIsoDate());
  const beyondHorizon = startBeyondHorizon(startDate, travellerToday(), BOOKING_HORIZON_MONTHS) !== null;
  const { data, loading } = useQuery(BOOKING_QUOTE, {
    variables: { tourId: tour.id, startDate, numberOfPeople: 1, bookingType, tier },
    skip: beyondHorizon,
    // The page is whole without the quote: a refused one leaves the tour's own price in its place
    // rather than failing the server render.
    context: { ssrOptional: true },
  });
  return { quote: data?.quote, loading, beyondHorizon };
}

/**
 * Booking type and tier selectors, the server's quote for them (unit price, early bird, 3% deposit,
 * balance and its due date, or the full amount for a departure within 30 days) and the booking
 * button labelled by the tour's status, or the banner once booked.
 */
export function BookingPanel({
  tour,
  tiers,
  bookingType,
  tier,
  onBookingType,
  onTier,
  onBook,
  booked = false,
  bookedPayment,
}: {
  tour: ViewTour;
  tiers: string[];
  bookingType: string;
  tier: string;
  onBookingType: (v: string) => void;
  onTier: (v: string) => void;
  onBook: () => void;
  booked?: boolean;
  /** Shown in the banner once booked: paying the booking just made. */
  bookedPayment?: ReactNode;
}) {
  const { quote: q, loading, beyondHorizon } = usePanelQuote(tour, bookingType, tier);
  // While the page hydrates, a quote the server render went without (refused) is being asked for
  // again: the panel keeps the server's markup, the tour's own price, until then.
  const hydrated = useHydrated();
  const checking = loading && hydrated;
  const status = tour.status;
  return (
    <aside className="booking-panel" aria-labelledby="booking-panel-heading">
      <h2 id="booking-panel-heading" className="booking-panel__heading">
        Plan your booking
      </h2>
      <div className="booking-panel__field">
        <label htmlFor="booking-type">Booking Type</label>
        <select id="booking-type" value={bookingType} onChange={(e) => onBookingType(e.target.value)}>
          {BOOKING_TYPES.map((b) => (
            <option key={b} value={b}>
              {titleCase(b)}
            </option>
          ))}
        </select>
      </div>
      <div className="booking-panel__field">
        <label htmlFor="travel-tier">Travel Tier</label>
        <select id="travel-tier" value={tier} onChange={(e) => onTier(e.target.value)}>
          {tiers.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="booking-panel__quote" aria-live="polite" aria-busy={checking} data-testid="quote">
        {q ? (
          <>
            <p className="booking-panel__unit">
              <span>Price per person</span> <strong data-testid="quote-price">{quotePriceLabel(q)}</strong>
            </p>
            {q.priced && q.deposit != null && q.balance != null ? (
              <dl className="booking-panel__terms">
                {q.earlyBird && q.earlyBirdDiscount ? (
                  <div data-testid="quote-early-bird">
                    <dt>Early bird (5% off, 6+ months ahead)</dt>
                    <dd>−{formatUsd(q.earlyBirdDiscount)}</dd>
                  </div>
                ) : null}
                <PaymentTerms quote={q} testIdPrefix="quote" />
              </dl>
            ) : null}
            {q.parkFees ? <ParkFeeLines fees={q.parkFees} /> : null}
          </>
        ) : checking ? (
          <p className="booking-panel__muted">Checking the price…</p>
        ) : (
          <>
            <p className="booking-panel__unit">
              <span>Price per person</span>{' '}
              <strong data-testid="panel-price">{headerPrice(tour, bookingType, tier).now}</strong>
            </p>
            {beyondHorizon ? (
              <p className="booking-panel__muted" data-testid="quote-later">
                Bookings for this departure open closer to the date.
              </p>
            ) : null}
          </>
        )}
      </div>
      {booked ? (
        <BookedBanner>{bookedPayment}</BookedBanner>
      ) : (
        <button
          type="button"
          className="btn btn--primary booking-panel__book"
          disabled={isBookingDisabled(status)}
          onClick={onBook}
        >
          {bookingButtonLabel(status)}
        </button>
      )}
    </aside>
  );
}
