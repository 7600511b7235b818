import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { PERMIT_LIST_MAX_PEOPLE, departureListService, permitListAnswer } from './departure-lists.service.js';
import { PermitList } from './departure-lists.types.js';

@Resolver(() => PermitList)
export class DepartureListsResolver {
  @Query(() => PermitList, {
    description: `Admin: the permit list of a departure for the park gates: per protected area and day of the tour's itinerary, everyone booked with nationality, residency, age band on the day, passport and fees. People not yet described are priced from the party the booking was quoted for, else as non-resident adults, and marked assumed. FORBIDDEN for anyone else, partner keys included; CONFLICT for a departure of more than ${PERMIT_LIST_MAX_PEOPLE} people, whose list is only given as CSV. Also as CSV at GET /api/bookings/admin/permits?tourId=&date=&format=csv.`,
  })
  async permitList(
    @Ctx() ctx: RequestContext,
    @Arg('tourId', () => ID, { description: 'Tour id.' }) tourId: string,
    @Arg('date', () => String, { description: 'Start date of the departure, YYYY-MM-DD.' }) date: string,
  ): Promise<PermitList> {
    return permitListAnswer(await departureListService.permitList(ctx, tourId, date));
  }
}
