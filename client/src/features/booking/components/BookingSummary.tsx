import { useQuery } from '@apollo/client/react';
import { centsToDollars, CONTACT_FOR_PRICING, formatUsd } from '@tembea/schema';
import { formatDay, peopleCount } from '../../../lib/format';
import { BOOKING_QUOTE } from '../../../lib/quote.operations';
import type { BookingQuoteQuery } from '../../../gql/graphql';
import { ParkFeeLines } from '../../../components/ParkFeeLines';
import { PaymentTerms } from '../../../components/PaymentTerms';
import type { PartyGroup } from '../lib/party';

type Quote = BookingQuoteQuery['quote'];

/** What the chosen start date offers a group or a private party, and how it stands ('stop': book another date). */
export function seatsNote(
  q: Pick<Quote, 'availability' | 'seatsLeft' | 'startDate' | 'bookingType' | 'numberOfPeople'>,
): { text: string; tone: 'ok' | 'warn' | 'stop' } {
  const day = formatDay(q.startDate);
  if (q.availability === 'CLOSED')
    return { text: `${day} is closed to bookings. Please choose another date.`, tone: 'stop' };
  if (q.bookingType === 'private')
    return { text: `${day} is open: a private booking travels as its own party.`, tone: 'ok' };
  const left = q.seatsLeft ?? 0;
  if (q.availability === 'SOLD_OUT' || left === 0)
    return { text: `${day} is sold out. Please choose another date.`, tone: 'stop' };
  const seats = `${left} ${left === 1 ? 'seat' : 'seats'} left on ${day}`;
  if (q.numberOfPeople > left) return { text: `Only ${seats}: choose fewer people or another date.`, tone: 'stop' };
  if (q.availability === 'LIMITED') return { text: `Only ${seats}.`, tone: 'warn' };
  return { text: `${seats.charAt(0).toUpperCase()}${seats.slice(1)}.`, tone: 'ok' };
}

/**
 * Live under the booking form: the seats left on the chosen start date and the server's quote for
 * the date, booking type, tier and people; the previous answer stays while the next one loads.
 */
export function BookingSummary({
  variables,
}: {
  variables: {
    tourId: string;
    startDate: string;
    numberOfPeople: number;
    bookingType: string;
    tier: string;
    party?: PartyGroup[];
  } | null;
}) {
  const { data, previousData, loading, error } = useQuery(BOOKING_QUOTE, {
    variables: variables ?? { tourId: '', startDate: '', numberOfPeople: 1, bookingType: '', tier: '' },
    skip: !variables,
  });
  const q = (data ?? previousData)?.quote;
  const seats = q ? seatsNote(q) : null;
  return (
    <section
      className="booking-summary"
      aria-labelledby="booking-summary-heading"
      aria-live="polite"
      aria-busy={loading}
      data-testid="booking-summary"
    >
      <h3 id="booking-summary-heading" className="booking-summary__heading">
        Availability and price
      </h3>
      {!variables ? (
        <p className="booking-summary__muted">
          Choose a start date from today and the number of people to see seats and price.
        </p>
      ) : error && !q ? (
        <p className="booking-summary__muted">The price could not be checked right now; we will confirm it with you.</p>
      ) : !q ? (
        <p className="booking-summary__muted">Checking seats and price…</p>
      ) : (
        <>
          <p className={`booking-summary__seats booking-summary__seats--${seats!.tone}`} data-testid="booking-seats">
            {seats!.text}
          </p>
          {q.priced && q.total != null && q.deposit != null && q.balance != null ? (
            <dl className="booking-summary__price" data-testid="booking-quote">
              <div>
                <dt>Price per person</dt>
                <dd>{q.priceLabel}</dd>
              </div>
              <div>
                <dt>{peopleCount(q.numberOfPeople)}</dt>
                <dd>{formatUsd(q.subtotal ?? 0)}</dd>
              </div>
              {q.earlyBird && q.earlyBirdDiscount ? (
                <div>
                  <dt>Early bird (5% off, 6+ months ahead)</dt>
                  <dd>−{formatUsd(q.earlyBirdDiscount)}</dd>
                </div>
              ) : null}
              <div className="booking-summary__total">
                <dt>Total</dt>
                <dd data-testid="booking-total">{formatUsd(q.total)}</dd>
              </div>
              {q.parkFees && q.grandTotal != null ? (
                <>
                  <div>
                    <dt>Park fees</dt>
                    <dd>{formatUsd(centsToDollars(q.parkFees.totalCents))}</dd>
                  </div>
                  <div className="booking-summary__total">
                    <dt>Grand total, with park fees</dt>
                    <dd data-testid="booking-grand-total">{formatUsd(q.grandTotal)}</dd>
                  </div>
                </>
              ) : null}
              <PaymentTerms quote={q} testIdPrefix="booking" />
            </dl>
          ) : (
            <p data-testid="booking-quote">{CONTACT_FOR_PRICING}: we will send you a quote.</p>
          )}
          {q.parkFees ? <ParkFeeLines fees={q.parkFees} /> : null}
        </>
      )}
    </section>
  );
}
