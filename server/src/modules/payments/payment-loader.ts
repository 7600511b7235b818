import type { RequestContext } from '../../common/context.js';
import { requestBatch } from '../../common/request-batch.js';
import { Booking } from '../bookings/booking.entity.js';
import { entriesOf, maySeePayment, paymentFrom, type BookingPayment } from './payment-ledger.js';

/**
 * Loads the payments of every booking a GraphQL answer asks for in two statements (the bookings,
 * then all their ledger rows), however many bookings the list holds.
 */
const paymentsOf = requestBatch<number, BookingPayment | null>(async (ctx, bookingIds) => {
  const bookings = await ctx.em.find(Booking, { id: { $in: [...new Set(bookingIds)] } });
  const visible = bookings.filter((b) => maySeePayment(ctx, b));
  const entries = await entriesOf(
    ctx,
    visible.map((b) => b.id),
  );
  const byId = new Map(visible.map((b) => [b.id, paymentFrom(b, entries.get(b.id) ?? [])]));
  return bookingIds.map((id) => byId.get(id) ?? null);
});

/** The payment of a booking, batched with the other bookings of the same request. */
export function loadPayment(ctx: RequestContext, bookingId: number): Promise<BookingPayment | null> {
  return paymentsOf(ctx, bookingId);
}
