import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { parkFeeService } from './park-fee.service.js';
import { ParkFeeScheduleInput, ParkFeeScheduleType, SaveParkFeeSchedulePayload } from './park-fee.types.js';

@Resolver(() => ParkFeeScheduleType)
export class ParkFeeResolver {
  @Query(() => [ParkFeeScheduleType], {
    description:
      'The park and conservation fee schedules, the latest first day first (at most 50). Fees are what the parks charge each visitor, paid on to them. Read the fees of one schedule with parkFeeSchedule: asking for every area of every schedule at once costs more than a query may.',
  })
  parkFeeSchedules(@Ctx() ctx: RequestContext): Promise<ParkFeeScheduleType[]> {
    return parkFeeService.list(ctx);
  }

  @Query(() => ParkFeeScheduleType, {
    nullable: true,
    description:
      'One fee schedule: by id, or the one valid on a day (the latest starting when two overlap, as trips are priced). Null when there is none. BAD_USER_INPUT unless exactly one of the two is given.',
  })
  parkFeeSchedule(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { nullable: true, description: 'Schedule id.' }) id?: string | null,
    @Arg('activeOn', () => String, { nullable: true, description: 'A day (YYYY-MM-DD).' }) activeOn?: string | null,
  ): Promise<ParkFeeScheduleType | null> {
    return parkFeeService.one(ctx, { id, activeOn });
  }

  @Mutation(() => SaveParkFeeSchedulePayload, {
    description:
      'Admin: adds a fee schedule, or replaces one whole when input.id is given. BAD_USER_INPUT names each problem field; CONFLICT when another schedule starts on the same day.',
  })
  async saveParkFeeSchedule(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ParkFeeScheduleInput, { description: 'The whole schedule.' }) input: ParkFeeScheduleInput,
  ): Promise<SaveParkFeeSchedulePayload> {
    return { schedule: await parkFeeService.save(ctx, input) };
  }
}
