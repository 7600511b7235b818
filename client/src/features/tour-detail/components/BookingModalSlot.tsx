import type { ViewTour } from '../lib/tour-view';

export interface BookingModalSlotProps {
  open: boolean;
  tour: ViewTour;
  bookingType: string;
  tier: string;
  onClose: () => void;
}

/**
 * PLACEHOLDER for the booking modal ('Book {tour title}', built by the booking issue). The tour
 * screen already opens it for a signed-in visitor; until then it renders nothing.
 */
export function BookingModalSlot(_props: BookingModalSlotProps) {
  return null;
}
