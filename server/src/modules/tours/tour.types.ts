import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { OvernightKind } from '@tembea/schema';
import { ConnectionType } from '../../common/graphql-types.js';
import { OvernightKindEnum } from '../park-fees/park-fee.types.js';

@ObjectType({ description: 'One day of a tour programme.', simpleResolvers: true })
export class ItineraryDay {
  @Field(() => Int, { description: 'Day number, from 1.' })
  day!: number;

  @Field({ description: 'Short title of the day.' })
  title!: string;

  @Field({ description: 'What happens that day.' })
  description!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The protected area the day is spent in, as the park fee schedules name it (e.g. SERENGETI_NP); null for a day outside any. Park fees are charged for each such day.',
  })
  parkArea?: string | null;

  @Field(() => OvernightKindEnum, {
    nullable: true,
    description:
      'The night after the day, when spent inside that area (it sets the night fee); null when spent outside.',
  })
  overnight?: OvernightKind | null;
}

// Catalogue types are answered in bulk (a page is 20 tours of about 20 fields each): their plain
// fields are read by graphql-js's own resolver instead of one type-graphql wraps around each for
// middleware and auth checks, which this schema does not use. Fields with their own resolver keep it.
@ObjectType('Tour', {
  description: 'A tour of the catalogue: a safari, a trek, a beach stay or a cultural tour.',
  simpleResolvers: true,
})
export class TourType {
  @Field(() => ID, { description: 'Tour id.' })
  id!: string;

  @Field({ description: 'Title of the tour.' })
  title!: string;

  @Field({ description: 'Description of the tour.' })
  description!: string;

  @Field({ description: 'Destination, e.g. serengeti, zanzibar, kilimanjaro.' })
  destination!: string;

  @Field({ description: 'Country, e.g. Tanzania.' })
  country!: string;

  @Field(() => Int, { description: 'Number of days.' })
  durationDays!: number;

  @Field(() => Int, { description: 'Number of nights.' })
  durationNights!: number;

  @Field(() => String, {
    nullable: true,
    description: 'Duration as text, e.g. "7 days / 6 nights"; null when only the numbers of days and nights are given.',
  })
  duration!: string | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'Price per person in USD when the tour has one price for every booking type and tier; null when it is priced per booking type and tier (see priceText) or on request.',
  })
  price!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Prices per person in USD by booking type and tier, as '<booking type> <tier>:<price>' pairs separated by ';' (e.g. 'group budget:1450;private luxury:4200'); null when the tour has one price (see price).",
  })
  priceText!: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Price per person before the discount, in USD; null when not given.',
  })
  originalPrice!: number | null;

  @Field(() => Float, { description: 'Discount in percent, 0-100 (0 when none).' })
  discount!: number;

  @Field(() => [String], {
    description: 'Photos, in order: http(s) URLs or paths under /uploads (prefix the site origin); empty when none.',
  })
  images!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'Cover image shown instead of the first of images: an http(s) URL or a path under /uploads; null when the first photo is the cover.',
  })
  bg!: string | null;

  @Field({ description: 'Shown among featured tours.' })
  featured!: boolean;

  @Field({ description: 'Shown among popular tours.' })
  popular!: boolean;

  @Field({ description: 'Shown among trending tours.' })
  trending!: boolean;

  @Field(() => Float, { description: 'Average rating 0-5 (0 when not rated yet).' })
  rating!: number;

  @Field(() => Int, { description: 'Number of ratings.' })
  numRatings!: number;

  @Field(() => String, { nullable: true, description: 'Kind of tour, e.g. Safari, Trek, Beach stay.' })
  tourType!: string | null;

  @Field(() => [String], { description: 'Highlights of the tour as short labels; empty when none.' })
  features!: string[];

  @Field(() => [String], { description: 'Categories the tour is listed under, as short labels; empty when none.' })
  categories!: string[];

  @Field(() => [String], { description: 'What the price includes.' })
  included!: string[];

  @Field(() => [String], { description: 'What the price does not include.' })
  notIncluded!: string[];

  @Field(() => Int, {
    nullable: true,
    description:
      'Most travellers in one booking, and the group seats a new departure starts with; null when not set (then at most 20 per booking).',
  })
  capacity!: number | null;

  @Field({ description: 'Publication status: active (bookable), inactive or draft.' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Where the tour starts, e.g. Arusha; null when not given.' })
  departureLocation!: string | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Departure date and time, when the tour has a set one; null otherwise.',
  })
  departureTime!: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Return date and time, when the tour has a set one; null otherwise.',
  })
  returnTime!: Date | null;

  @Field(() => [ItineraryDay], { description: 'Day-by-day programme.' })
  itinerary!: ItineraryDay[];

  @Field(() => String, {
    nullable: true,
    description:
      "The tiers offered (levels of accommodation and service), comma-separated, e.g. 'Budget,Mid-range'; null when the tour names none. The same list as tiers.",
  })
  tier!: string | null;

  @Field(() => [String], {
    description:
      'The tiers offered (levels of accommodation and service, e.g. Budget, Mid-range, Luxury); the first is the default, and Standard alone when the tour names none.',
  })
  tiers!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      "Booking type a booking gets by default: group (travellers share the departure's seats) or private (the party travels on its own); null when not set.",
  })
  bookingType!: string | null;

  @Field(() => String, { nullable: true, description: 'Travel type, e.g. Safari, Trekking, Beach sands.' })
  travelType!: string | null;

  @Field({ description: 'True for a day trip: 1 day and 0 nights, or back the same calendar day in Tanzania (UTC+3).' })
  dayTrip!: boolean;

  @Field(() => Float, {
    nullable: true,
    description:
      'Lowest price of the tour in USD (what price filters and sorts use): the numeric price, else the lowest price of the price text, else originalPrice; null when the tour has no price at all (on request).',
  })
  fromPrice!: number | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When the tour was created.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'When the tour was last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: 'A page of tours.', simpleResolvers: true })
export class TourConnection extends ConnectionType(TourType, {
  edge: 'TourEdge',
  edgeDescription: 'A tour and its cursor.',
  noun: 'tour',
  plural: 'tours',
  nodes: true,
  totalCount:
    'Number of tours matching the query, over all pages: exact up to a limit (1000 by default), ' +
    'above it an estimate, and then totalCountIsEstimate is true.',
  totalCountIsEstimate:
    'True when totalCount is an estimate (more matches than the exact-count limit, so counting them all would cost too much); ' +
    'false when it is the exact number.',
}) {}

@ObjectType({ description: 'Answer to `createTour`.' })
export class CreateTourPayload {
  @Field(() => TourType, { description: 'The tour added, with the paths of its stored photos.' })
  tour!: TourType;
}

@ObjectType({ description: 'Answer to `updateTour`.' })
export class UpdateTourPayload {
  @Field(() => TourType, { description: 'The tour as changed.' })
  tour!: TourType;
}

@ObjectType({ description: 'Answer to `deleteTour`: the tour is gone; its past bookings keep its title.' })
export class DeleteTourPayload {
  @Field(() => ID, { description: 'Id of the tour deleted.' })
  deletedTourId!: string;
}
