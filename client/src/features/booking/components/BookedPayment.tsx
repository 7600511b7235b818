import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { MY_BOOKINGS } from '../api/booking.operations';
import { OfflineInstructions, type PaymentInstructions } from './OfflineInstructions';
import { PayButton } from './PayButton';
import '../payments.css';

/**
 * Under 'Booking Request Received!': the button paying what is due now on the booking just made
 * ('Pay deposit ($45.00)', or 'Pay in full (…)' for a trip starting within 30 days), then the
 * offline instructions in its place when the operator takes no cards.
 */
export function BookedPayment({ bookingId }: { bookingId: string }) {
  const { data, loading } = useQuery(MY_BOOKINGS, { fetchPolicy: 'cache-and-network' });
  const [instructions, setInstructions] = useState<PaymentInstructions | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (instructions) heading.current?.focus();
  }, [instructions]);
  const booking = data?.myBookings.find((b) => b.id === bookingId);

  if (instructions) return <OfflineInstructions ref={heading} instructions={instructions} booking={booking} />;
  if (!booking) return loading ? <p className="booked-payment__muted">Checking what is due…</p> : null;
  return (
    <div className="booked-payment">
      <PayButton booking={booking} onInstructions={setInstructions} />
    </div>
  );
}
