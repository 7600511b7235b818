import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { cancellationTerms, travellerToday } from '@tembea/schema';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { usePageMeta } from '../../components/usePageMeta';
import { errorMessage, failureWithReason } from '../../lib/errors';
import { formatDay } from '../../lib/format';
import { CANCEL_MY_BOOKING, MY_BOOKINGS } from './api/booking.operations';
import { BookingCard, type TravellerBooking } from './components/BookingCard';
import { OfflineInstructions, type PaymentInstructions } from './components/OfflineInstructions';
import './booking.css';
import './payments.css';

export const CANCEL_FAILED = 'Failed to cancel booking.';
export const STRIPE_PAYMENT_SUCCESS =
  'Thank you. Your payment is being confirmed: your booking will show it within a minute.';
export const STRIPE_PAYMENT_CANCELLED = 'The payment was cancelled: no payment was taken.';

/** How long the list is read again after a return from Stripe, while its webhook records the payment. */
const CONFIRMING_POLL_MS = 5_000;
const CONFIRMING_FOR_MS = 60_000;

/** Asks before cancelling, stating the refund rule for a cancellation today. */
function CancelDialog({
  booking,
  onDone,
  onClose,
}: {
  booking: TravellerBooking | null;
  onDone: (b: TravellerBooking) => void;
  onClose: () => void;
}) {
  const [cancel, { loading }] = useMutation(CANCEL_MY_BOOKING);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!booking) return;
    setError(null);
    try {
      await cancel({ variables: { id: booking.id } });
      onDone(booking);
    } catch (e) {
      setError(failureWithReason(e, CANCEL_FAILED));
    }
  };
  const terms = booking ? cancellationTerms(booking.startDate, travellerToday()) : null;
  return (
    <ConfirmDialog
      open={!!booking}
      title="Cancel Booking"
      message={
        booking && terms ? (
          <>
            Cancel your booking of {booking.tourTitle} starting {formatDay(booking.startDate)}?{' '}
            <strong data-testid="refund-terms">{terms.text}</strong>
          </>
        ) : null
      }
      confirmLabel={loading ? 'Cancelling...' : 'Yes, cancel booking'}
      cancelLabel="Keep booking"
      danger
      busy={loading}
      error={error}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}

/** The offline payment instructions for one booking, in a dialog the traveller closes when done. */
function PayDialog({
  paying,
  onClose,
}: {
  paying: { booking: TravellerBooking; instructions: PaymentInstructions } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={!!paying}
      title={paying ? `Pay for ${paying.booking.tourTitle}` : ''}
      onClose={onClose}
      className="pay-dialog"
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {paying ? <OfflineInstructions instructions={paying.instructions} booking={paying.booking} /> : null}
    </Dialog>
  );
}

/**
 * /my-bookings: the signed-in user's bookings, the next trip first, each with its payment, payable
 * while something is due and cancellable while allowed.
 */
export function MyBookingsPage() {
  usePageMeta('My Bookings');
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(MY_BOOKINGS, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [cancelling, setCancelling] = useState<TravellerBooking | null>(null);
  const [paying, setPaying] = useState<{ booking: TravellerBooking; instructions: PaymentInstructions } | null>(null);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The cancelled booking's button is gone: focus goes to the message saying it is done.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedFromStripe = searchParams.get('payment');
  const [paymentNotice, setPaymentNotice] = useState('');
  // Stripe sends the traveller back with ?payment=success|cancelled. The message is set after the
  // first render, so the status region is already there to announce it; the parameter is then taken
  // out of the address, replacing the history entry, so a reload or Back does not repeat it.
  useEffect(() => {
    if (returnedFromStripe !== 'success' && returnedFromStripe !== 'cancelled') return;
    setPaymentNotice(returnedFromStripe === 'success' ? STRIPE_PAYMENT_SUCCESS : STRIPE_PAYMENT_CANCELLED);
    setSearchParams(
      (params) => {
        params.delete('payment');
        return params;
      },
      { replace: true },
    );
  }, [returnedFromStripe, setSearchParams]);
  // The payment counts once Stripe's webhook has recorded it: read the list again for a while so
  // the booking shows it without a reload.
  useEffect(() => {
    if (paymentNotice !== STRIPE_PAYMENT_SUCCESS) return;
    startPolling(CONFIRMING_POLL_MS);
    const stop = setTimeout(stopPolling, CONFIRMING_FOR_MS);
    return () => {
      clearTimeout(stop);
      stopPolling();
    };
  }, [paymentNotice, startPolling, stopPolling]);
  const bookings = data?.myBookings;

  let body;
  if (bookings === undefined && loading) body = <Spinner label="Loading your bookings…" />;
  else if (error && !bookings) {
    body = (
      <div className="my-bookings__state" role="alert">
        <h2>We could not load your bookings</h2>
        <p>{errorMessage(error, 'Failed to fetch bookings.')}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </button>
      </div>
    );
  } else if (!bookings?.length) {
    body = (
      <div className="my-bookings__state">
        <h2>No bookings yet</h2>
        <p>When you book a tour it appears here, with its status and price.</p>
        <Link className="btn btn--primary" to="/tours">
          Browse Tours
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="my-bookings__list">
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingCard
              booking={b}
              onCancel={setCancelling}
              onInstructions={(booking, instructions) => setPaying({ booking, instructions })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="section my-bookings" aria-labelledby="my-bookings-title">
      <h1 id="my-bookings-title">My Bookings</h1>
      <p ref={noticeRef} className="my-bookings__notice" role="status" tabIndex={-1}>
        {notice || paymentNotice}
      </p>
      {body}
      <CancelDialog
        booking={cancelling}
        onClose={() => setCancelling(null)}
        onDone={(b) => {
          setCancelling(null);
          setNotice(`Your booking of ${b.tourTitle} has been cancelled.`);
          // Cancelling a booking with money paid makes a refund due: read the payments again.
          if (b.payment && b.payment.paidCents > 0) void refetch().catch(() => undefined);
        }}
      />
      <PayDialog paying={paying} onClose={() => setPaying(null)} />
    </section>
  );
}
