import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../common/context.js';
import { Booking } from '../bookings/booking.entity.js';
import { entriesOf, maySeePayment, paymentFrom, type BookingPayment } from './payment-ledger.js';

/**
 * Loads the payments of every booking a GraphQL answer asks for in two statements (the bookings,
 * then all their ledger rows), however many bookings the list holds: the `payment` field of each
 * booking asks in the same tick, and one batch answers them all.
 */
class PaymentBatch {
  private pending = new Map<number, ((p: BookingPayment | null) => void)[]>();
  private failures = new Map<number, ((e: unknown) => void)[]>();
  private scheduled = false;

  constructor(private readonly ctx: RequestContext) {}

  load(bookingId: number): Promise<BookingPayment | null> {
    return new Promise((resolve, reject) => {
      this.pending.set(bookingId, [...(this.pending.get(bookingId) ?? []), resolve]);
      this.failures.set(bookingId, [...(this.failures.get(bookingId) ?? []), reject]);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the promises already resolved in this tick: every sibling field has asked by then.
        void Promise.resolve().then(() => process.nextTick(() => void this.run()));
      }
    });
  }

  private async run(): Promise<void> {
    const pending = this.pending;
    const failures = this.failures;
    this.pending = new Map();
    this.failures = new Map();
    this.scheduled = false;
    const ids = [...pending.keys()];
    try {
      const bookings = await this.ctx.em.find(Booking, { id: { $in: ids } });
      const visible = bookings.filter((b) => maySeePayment(this.ctx, b));
      const entries = await entriesOf(
        this.ctx,
        visible.map((b) => b.id),
      );
      const byId = new Map(visible.map((b) => [b.id, paymentFrom(b, entries.get(b.id) ?? [])]));
      for (const [id, resolvers] of pending) for (const r of resolvers) r(byId.get(id) ?? null);
    } catch (e) {
      for (const rejecters of failures.values()) for (const r of rejecters) r(e);
    }
  }
}

const batches = new WeakMap<EntityManager, PaymentBatch>();

/** The payment of a booking, batched with the other bookings of the same request. */
export function loadPayment(ctx: RequestContext, bookingId: number): Promise<BookingPayment | null> {
  let batch = batches.get(ctx.em);
  if (!batch) {
    batch = new PaymentBatch(ctx);
    batches.set(ctx.em, batch);
  }
  return batch.load(bookingId);
}
