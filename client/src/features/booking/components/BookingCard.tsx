import { Link } from 'react-router-dom';
import { CONTACT_FOR_PRICING, formatUsd, fullPaymentRequired, travellerToday } from '@tembea/schema';
import { BookingStatusBadge } from '../../../components/BookingStatusBadge';
import type { MyBookingsQuery } from '../../../gql/graphql';
import { formatDay, formatDayRange, peopleCount, titleCase } from '../../../lib/format';
import type { PaymentInstructions } from './OfflineInstructions';
import { canPay, PayButton } from './PayButton';
import { PaymentLines } from './PaymentLines';
import { TravellerEditor } from './TravellerEditor';

export type TravellerBooking = MyBookingsQuery['myBookings'][number];

/**
 * True while the price is paid in two steps: an open booking, not yet paid in full, whose trip is
 * more than 30 days away (from then on everything left is due at once).
 */
function depositStepApplies(b: TravellerBooking): boolean {
  if (b.status !== 'Pending' && b.status !== 'Confirmed') return false;
  if (b.payment && b.payment.outstandingCents <= 0) return false;
  return !fullPaymentRequired(b.startDate, travellerToday());
}

function PriceLines({ booking }: { booking: TravellerBooking }) {
  const { price } = booking;
  const split = depositStepApplies(booking);
  if (!price.priced || price.total == null)
    return (
      <p className="my-booking__price" data-testid="booking-price">
        {CONTACT_FOR_PRICING}
      </p>
    );
  return (
    <dl className="my-booking__price" data-testid="booking-price">
      <div>
        <dt>Total</dt>
        <dd>{formatUsd(price.total)}</dd>
      </div>
      {price.parkFees != null && price.grandTotal != null ? (
        <>
          <div>
            <dt>Park fees, paid on to the parks</dt>
            <dd data-testid="booking-park-fees">{formatUsd(price.parkFees)}</dd>
          </div>
          <div>
            <dt>Grand total</dt>
            <dd data-testid="booking-grand-total">{formatUsd(price.grandTotal)}</dd>
          </div>
        </>
      ) : null}
      {split && price.deposit != null ? (
        <div>
          <dt>Deposit (3%, non-refundable)</dt>
          <dd>{formatUsd(price.deposit)}</dd>
        </div>
      ) : null}
      {split && price.balance != null ? (
        <div>
          <dt>Balance{price.balanceDueDate ? `, due ${formatDay(price.balanceDueDate)}` : ''}</dt>
          <dd>{formatUsd(price.balance)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * One of the traveller's bookings: the trip, its status and price, its payment (state, paid, due,
 * receipts), its travellers, the pay button while something is due, and Cancel while allowed.
 */
export function BookingCard({
  booking,
  onCancel,
  onInstructions,
}: {
  booking: TravellerBooking;
  onCancel: (b: TravellerBooking) => void;
  onInstructions: (b: TravellerBooking, instructions: PaymentInstructions) => void;
}) {
  const payable = booking.status !== 'Cancelled' && canPay(booking);
  const headingId = `booking-${booking.id}-title`;
  return (
    <article className="my-booking" aria-labelledby={headingId} data-testid="my-booking">
      <header className="my-booking__header">
        <h2 id={headingId} className="my-booking__title">
          {booking.tourId ? <Link to={`/tour/${booking.tourId}`}>{booking.tourTitle}</Link> : booking.tourTitle}
        </h2>
        <BookingStatusBadge status={booking.status} />
      </header>
      <dl className="my-booking__facts">
        <div>
          <dt>Dates</dt>
          <dd>{formatDayRange(booking.startDate, booking.endDate)}</dd>
        </div>
        <div>
          <dt>People</dt>
          <dd>{peopleCount(booking.numberOfPeople)}</dd>
        </div>
        <div>
          <dt>Booking</dt>
          <dd>
            {titleCase(booking.bookingType)} · {booking.tier}
          </dd>
        </div>
      </dl>
      <PriceLines booking={booking} />
      {booking.payment ? <PaymentLines bookingId={booking.id} payment={booking.payment} /> : null}
      {booking.status !== 'Cancelled' ? (
        <TravellerEditor
          bookingId={booking.id}
          numberOfPeople={booking.numberOfPeople}
          tourTitle={booking.tourTitle}
          open={booking.status === 'Pending' || booking.status === 'Confirmed'}
        />
      ) : null}
      {booking.canCancel || payable ? (
        <div className="my-booking__actions">
          {payable ? <PayButton booking={booking} onInstructions={(i) => onInstructions(booking, i)} /> : null}
          {booking.canCancel ? (
            <button type="button" className="btn btn--secondary" onClick={() => onCancel(booking)}>
              Cancel<span className="visually-hidden"> booking of {booking.tourTitle}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
