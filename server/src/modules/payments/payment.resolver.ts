import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { toConnection } from '../../common/pagination.js';
import { toBookingType } from '../bookings/booking.service.js';
import { BookingType } from '../bookings/booking.types.js';
import { loadPayment } from './payment-loader.js';
import { toBookingPaymentType, toInstructionsType, toPaymentEntryType } from './payment.mapper.js';
import { paymentReportService } from './payment-report.service.js';
import { paymentService } from './payment.service.js';
import {
  BookingPaymentType,
  PaymentDayTotal,
  PaymentEntryConnection,
  PaymentFilter,
  PaymentKindEnum,
  PaymentMethodEnum,
  RecordPaymentInput,
  RecordPaymentPayload,
  RefundPaymentInput,
  RefundPaymentPayload,
  ReversePaymentEntryInput,
  ReversePaymentEntryPayload,
  StartPaymentPayload,
} from './payment.types.js';

@Resolver(() => BookingType)
export class PaymentResolver {
  @FieldResolver(() => BookingPaymentType, {
    nullable: true,
    description:
      "The booking's payment state, totals and ledger rows: for its owner and admins only (null for anyone else, and for a booking without a price).",
  })
  async payment(@Root() booking: BookingType, @Ctx() ctx: RequestContext): Promise<BookingPaymentType | null> {
    const p = await loadPayment(ctx, Number(booking.id));
    return p ? toBookingPaymentType(p) : null;
  }

  @Query(() => BookingPaymentType, {
    nullable: true,
    description:
      "One booking's payment with its ledger rows (a receipt, a payment dialog): for the booking's owner and admins; NOT_FOUND for anyone else, null when the booking has no price.",
  })
  async bookingPayment(
    @Ctx() ctx: RequestContext,
    @Arg('bookingId', () => ID, { description: 'Booking id.' }) bookingId: string,
  ): Promise<BookingPaymentType | null> {
    const p = await paymentService.forBooking(ctx, bookingId);
    return p ? toBookingPaymentType(p) : null;
  }

  @Mutation(() => StartPaymentPayload, {
    description:
      "The booking's owner starts paying what is due now (the deposit, or everything left within 30 days of departure; the balance ahead of time once the deposit is paid): a Stripe Checkout URL when card payments are set up, else bank and mobile-money instructions with the booking's reference. CONFLICT when nothing is due or the booking is cancelled.",
  })
  async startPayment(
    @Ctx() ctx: RequestContext,
    @Arg('bookingId', () => ID, { description: 'Booking id.' }) bookingId: string,
  ): Promise<StartPaymentPayload> {
    const r = await paymentService.start(ctx, bookingId);
    return {
      booking: toBookingType(r.booking),
      kind: r.kind.toUpperCase() as PaymentKindEnum,
      amountCents: r.amountCents,
      checkoutUrl: r.checkoutUrl,
      instructions: r.instructions ? toInstructionsType(r.instructions, ctx.config.payments.sampleDetails) : null,
    };
  }

  @Mutation(() => RecordPaymentPayload, {
    description:
      'Admin: records a payment received by bank transfer, mobile money or a card terminal. BAD_USER_INPUT when the amount is more than is still to pay.',
  })
  async recordPayment(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RecordPaymentInput, { description: 'The booking, amount, method, reference and day.' })
    input: RecordPaymentInput,
  ): Promise<RecordPaymentPayload> {
    const r = await paymentService.record(ctx, { ...input, method: input.method.toLowerCase() });
    return { booking: toBookingType(r.booking), entry: toPaymentEntryType(r.entry) };
  }

  @Mutation(() => RefundPaymentPayload, {
    description:
      'Admin: gives money back, at most what was paid: through Stripe for card payments, else recorded as refunded offline.',
  })
  async refundPayment(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RefundPaymentInput, { description: 'The booking, amount and how.' }) input: RefundPaymentInput,
  ): Promise<RefundPaymentPayload> {
    const r = await paymentService.refund(ctx, { ...input, method: input.method?.toLowerCase() ?? null });
    return { booking: toBookingType(r.booking), entry: toPaymentEntryType(r.entry) };
  }

  @Mutation(() => ReversePaymentEntryPayload, {
    description: 'Admin: corrects a mistaken ledger row with a row that reverses it; the mistaken row stays.',
  })
  async reversePaymentEntry(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ReversePaymentEntryInput, { description: 'The row and why.' }) input: ReversePaymentEntryInput,
  ): Promise<ReversePaymentEntryPayload> {
    const r = await paymentService.reverse(ctx, input.entryId, input.reason);
    return { booking: toBookingType(r.booking), entry: toPaymentEntryType(r.entry) };
  }

  @Query(() => PaymentEntryConnection, {
    description: 'Admin: the ledger, newest first, a page at a time (at most 100).',
  })
  async payments(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => PaymentFilter, { nullable: true, description: 'Conditions; all given ones must match.' })
    filter?: PaymentFilter | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1-100 (default 50).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' })
    after?: string | null,
  ): Promise<PaymentEntryConnection> {
    const page = await paymentReportService.list(
      ctx,
      { ...filter, method: filter?.method ?? null, kind: filter?.kind ?? null },
      first,
      after,
    );
    return toConnection(page, toPaymentEntryType);
  }

  @Query(() => [PaymentDayTotal], {
    description:
      'Admin: money received and refunded per day and method (the last 31 days by default), newest day first; optionally of one method and one kind, as the ledger filters them.',
  })
  async paymentTotals(
    @Ctx() ctx: RequestContext,
    @Arg('from', () => String, { nullable: true, description: 'First day, YYYY-MM-DD.' }) from?: string | null,
    @Arg('to', () => String, { nullable: true, description: 'Last day, YYYY-MM-DD.' }) to?: string | null,
    @Arg('method', () => PaymentMethodEnum, { nullable: true, description: 'Only this method.' })
    method?: PaymentMethodEnum | null,
    @Arg('kind', () => PaymentKindEnum, { nullable: true, description: 'Only this kind.' })
    kind?: PaymentKindEnum | null,
  ): Promise<PaymentDayTotal[]> {
    const rows = await paymentReportService.totals(ctx, { from, to, method: method ?? null, kind: kind ?? null });
    return rows.map((r) => ({ ...r, method: r.method.toUpperCase() as PaymentMethodEnum }));
  }
}
