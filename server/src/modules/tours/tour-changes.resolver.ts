import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { RequestContext } from '../../common/context.js';
import { toConnection } from '../../common/pagination.js';
import { toTourType } from './tour.mapper.js';
import { TOUR_CHANGES_DEFAULT_PAGE, TOUR_CHANGES_MAX_PAGE, tourChangesService } from './tour-changes.service.js';
import { TourChange, TourChangeConnection, TourChangeKind } from './tour-changes.types.js';

@Resolver(() => TourChange)
export class TourChangesResolver {
  @Query(() => TourChangeConnection, {
    description:
      "The catalogue's change feed for partners: every tour (OCTO product) added, changed or deleted at or after `since`, " +
      'each once with its latest change, by changedAt then tourId. Keep the changedAt of the last change you applied and ask ' +
      'again from a minute before it (writes still committing may carry a slightly earlier time); applying a change twice is harmless. ' +
      'Seats and prices of departures: availability(updatedSince). Open to anonymous callers and partner keys alike.',
  })
  async tourChanges(
    @Ctx() ctx: RequestContext,
    @Arg('since', () => GraphQLDateTimeISO, { description: 'Changes made at or after this moment.' }) since: Date,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: TOUR_CHANGES_DEFAULT_PAGE,
      description: `Page size, 1-${TOUR_CHANGES_MAX_PAGE}.`,
    })
    first?: number | null,
    @Arg('after', () => String, {
      nullable: true,
      description: 'endCursor of the previous page (with the same since).',
    })
    after?: string | null,
  ): Promise<TourChangeConnection> {
    return toConnection(await tourChangesService.list(ctx, { since, first, after }), (n) => ({
      tourId: String(n.tourId),
      change: n.change as TourChangeKind,
      changedAt: n.changedAt,
      title: n.title,
      tour: n.tour ? toTourType(n.tour) : null,
    }));
  }
}
