import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { BookingType } from '../bookings/booking.types.js';
import { loadTravellers } from './traveller-loader.js';
import type { BookingTravellers } from './traveller.service.js';
import { BookingTravellersType } from './traveller.types.js';

@Resolver(() => BookingType)
export class BookingTravellersResolver {
  @FieldResolver(() => BookingTravellersType, {
    nullable: true,
    description:
      "Who travels on the booking and what is still missing: for the booking's owner and admins only (null for anyone else, partners included).",
  })
  travellers(@Root() booking: BookingType, @Ctx() ctx: RequestContext): Promise<BookingTravellers | null> {
    return loadTravellers(ctx, booking);
  }
}
