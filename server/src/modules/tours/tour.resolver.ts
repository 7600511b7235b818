import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { toTourType } from './tour.mapper.js';
import { tourService } from './tour.service.js';
import { TourConnection, TourType } from './tour.types.js';

@Resolver(() => TourType)
export class TourResolver {
  @Query(() => TourConnection, { description: 'Tours of the catalogue, a page at a time (at most 100 per page).' })
  async tours(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1-100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' }) after?: string,
  ): Promise<TourConnection> {
    const page = await tourService.list(ctx, { first, after });
    const nodes = page.nodes.map(toTourType);
    return {
      nodes,
      edges: nodes.map((node, i) => ({ node, cursor: page.cursors[i]! })),
      totalCount: page.totalCount,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.hasPreviousPage,
        startCursor: page.cursors[0] ?? null,
        endCursor: page.cursors[page.cursors.length - 1] ?? null,
      },
    };
  }

  @Query(() => TourType, { nullable: true, description: 'One tour by id; null when there is none.' })
  async tour(@Ctx() ctx: RequestContext, @Arg('id', () => ID, { description: 'Tour id.' }) id: string): Promise<TourType | null> {
    const t = await tourService.get(ctx, id);
    return t ? toTourType(t) : null;
  }
}
