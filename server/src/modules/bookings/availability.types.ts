import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../../common/graphql-types.js';
import { ParkFeesQuote } from '../park-fees/park-fee.types.js';

/** The seat states of a departure, as the tour page shows them. */
export enum AvailabilityStatus {
  AVAILABLE = 'AVAILABLE',
  LIMITED = 'LIMITED',
  SOLD_OUT = 'SOLD_OUT',
  CLOSED = 'CLOSED',
}

registerEnumType(AvailabilityStatus, {
  name: 'AvailabilityStatus',
  description: 'Whether a departure (OCTO availability) takes group bookings, as the tour page shows it.',
  valuesConfig: {
    AVAILABLE: { description: 'Open, with at least half of its group seats left.' },
    LIMITED: { description: 'Open, with fewer than half of its group seats left.' },
    SOLD_OUT: { description: 'Open, but no group seat is left.' },
    CLOSED: {
      description:
        'Takes no booking: closed by the operator, its start date has passed, or the tour (product) is inactive or draft.',
    },
  },
});

@ObjectType({
  description:
    'A per-person price of a departure for one booking type (OCTO unit) and one tier (OCTO option): the unit price a `quote` ' +
    'for that date, booking type and tier gives.',
})
export class AvailabilityPrice {
  @Field({
    description:
      "Booking type (OCTO unit): group (shares the departure's seats) or private (the party travels on its own).",
  })
  bookingType!: string;

  @Field({
    description:
      "Tier (OCTO option), one of the tour's tiers, e.g. Budget, Mid-range, Luxury; Standard when the tour names none.",
  })
  tier!: string;

  @Field(() => Float, {
    nullable: true,
    description:
      'Price per person in USD before any early-bird discount; null when the operator prices this pair on request ("Contact for pricing").',
  })
  amount!: number | null;

  @Field({
    description:
      'True when a booking of this date gets the early-bird discount (5% off its total: the start is six months away or more); false without an amount.',
  })
  earlyBird!: boolean;

  @Field({ description: 'Currency of amount: always USD.' })
  currency!: string;
}

@ObjectType({
  description:
    'A departure (OCTO availability): a tour (OCTO product) on a start date with its group seats and its prices. A departure ' +
    'exists once the operator schedules it or a first group booking is made for its date; any other date from today on with an ' +
    "active tour is bookable too, with the tour's whole capacity free.",
})
export class DepartureAvailability {
  @Field(() => ID, { description: 'Departure id (OCTO availability id).' })
  id!: string;

  @Field(() => ID, { description: 'The tour (OCTO product id): the `id` of `tour` and of `tours`.' })
  tourId!: string;

  @Field({ description: 'Title of the tour.' })
  tourTitle!: string;

  @Field({ description: 'First day, YYYY-MM-DD (local day in Tanzania).' })
  startDate!: string;

  @Field({
    description: "Last day, YYYY-MM-DD: the start date plus the tour's nights (a day trip ends on its start date).",
  })
  endDate!: string;

  @Field(() => Int, { description: 'Group seats in all.' })
  capacity!: number;

  @Field(() => Int, {
    description:
      "Group seats still free (0 when CLOSED). A private booking does not use them: it is its own party of up to the tour's capacity.",
  })
  seatsLeft!: number;

  @Field(() => AvailabilityStatus, {
    description: 'Whether the departure takes group bookings; see AvailabilityStatus.',
  })
  status!: AvailabilityStatus;

  @Field(() => [AvailabilityPrice], {
    description: 'Per-person prices for every booking type and tier of the tour, booking type first.',
  })
  prices!: AvailabilityPrice[];

  @Field(() => ParkFeesQuote, {
    nullable: true,
    description:
      "Park and conservation fees for the party asked for (the `party` argument) on this departure's days, at the fees valid on each day; null without a party or when the tour spends no day in a protected area.",
  })
  parkFees!: ParkFeesQuote | null;

  @Field({
    description:
      'Last change of what this departure reads: its seats taken or given back, capacity, closing, or a change of its tour ' +
      '(prices, title, status). A start date that passes turns it CLOSED without a change.',
  })
  updatedAt!: Date;
}

@ObjectType({ description: 'A page of departures (OCTO availabilities), by start date then id.' })
export class AvailabilityConnection extends ConnectionType(DepartureAvailability, {
  edge: 'DepartureAvailabilityEdge',
  edgeDescription: 'A departure with its cursor.',
  noun: 'departure',
  plural: 'departures',
  pageInfoDescription: 'Paging information: while hasNextPage, ask again with after = endCursor.',
}) {}
