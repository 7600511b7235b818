import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { toBookingType } from '../bookings/booking.service.js';
import { PARK_FEE_CHANGES_MAX, parkFeeChangeService } from './park-fee-change.service.js';
import { ApplyParkFeeChangePayload, ParkFeeChange } from './park-fee-change.types.js';

@Resolver(() => ParkFeeChange)
export class ParkFeeChangeResolver {
  @Query(() => [ParkFeeChange], {
    description: `Admin: upcoming Pending and Confirmed bookings whose frozen park fees differ from the fees today's schedules give for the same trip, the soonest departure first. Looks at the ${PARK_FEE_CHANGES_MAX} soonest such bookings at most.`,
  })
  async parkFeeChanges(@Ctx() ctx: RequestContext): Promise<ParkFeeChange[]> {
    const changes = await parkFeeChangeService.list(ctx);
    return changes.map((c) => ({ ...c, booking: toBookingType(c.booking) }));
  }

  @Mutation(() => ApplyParkFeeChangePayload, {
    description:
      "Admin: re-freezes a booking's park fees at today's schedules and updates its totals (a deposit already paid stays as paid; the balance takes the difference), and mails the traveller the old and new fees and what they now owe. CONFLICT for a booking that has started, is Cancelled or Completed, or has no park fees.",
  })
  async applyParkFeeChange(
    @Ctx() ctx: RequestContext,
    @Arg('bookingId', () => ID, { description: 'Booking id.' }) bookingId: string,
  ): Promise<ApplyParkFeeChangePayload> {
    const r = await parkFeeChangeService.apply(ctx, bookingId);
    return { booking: toBookingType(r.booking), differenceCents: r.differenceCents };
  }
}
