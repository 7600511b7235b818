import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { toConnection } from '../../common/pagination.js';
import { partyCounts } from '../park-fees/park-fee.types.js';
import { toBookingType } from './booking.mapper.js';
import { BOOKING_RECEIVED, bookingService } from './booking.service.js';
import {
  AddDeparturePayload,
  BookingConnection,
  BookingFilter,
  BookingInput,
  BookingType,
  CancelBookingPayload,
  CancelMyBookingPayload,
  CompleteBookingPayload,
  ConfirmBookingPayload,
  CreateBookingPayload,
  DeleteDeparturePayload,
  DepartureType,
  UpdateDeparturePayload,
} from './booking.types.js';
import { departureService } from './departure.service.js';

@Resolver(() => BookingType)
export class BookingResolver {
  @Mutation(() => CreateBookingPayload, {
    description:
      "Books a tour for the signed-in user (status Pending), freezing its price and the park fees for the party given (else for as many non-resident adults); the deposit and balance are of the grand total. The lead traveller's details, when given, are saved with it. BAD_USER_INPUT names each failing field (`party`, `leadTraveller.<field>`, …); CONFLICT when the tour takes no bookings or the departure has too few seats left.",
  })
  async createBooking(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => BookingInput, {
      description: 'The tour, dates, party size, booking type, tier and contact details.',
    })
    input: BookingInput,
  ): Promise<CreateBookingPayload> {
    const { party, leadTraveller, ...fields } = input;
    const booking = await bookingService.create(ctx, input.tourId, fields, {
      party: partyCounts(party),
      leadTraveller: leadTraveller ?? null,
    });
    return { booking: toBookingType(booking), message: BOOKING_RECEIVED };
  }

  @Query(() => [BookingType], { description: "The signed-in user's bookings, latest start date first." })
  async myBookings(@Ctx() ctx: RequestContext): Promise<BookingType[]> {
    return (await bookingService.mine(ctx)).map((b) => toBookingType(b));
  }

  @Mutation(() => CancelMyBookingPayload, {
    description: 'Cancels one of your own bookings while it is Pending or Confirmed and before its start date.',
  })
  async cancelMyBooking(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Booking id.' }) id: string,
  ): Promise<CancelMyBookingPayload> {
    return { booking: toBookingType(await bookingService.cancelMine(ctx, id)) };
  }

  @Query(() => BookingConnection, {
    description: 'Admin: every booking, newest first, a page at a time (at most 100).',
  })
  async bookings(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => BookingFilter, { nullable: true, description: 'Conditions; all given ones must match.' })
    filter?: BookingFilter | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1-100 (default 50).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' })
    after?: string | null,
  ): Promise<BookingConnection> {
    return toConnection(await bookingService.list(ctx, filter ?? {}, first, after), (b) => toBookingType(b));
  }

  @Mutation(() => ConfirmBookingPayload, { description: 'Admin: confirms a Pending booking.' })
  async confirmBooking(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Booking id.' }) id: string,
  ): Promise<ConfirmBookingPayload> {
    return { booking: toBookingType(await bookingService.confirm(ctx, id)) };
  }

  @Mutation(() => CompleteBookingPayload, { description: 'Admin: marks a Confirmed booking as Completed.' })
  async completeBooking(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Booking id.' }) id: string,
  ): Promise<CompleteBookingPayload> {
    return { booking: toBookingType(await bookingService.complete(ctx, id)) };
  }

  @Mutation(() => CancelBookingPayload, {
    description: 'Admin: cancels a booking that is neither Cancelled nor Completed; its group seats are freed.',
  })
  async cancelBooking(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Booking id.' }) id: string,
  ): Promise<CancelBookingPayload> {
    return { booking: toBookingType(await bookingService.cancel(ctx, id)) };
  }

  @Mutation(() => AddDeparturePayload, {
    description: 'Admin: schedules a departure of a tour on a date with its group capacity.',
  })
  async addDeparture(
    @Ctx() ctx: RequestContext,
    @Arg('tourId', () => ID, { description: 'Tour id.' }) tourId: string,
    @Arg('startDate', () => String, { description: 'Start date, YYYY-MM-DD, today or later.' }) startDate: string,
    @Arg('capacity', () => Int, { description: 'Group seats, 1-1000.' }) capacity: number,
  ): Promise<AddDeparturePayload> {
    return { departure: await departureService.add(ctx, tourId, startDate, capacity) };
  }

  @Mutation(() => UpdateDeparturePayload, {
    description: "Admin: changes a departure's capacity (never below the seats taken) and/or closes or reopens it.",
  })
  async updateDeparture(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Departure id.' }) id: string,
    @Arg('capacity', () => Int, { nullable: true, description: 'New group capacity.' }) capacity?: number | null,
    @Arg('closed', () => Boolean, { nullable: true, description: 'True closes it to new bookings; false reopens it.' })
    closed?: boolean | null,
  ): Promise<UpdateDeparturePayload> {
    return { departure: await departureService.update(ctx, id, { capacity, closed }) };
  }

  @Mutation(() => DeleteDeparturePayload, {
    description:
      'Admin: deletes a departure without Pending or Confirmed bookings (CONFLICT otherwise: close it instead).',
  })
  async deleteDeparture(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Departure id.' }) id: string,
  ): Promise<DeleteDeparturePayload> {
    await departureService.remove(ctx, id);
    return { deletedDepartureId: id };
  }

  @Query(() => [DepartureType], {
    description:
      "A tour's departures between two days (today and the next 365 days by default), with seats left and status.",
  })
  departures(
    @Ctx() ctx: RequestContext,
    @Arg('tourId', () => ID, { description: 'Tour id.' }) tourId: string,
    @Arg('from', () => String, { nullable: true, description: 'First day, YYYY-MM-DD (today by default).' })
    from?: string | null,
    @Arg('to', () => String, {
      nullable: true,
      description: 'Last day, YYYY-MM-DD: at most 366 days in all, from included (so at most 365 days after from).',
    })
    to?: string | null,
  ): Promise<DepartureType[]> {
    return departureService.list(ctx, tourId, from, to);
  }
}
