import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { RequestContext } from '../../common/context.js';
import { selectsAnyOf } from '../../common/graphql-types.js';
import { toConnection } from '../../common/pagination.js';
import type { IncomingFile } from '../../common/uploads.js';
import { toTourType } from './tour.mapper.js';
import { tourService } from './tour.service.js';
import { CreateTourPayload, DeleteTourPayload, TourConnection, TourType, UpdateTourPayload } from './tour.types.js';
import { TourFilter, TourSort } from './tour.inputs.js';
import { TourFilterOptions } from './tour-filters.types.js';
import { QuoteType } from './quote.types.js';
import { quoteService } from './quote.service.js';
import { PartyGroupInput, partyCounts } from '../park-fees/park-fee.types.js';
import { TourInput } from './tour-admin.inputs.js';
import { tourAdminService } from './tour-admin.service.js';

@Resolver(() => TourType)
export class TourResolver {
  @Query(() => TourConnection, {
    description: 'Tours of the catalogue, filtered, searched and sorted, a page at a time (at most 100 per page).',
  })
  async tours(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => TourFilter, { nullable: true, description: 'Filters; all given ones must match.' })
    filter?: TourFilter | null,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Words to find in the title, description, destination and country (partial words too, at most 200 characters).',
    })
    search?: string | null,
    @Arg('sort', () => TourSort, { defaultValue: TourSort.CATALOGUE, description: 'Order of the list.' })
    sort: TourSort = TourSort.CATALOGUE,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1-100 (default 20).' }) first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: 'endCursor of the previous page (with the same filter, search and sort).',
    })
    after?: string,
    @Arg('updatedSince', () => GraphQLDateTimeISO, {
      nullable: true,
      description:
        "Only tours (OCTO products) changed at or after this moment (any field, status included). For a partner's sync, " +
        'tourChanges also reports deleted tours.',
    })
    updatedSince?: Date | null,
  ): Promise<TourConnection> {
    const withCount = selectsAnyOf(info, ['totalCount', 'totalCountIsEstimate']);
    return toConnection(
      await tourService.list(ctx, { filter: filter ?? {}, search, sort, first, after, updatedSince, withCount }),
      toTourType,
    );
  }

  @Query(() => TourType, { nullable: true, description: 'One tour by id; null when there is none.' })
  async tour(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Tour id.' }) id: string,
  ): Promise<TourType | null> {
    const t = await tourService.get(ctx, id);
    return t ? toTourType(t) : null;
  }

  @Query(() => TourFilterOptions, {
    description:
      'Values for the search and filter controls: distinct destinations, travel types, tiers, booking types and the price range of the catalogue.',
  })
  tourFilters(@Ctx() ctx: RequestContext): Promise<TourFilterOptions> {
    return tourService.filterOptions(ctx);
  }

  @Query(() => QuoteType, {
    description: 'Prices a booking before it is made (unit price, early bird, deposit, balance and its due date).',
  })
  quote(
    @Ctx() ctx: RequestContext,
    @Arg('tourId', () => ID, { description: 'Tour id.' }) tourId: string,
    @Arg('startDate', () => String, { description: 'Start date, YYYY-MM-DD, today or later.' }) startDate: string,
    @Arg('numberOfPeople', () => Int, { description: 'People, from 1 to the tour capacity (20 when it has none).' })
    numberOfPeople: number,
    @Arg('bookingType', () => String, { description: 'group or private.' }) bookingType: string,
    @Arg('tier', () => String, {
      description: "One of the tour's tiers (e.g. Budget, Luxury), in any case; empty takes the tour's first.",
    })
    tier: string,
    @Arg('party', () => [PartyGroupInput], {
      nullable: true,
      description:
        'Who travels, as counts by residency and age band adding up to numberOfPeople, to price the park fees exactly; left out, everyone is priced as a non-resident adult.',
    })
    party?: PartyGroupInput[] | null,
  ): Promise<QuoteType> {
    return quoteService.quote(ctx, { tourId, startDate, numberOfPeople, bookingType, tier, party: partyCounts(party) });
  }
}

/** Uploads as the services take them: opened only once the caller is known to be an admin. */
function incoming(uploads: Promise<FileUpload>[] | null | undefined): IncomingFile[] {
  return (uploads ?? []).map((u) => ({ field: 'images', open: async () => (await u).createReadStream() }));
}

@Resolver(() => TourType)
export class TourAdminResolver {
  @Mutation(() => CreateTourPayload, {
    description:
      'Admin: adds a tour to the catalogue. New photos (JPEG, PNG, WebP or GIF, at most 10 MB each, 10 per tour) go in `images` as a multipart upload with the header apollo-require-preflight.',
  })
  async createTour(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => TourInput, {
      description:
        'The tour: title, description, price, country and a duration are required; the rest default. Checked by the same rules as the admin form.',
    })
    input: TourInput,
    @Arg('images', () => [GraphQLUpload], {
      nullable: true,
      description: 'New photos, added after the kept image paths of the input.',
    })
    images?: Promise<FileUpload>[] | null,
  ): Promise<CreateTourPayload> {
    return { tour: toTourType(await tourAdminService.create(ctx, input, incoming(images))) };
  }

  @Mutation(() => UpdateTourPayload, {
    description:
      'Admin: edits a tour; fields left out of the input keep their values. Photos no longer kept are deleted unless another record still shows them.',
  })
  async updateTour(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Tour id.' }) id: string,
    @Arg('input', () => TourInput, {
      description: 'The fields to change, checked with the stored ones by the same rules as the admin form.',
    })
    input: TourInput,
    @Arg('images', () => [GraphQLUpload], {
      nullable: true,
      description: 'New photos, added after the kept image paths of the input.',
    })
    images?: Promise<FileUpload>[] | null,
  ): Promise<UpdateTourPayload> {
    return { tour: toTourType(await tourAdminService.update(ctx, id, input, incoming(images))) };
  }

  @Mutation(() => DeleteTourPayload, {
    description:
      'Admin: deletes a tour without Pending or Confirmed bookings (CONFLICT otherwise); its past bookings keep its title.',
  })
  async deleteTour(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Tour id.' }) id: string,
  ): Promise<DeleteTourPayload> {
    await tourAdminService.remove(ctx, id);
    return { deletedTourId: id };
  }
}
