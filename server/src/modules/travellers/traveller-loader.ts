import type { RequestContext } from '../../common/context.js';
import { requestBatch } from '../../common/request-batch.js';
import type { BookingType } from '../bookings/booking.types.js';
import { travellerService, type BookingTravellers, type ListedBooking } from './traveller.service.js';

/**
 * Loads who travels on every booking a GraphQL answer asks for in one statement (their saved
 * travellers), however many bookings the list holds: the rest comes from the bookings as listed.
 */
const travellersOf = requestBatch<ListedBooking, BookingTravellers | null>((ctx, bookings) =>
  travellerService.visibleOf(ctx, bookings),
);

/** Who travels on a booking, batched with the other bookings of the same request. */
export function loadTravellers(ctx: RequestContext, booking: BookingType): Promise<BookingTravellers | null> {
  const { ownerId, name, startDate, numberOfPeople, createdAt } = booking;
  return travellersOf(ctx, { id: Number(booking.id), ownerId, name, startDate, numberOfPeople, createdAt });
}
