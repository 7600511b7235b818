import { lazy, Suspense, useState } from 'react';
import type { BookingModalSlotProps } from '../features/tour-detail/components/BookingModalSlot';
import { reloadOnStaleChunk } from '../lib/stale-chunk';

// The booking form's code loads the first time a visitor opens it, not with the tour page.
const BookingModal = lazy(
  reloadOnStaleChunk(() =>
    import('../features/booking/components/BookingModal').then((m) => ({ default: m.BookingModal })),
  ),
);

/** The booking feature's modal in the tour page's booking slot. */
export function TourBookingModal(props: BookingModalSlotProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BookingModal {...props} />
    </Suspense>
  );
}
