import type { ComponentType } from 'react';
import type { ViewTour } from '../lib/tour-view';

/**
 * What the tour page hands the booking modal composed into it by the app (features do not import
 * each other): the tour, the booking type and tier chosen here, and what to do once booked or
 * when the server asks for a login.
 */
export interface BookingModalSlotProps {
  open: boolean;
  tour: ViewTour;
  /** False while only the list card's subset of the tour is known. */
  loaded: boolean;
  bookingType: string;
  tier: string;
  onClose: () => void;
  /** The request was received: the new booking's id. */
  onBooked: (bookingId: string) => void;
  onLoginRequired: () => void;
  /** The form priced the trip for the party it was told about: the grand total with park fees. */
  onPartyPriced?: (priced: PartyPrice) => void;
}

/** What the party given in the booking form pays in all, park fees included. */
export interface PartyPrice {
  numberOfPeople: number;
  grandTotal: number;
}

export type BookingModalSlot = ComponentType<BookingModalSlotProps>;

/**
 * What the banner 'Booking Request Received!' shows under its text for the booking just made (the
 * booking feature's pay button), composed into the tour page by the app.
 */
export type BookedPaymentSlot = ComponentType<{ bookingId: string }>;
