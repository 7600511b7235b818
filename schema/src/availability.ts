import { CURRENCY, quote, type PricedTour } from './pricing.js';
import { BOOKING_TYPES, parseTiers } from './tour.js';

/**
 * What partners read of a departure (an OCTO "availability"): its per-person prices for every unit
 * (booking type) and option (tier) the tour takes, by the same rule as a quote and a booking.
 */

/** One price of a departure: a booking type and a tier, per person in USD. */
export interface DeparturePrice {
  bookingType: string;
  tier: string;
  /** The quote's unit price per person; null when the tour gives none for this pair ('Contact for pricing'). */
  amount: number | null;
  /** Whether a booking of this date gets the early-bird discount off its total (never without a price). */
  earlyBird: boolean;
  currency: string;
}

/**
 * Per-person prices of a tour on a start date for every booking type and every tier of the tour,
 * booking types first: each is the unit price a quote for one person on that date gives.
 */
export function departurePrices(
  tour: PricedTour & { tier?: string | null },
  startDate: string,
  today: string,
): DeparturePrice[] {
  return BOOKING_TYPES.flatMap((bookingType) =>
    parseTiers(tour.tier).map((tier) => {
      const q = quote(tour, { startDate, numberOfPeople: 1, bookingType, tier }, today);
      return {
        bookingType,
        tier,
        amount: q ? q.unitPrice : null,
        earlyBird: q ? q.earlyBird : false,
        currency: CURRENCY,
      };
    }),
  );
}
