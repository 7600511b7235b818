import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { RequestContext } from '../../common/context.js';
import { toConnection } from '../../common/pagination.js';
import {
  AVAILABILITY_DEFAULT_PAGE,
  AVAILABILITY_MAX_PAGE,
  AVAILABILITY_PARTY_MAX,
  availabilityService,
} from './availability.service.js';
import { PartyGroupInput, partyCounts } from '../park-fees/park-fee.types.js';
import { AvailabilityConnection, AvailabilityStatus, DepartureAvailability } from './availability.types.js';
import { DEPARTURES_MAX_DAYS } from './departure.service.js';

@Resolver(() => DepartureAvailability)
export class AvailabilityResolver {
  @Query(() => AvailabilityConnection, {
    description:
      'Departures (OCTO availabilities) of one tour or of every tour starting in a window of dates, with group seats left, ' +
      'status and per-person prices, a page at a time by start date then id. Lists the departures that exist (scheduled by the ' +
      "operator, or made by a date's first group booking); any other date from today on with an active tour is bookable with the " +
      "tour's whole capacity. Open to anonymous callers and partner keys alike.",
  })
  async availability(
    @Ctx() ctx: RequestContext,
    @Arg('from', () => String, { description: 'First start date, YYYY-MM-DD.' }) from: string,
    @Arg('to', () => String, {
      description: `Last start date, YYYY-MM-DD: not before from, at most ${DEPARTURES_MAX_DAYS} days in all.`,
    })
    to: string,
    @Arg('tourId', () => ID, {
      nullable: true,
      description:
        'Only this tour (OCTO product id); every tour when absent. NOT_FOUND for an unknown or deleted tour.',
    })
    tourId?: string | null,
    @Arg('updatedSince', () => GraphQLDateTimeISO, {
      nullable: true,
      description:
        'Only departures changed at or after this moment (seats, capacity, closing, or a change of their tour such as its ' +
        'prices or status): pass the time of your last sync, a minute earlier to cover writes still committing. A deleted departure or tour is not listed: follow tourChanges and re-read windows in full now and then.',
    })
    updatedSince?: Date | null,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: AVAILABILITY_DEFAULT_PAGE,
      description: `Page size, 1-${AVAILABILITY_MAX_PAGE}.`,
    })
    first?: number | null,
    @Arg('after', () => String, {
      nullable: true,
      description: 'endCursor of the previous page (with the same arguments).',
    })
    after?: string | null,
    @Arg('party', () => [PartyGroupInput], {
      nullable: true,
      description: `Who travels, as counts by residency and age band (1 to ${AVAILABILITY_PARTY_MAX} people in all), to price each departure's park fees for them; left out, parkFees is null. BAD_USER_INPUT for a count below 0 or a party of nobody.`,
    })
    party?: PartyGroupInput[] | null,
  ): Promise<AvailabilityConnection> {
    const page = await availabilityService.list(ctx, {
      tourId,
      from,
      to,
      updatedSince,
      first,
      after,
      party: partyCounts(party),
    });
    return toConnection(page, (n) => ({ ...n, status: n.status as AvailabilityStatus }));
  }
}
