import { lazy, Suspense } from 'react';
import { reloadOnStaleChunk } from '../lib/stale-chunk';

// Loads with the booking modal's chunk family, only once a booking has been made.
const BookedPayment = lazy(
  reloadOnStaleChunk(() =>
    import('../features/booking/components/BookedPayment').then((m) => ({ default: m.BookedPayment })),
  ),
);

/** The booking feature's pay button in the tour page's 'Booking Request Received!' banner. */
export function TourBookedPayment({ bookingId }: { bookingId: string }) {
  if (!bookingId) return null;
  return (
    <Suspense fallback={null}>
      <BookedPayment bookingId={bookingId} />
    </Suspense>
  );
}
