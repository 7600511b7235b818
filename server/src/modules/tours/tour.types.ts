import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { ConnectionType } from '../../common/graphql-types.js';

@ObjectType({ description: 'One day of a tour programme.' })
export class ItineraryDay {
  @Field(() => Int, { description: 'Day number, from 1.' })
  day!: number;

  @Field({ description: 'Short title of the day.' })
  title!: string;

  @Field({ description: 'What happens that day.' })
  description!: string;
}

@ObjectType('Tour', { description: 'A tour of the catalogue: a safari, a trek, a beach stay or a cultural tour.' })
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

  @Field(() => String, { nullable: true, description: 'Duration as text, e.g. "7 days / 6 nights".' })
  duration!: string | null;

  @Field(() => Float, { nullable: true, description: 'Price per person in USD when the tour has one numeric price.' })
  price!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Prices by booking type and tier as 'key:value;…' text (e.g. 'group budget:1450;private luxury:4200') when the price is not one number.",
  })
  priceText!: string | null;

  @Field(() => Float, { nullable: true, description: 'Price before the discount, in USD.' })
  originalPrice!: number | null;

  @Field(() => Float, { description: 'Discount in percent (0-100).' })
  discount!: number;

  @Field(() => [String], { description: 'Image paths: absolute URLs or paths under /uploads.' })
  images!: string[];

  @Field(() => String, { nullable: true, description: 'A direct image URL that takes precedence over images.' })
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

  @Field(() => [String], { description: 'Feature chips.' })
  features!: string[];

  @Field(() => [String], { description: 'Category chips.' })
  categories!: string[];

  @Field(() => [String], { description: 'What the price includes.' })
  included!: string[];

  @Field(() => [String], { description: 'What the price does not include.' })
  notIncluded!: string[];

  @Field(() => Int, { nullable: true, description: 'Seats per departure (maximum people).' })
  capacity!: number | null;

  @Field({ description: 'Publication status: active (bookable), inactive or draft.' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Where the tour starts.' })
  departureLocation!: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Departure date and time.' })
  departureTime!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Return date and time.' })
  returnTime!: Date | null;

  @Field(() => [ItineraryDay], { description: 'Day-by-day programme.' })
  itinerary!: ItineraryDay[];

  @Field(() => String, {
    nullable: true,
    description: "The tiers offered as comma-separated text (Tier on REST), e.g. 'Budget,Mid-range'.",
  })
  tier!: string | null;

  @Field(() => [String], { description: 'The tiers offered as a list; the first is the default (Standard when none).' })
  tiers!: string[];

  @Field(() => String, { nullable: true, description: 'group or private.' })
  bookingType!: string | null;

  @Field(() => String, { nullable: true, description: 'Travel type, e.g. Safari, Trekking, Beach sands.' })
  travelType!: string | null;

  @Field({ description: 'True for a day trip: 1 day and 0 nights, or back the same day.' })
  dayTrip!: boolean;

  @Field(() => Float, {
    nullable: true,
    description:
      'Lowest price of the tour in USD (what price filters and sorts use): the numeric price, else the lowest price of the price text, else the original price.',
  })
  fromPrice!: number | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When the tour was created.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'When the tour was last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: 'A page of tours.' })
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
