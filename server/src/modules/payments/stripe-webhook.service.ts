import { LockMode } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { isoDate, kindOfPayment, travellerToday } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, NotFoundError, ServiceUnavailableError } from '../../common/errors.js';
import { log } from '../../common/logger.js';
import { queryRows, sql } from '../../common/sql.js';
import { Booking } from '../bookings/booking.entity.js';
import { entriesOf, ledgerRowsOf, payableOf, queuePaymentMail } from './payment-ledger.js';
import { PaymentEntry } from './payment.entity.js';
import { stripeOf } from './payment-provider.js';
import { recordStripeRefund, refundableCardPayments } from './stripe-refunds.js';

export const INVALID_SIGNATURE = 'Invalid Stripe signature';

/** An event whose payment is not recorded yet: answered 503 so Stripe sends it again later. */
class NotYetError extends ServiceUnavailableError {}

/**
 * Stripe's signed webhook. A payment counts only once its event arrives here, verified on the raw
 * body; each event is handled once by its id (written in the same transaction as its effect), and
 * each payment or refund is recorded once by Stripe's own id, so events may come twice, late, in
 * any order, and to any instance.
 */
export const stripeWebhookService = {
  async receive(ctx: RequestContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const stripe = stripeOf(ctx.config);
    if (!stripe) throw new NotFoundError('Card payments are not set up on this server');
    if (!signature) throw new BadInputError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, ctx.config.payments.stripe!.webhookSecret);
    } catch {
      throw new BadInputError(INVALID_SIGNATURE);
    }
    switch (event.type) {
      case 'checkout.session.completed':
        await handleOnce(ctx, event, (tx) => recordCheckout(tx, event.data.object, event.created));
        break;
      case 'charge.refunded':
        await handleOnce(ctx, event, (tx) => recordChargeRefund(tx, event.data.object));
        break;
      case 'checkout.session.expired':
        // Nothing was paid and nothing is owed: the traveller may start another payment.
        log.info('stripe checkout session expired', { session: event.data.object.id });
        break;
      default:
        break;
    }
    return { received: true };
  },
};

/** Runs the event's effect and marks it handled in one transaction; a handled event does nothing. */
async function handleOnce(ctx: RequestContext, event: Stripe.Event, effect: (ctx: RequestContext) => Promise<void>) {
  await ctx.transaction(async (tx) => {
    const [fresh] = await queryRows<{ id: string }>(
      tx.em,
      sql`insert into stripe_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing returning id`,
    );
    if (!fresh) return;
    await effect(tx);
  });
}

async function lockBooking(ctx: RequestContext, id: number): Promise<Booking | null> {
  return ctx.em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** A paid Checkout Session: one card payment row for its payment intent (money arrived, so never refused). */
async function recordCheckout(ctx: RequestContext, session: Stripe.Checkout.Session, created: number): Promise<void> {
  if (session.payment_status !== 'paid') return;
  const bookingId = Number(session.metadata?.bookingId);
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const amount = session.amount_total ?? 0;
  if (!Number.isInteger(bookingId) || !intent || amount <= 0) {
    log.warn('stripe checkout session without a booking, payment intent or amount', { session: session.id });
    return;
  }
  const booking = await lockBooking(ctx, bookingId);
  const payable = booking && payableOf(booking);
  if (!booking || !payable) {
    log.error('stripe payment for an unknown or unpriced booking: refund it from the Stripe dashboard', {
      session: session.id,
      bookingId,
    });
    return;
  }
  const entries = (await entriesOf(ctx, [bookingId])).get(bookingId) ?? [];
  if (entries.some((e) => e.provider === 'stripe' && e.providerReference === intent)) return;
  const entry = ctx.em.create(PaymentEntry, {
    booking,
    kind: kindOfPayment(payable, ledgerRowsOf(entries), amount, travellerToday()),
    amountCents: amount,
    method: 'card',
    provider: 'stripe',
    providerReference: intent,
    receivedOn: isoDate(new Date(created * 1000)),
  });
  await ctx.em.flush();
  await queuePaymentMail(ctx as Parameters<typeof queuePaymentMail>[0], booking, [...entries, entry], entry);
}

/**
 * A charge refunded (through this server or Stripe's dashboard): the difference between what
 * Stripe says is refunded and what the ledger shows becomes a refund row. A refund of a payment
 * not recorded yet (its event still on the way) is answered 503, so Stripe retries it later.
 */
async function recordChargeRefund(ctx: RequestContext, charge: Stripe.Charge): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return;
  const payment = await ctx.em.findOne(PaymentEntry, { provider: 'stripe', providerReference: intent });
  if (!payment) throw new NotYetError('The payment of this refund is not recorded yet; send it again later.');
  const bookingId = payment.booking.id;
  await lockBooking(ctx, bookingId);
  const entries = (await entriesOf(ctx, [bookingId])).get(bookingId) ?? [];
  const left = refundableCardPayments(entries).find((r) => r.payment.id === payment.id)?.leftCents ?? 0;
  const leftAfter = payment.amountCents - charge.amount_refunded;
  if (left <= leftAfter) return;
  const refundId = charge.refunds?.data?.[0]?.id ?? `${charge.id}:refunded:${charge.amount_refunded}`;
  await recordStripeRefund(ctx, bookingId, payment.id, refundId, leftAfter, left - leftAfter, {
    admin: null,
    note: null,
  });
}
