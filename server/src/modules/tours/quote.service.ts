import {
  BOOKING_TYPES,
  bookingTooLarge,
  centsToDollars,
  CONTACT_FOR_PRICING,
  CURRENCY,
  formatUsd,
  grandTotalInCents,
  maxPeople,
  offeredTier,
  quoteInCents,
  startBeyondHorizon,
  tierNotOffered,
  travellerToday,
  type PartyCounts,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, NotFoundError, type FieldError, throwIfInvalid } from '../../common/errors.js';
import { parseDay } from './tour-filter.js';
import { tourService } from './tour.service.js';
import type { QuoteType } from './quote.types.js';
import { departureService } from '../bookings/departure.service.js';
import { parkFeeService } from '../park-fees/park-fee.service.js';

export interface QuoteInput {
  tourId: string;
  startDate: string;
  numberOfPeople: number;
  bookingType: string;
  tier: string;
  /** Who travels, as counts by residency and age band, for the park fees. */
  party?: PartyCounts | null;
}

/** Prices a booking with the shared pricing rule (schema's quote). */
export const quoteService = {
  async quote(ctx: RequestContext, input: QuoteInput, now: Date = new Date()): Promise<QuoteType> {
    const tour = await tourService.get(ctx, input.tourId);
    if (!tour) throw new NotFoundError('Tour not found');
    const errors: FieldError[] = [];
    const startDate = String(input.startDate ?? '').trim();
    if (!parseDay(startDate)) errors.push({ field: 'startDate', message: 'Start date must be a date as YYYY-MM-DD' });
    else if (startDate < travellerToday(now))
      errors.push({ field: 'startDate', message: 'Start date cannot be in the past' });
    // A booking could not start later: no price is offered for it either (nor its early-bird discount).
    else {
      const beyond = startBeyondHorizon(startDate, travellerToday(now), ctx.config.bookingHorizonMonths);
      if (beyond) errors.push({ field: 'startDate', message: beyond });
    }
    const max = maxPeople(tour.capacity);
    const people = input.numberOfPeople;
    if (!Number.isInteger(people) || people < 1 || people > max) {
      errors.push({ field: 'numberOfPeople', message: `Number of people must be from 1 to ${max}` });
    }
    const bookingType = String(input.bookingType ?? '')
      .trim()
      .toLowerCase();
    if (!(BOOKING_TYPES as readonly string[]).includes(bookingType)) {
      errors.push({ field: 'bookingType', message: `Booking type must be one of ${BOOKING_TYPES.join(', ')}` });
    }
    // '' is no tier: a refused one, whose field error the check below throws.
    const tier = offeredTier(tour.tier, String(input.tier ?? '')) ?? '';
    if (!tier) errors.push({ field: 'tier', message: tierNotOffered(tour.tier) });
    throwIfInvalid(errors, 'list');

    // The same today as the booking that follows prices with, or the quote shown would differ
    // from the price booked a moment later (the early-bird day, the balance due date).
    const today = travellerToday(now);
    const q = quoteInCents(tour, { startDate, numberOfPeople: people, bookingType, tier }, today);
    const seats = await departureService.availability(ctx, tour, startDate);
    const parkFees = await parkFeeService.forTrip(ctx, {
      startDate,
      itinerary: tour.itinerary ?? [],
      numberOfPeople: people,
      party: input.party,
    });
    // The deposit is of everything the traveller pays, park fees included.
    const whole = q && grandTotalInCents(q.totalCents, parkFees?.totalCents);
    const tooLarge = bookingTooLarge(q, whole);
    if (tooLarge) throw new BadInputError(tooLarge, [{ field: 'numberOfPeople', message: tooLarge }]);
    const base = {
      tourId: String(tour.id),
      startDate,
      numberOfPeople: people,
      bookingType,
      tier,
      currency: CURRENCY,
      seatsLeft: seats.seatsLeft,
      availability: seats.status,
      parkFees,
    };
    if (!q) {
      return {
        ...base,
        priced: false,
        priceLabel: CONTACT_FOR_PRICING,
        unitPrice: null,
        subtotal: null,
        earlyBird: false,
        earlyBirdDiscount: null,
        total: null,
        grandTotal: null,
        deposit: null,
        balance: null,
        balanceDueDate: null,
      };
    }
    return {
      ...base,
      priced: true,
      priceLabel: formatUsd(centsToDollars(q.unitPriceCents)),
      unitPrice: centsToDollars(q.unitPriceCents),
      subtotal: centsToDollars(q.subtotalCents),
      earlyBird: q.earlyBird,
      earlyBirdDiscount: centsToDollars(q.earlyBirdDiscountCents),
      total: centsToDollars(q.totalCents),
      grandTotal: centsToDollars(whole!.grandTotalCents),
      deposit: centsToDollars(whole!.depositCents),
      balance: centsToDollars(whole!.balanceCents),
      balanceDueDate: q.balanceDueDate,
    };
  },
};
