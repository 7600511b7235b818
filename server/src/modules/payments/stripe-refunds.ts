import { LockMode } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { formatUsd, isoDate, maxRefundable } from '@tembea/schema';
import type { AuthUser, RequestContext } from '../../common/context.js';
import { ConflictError, NotFoundError, ServiceUnavailableError, throwIfInvalid } from '../../common/errors.js';
import { queryRows, sql } from '../../common/sql.js';
import { Booking } from '../bookings/booking.entity.js';
import { PaymentEntry } from './payment.entity.js';
import { stripeOf } from './payment-provider.js';
import { entriesOf, ledgerRowsOf, lockBooking, lockedEntries, queuePaymentMail } from './payment-ledger.js';

/** A card payment and what of it is not yet refunded. */
interface Refundable {
  payment: PaymentEntry;
  leftCents: number;
}

/** Card payments still refundable, the newest first (a refund gives back the latest money first). */
export function refundableCardPayments(entries: readonly PaymentEntry[]): Refundable[] {
  const reversed = new Set(entries.filter((e) => e.reverses).map((e) => e.reverses!.id));
  const counts = (e: PaymentEntry) => !e.reverses && !reversed.has(e.id);
  return entries
    .filter((e) => counts(e) && e.provider === 'stripe' && e.kind !== 'refund' && e.providerReference)
    .map((payment) => ({
      payment,
      leftCents:
        payment.amountCents -
        entries
          .filter((r) => counts(r) && r.kind === 'refund' && r.refundOf?.id === payment.id)
          .reduce((sum, r) => sum + r.amountCents, 0),
    }))
    .filter((r) => r.leftCents > 0)
    .reverse();
}

/**
 * Stripe's refusal as a clear error: its own message for a refused request, 503 when unreachable;
 * `partly` tells what an earlier part of the same refund already gave back.
 */
function stripeFailure(e: unknown, partly: { refundedCents: number; askedCents: number } | null = null): Error {
  const before = partly
    ? ` ${formatUsd(partly.refundedCents / 100)} of the ${formatUsd(partly.askedCents / 100)} was refunded and recorded; the rest was not.`
    : '';
  if (e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError)
    return new ServiceUnavailableError(
      partly
        ? `Stripe could not be reached.${before} Please try again for the rest.`
        : 'Stripe could not be reached. Nothing was refunded; please try again.',
    );
  if (e instanceof Stripe.errors.StripeError)
    return new ConflictError(`Stripe refused the refund: ${e.message}${before}`);
  return e as Error;
}

/**
 * Refunds card money through Stripe's Refunds API, spread over the booking's card payments newest
 * first, then records each refund. The booking stays locked from the check to the last record, so
 * no other refund or payment can slip in between: at most what is left of the card payments, and
 * never more than was paid in all (an offline refund of card money counts). Stripe's
 * `charge.refunded` event may try to record the same refund: it waits for the lock, then finds it.
 * Should Stripe refuse a later part, the parts it made stay recorded and the error says how much
 * went back.
 */
export async function refundThroughStripe(
  ctx: RequestContext,
  admin: AuthUser,
  bookingId: number,
  amountCents: number,
  note: string | null,
): Promise<{ booking: Booking; entry: PaymentEntry }> {
  const stripe = stripeOf(ctx.config);
  if (!stripe)
    throw new ConflictError('Card payments are not set up on this server: record the refund with its method.');
  let partFailure: Error | null = null;
  const last = await ctx.transaction(async (tx) => {
    await lockBooking(tx, bookingId);
    const entries = await lockedEntries(tx, bookingId);
    const refundable = refundableCardPayments(entries);
    const byCard = refundable.reduce((sum, r) => sum + r.leftCents, 0);
    const paid = maxRefundable(ledgerRowsOf(entries));
    if (amountCents > Math.min(byCard, paid))
      throwIfInvalid(
        [
          {
            field: 'amountCents',
            message:
              paid < byCard
                ? `At most ${formatUsd(paid / 100)} was paid and can be refunded.`
                : `At most ${formatUsd(byCard / 100)} was paid by card and can be refunded through Stripe; record any other refund with its method.`,
          },
        ],
        'first',
      );
    let left = amountCents;
    let recorded: { booking: Booking; entry: PaymentEntry } | null = null;
    for (const part of refundable) {
      if (left === 0) break;
      const take = Math.min(left, part.leftCents);
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({
          payment_intent: part.payment.providerReference!,
          amount: take,
          metadata: { bookingId: String(bookingId) },
        });
      } catch (e) {
        if (!recorded) throw stripeFailure(e);
        partFailure = stripeFailure(e, { refundedCents: amountCents - left, askedCents: amountCents });
        break;
      }
      left -= take;
      recorded = await recordStripeRefund(tx, bookingId, part.payment.id, refund.id, part.leftCents - take, take, {
        admin,
        note,
      });
    }
    return recorded!;
  });
  if (partFailure) throw partFailure as Error;
  return last;
}

/**
 * Records a refund of a card payment unless the ledger already shows the payment refunded down to
 * `leftAfterCents` (the webhook recorded it first). Runs under the booking's lock.
 */
export async function recordStripeRefund(
  ctx: RequestContext,
  bookingId: number,
  paymentId: number,
  reference: string,
  leftAfterCents: number,
  amountCents: number,
  by: { admin: AuthUser | null; note: string | null },
): Promise<{ booking: Booking; entry: PaymentEntry }> {
  return ctx.transaction(async (tx) => {
    const booking = await tx.em.findOne(
      Booking,
      { id: bookingId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!booking) throw new NotFoundError('Booking not found');
    const entries = (await entriesOf(tx, [bookingId])).get(bookingId) ?? [];
    const payment = entries.find((e) => e.id === paymentId)!;
    const already = refundableCardPayments(entries).find((r) => r.payment.id === paymentId)?.leftCents ?? 0;
    const existing = entries.find((e) => e.provider === 'stripe' && e.providerReference === reference);
    if (existing) return { booking, entry: existing };
    const owed = already - leftAfterCents;
    if (owed <= 0) return { booking, entry: entries.filter((e) => e.kind === 'refund').at(-1)! };
    const [account] = by.admin
      ? await queryRows<{ email: string }>(tx.em, sql`select email from users where id = ${by.admin.id}`)
      : [];
    const entry = tx.em.create(PaymentEntry, {
      booking,
      kind: 'refund',
      amountCents: Math.min(owed, amountCents),
      method: 'card',
      provider: 'stripe',
      providerReference: reference,
      recordedById: by.admin?.id ?? null,
      recordedByEmail: account?.email ?? null,
      receivedOn: isoDate(new Date()),
      refundOf: payment,
      note: by.note,
    });
    await tx.em.flush();
    await queuePaymentMail(tx, booking, [...entries, entry], entry);
    return { booking, entry };
  });
}
