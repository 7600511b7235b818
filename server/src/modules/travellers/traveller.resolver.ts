import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { travellerService, type BookingTravellers } from './traveller.service.js';
import { BookingTravellersType, TravellerInput, UpdateTravellersPayload } from './traveller.types.js';

@Resolver(() => BookingTravellersType)
export class TravellerResolver {
  @Query(() => BookingTravellersType, {
    description:
      "Who travels on a booking, what is still missing and until when the list can be changed: for the booking's owner and admins; NOT_FOUND for another user, FORBIDDEN for a partner key (a key reads no booking).",
  })
  async bookingTravellers(
    @Ctx() ctx: RequestContext,
    @Arg('bookingId', () => ID, { description: 'Booking id.' }) bookingId: string,
  ): Promise<BookingTravellers> {
    return travellerService.ofBooking(ctx, bookingId);
  }

  @Mutation(() => UpdateTravellersPayload, {
    description:
      "Replaces the list of who travels on a booking, the lead traveller first, at most one per place booked. The booking's owner may change it until 14 days before departure (TRAVELLER_DETAILS_DAYS; a booking made after that, for 2 days after it was made, until the day before departure at the latest), admins at any time. CONFLICT after that or on a cancelled booking; NOT_FOUND for a booking that is not yours.",
  })
  async updateTravellers(
    @Ctx() ctx: RequestContext,
    @Arg('bookingId', () => ID, { description: 'Booking id.' }) bookingId: string,
    @Arg('travellers', () => [TravellerInput], { description: 'Everyone travelling, the lead first.' })
    travellers: TravellerInput[],
  ): Promise<UpdateTravellersPayload> {
    const r = await travellerService.replace(ctx, bookingId, travellers);
    return { bookingId: String(r.booking.id), travellers: r.travellers };
  }
}
