import { parseBookingStatus } from '@tembea/schema';
import './booking-status.css';

/** A booking's status as a coloured badge: Pending yellow, Confirmed green, Cancelled red, Completed blue. */
export function BookingStatusBadge({ status }: { status: string }) {
  const known = parseBookingStatus(status);
  return (
    <span
      className={`badge badge--booking badge--booking-${(known ?? 'unknown').toLowerCase()}`}
      data-testid="booking-status"
    >
      {known ?? status}
    </span>
  );
}
