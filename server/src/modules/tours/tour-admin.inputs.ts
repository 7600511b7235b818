import { Field, Float, InputType, Int } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import type { OvernightKind } from '@tembea/schema';
import { OvernightKindEnum } from '../park-fees/park-fee.types.js';

@InputType({ description: 'One day of a tour programme.' })
export class ItineraryDayInput {
  @Field(() => Int, { description: 'Day number, 1 or more.' })
  day!: number;

  @Field({ description: 'Title of the day.' })
  title!: string;

  @Field({ defaultValue: '', description: 'What happens that day.' })
  description!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The protected area the day is spent in (e.g. SERENGETI_NP); null or left out for none.',
  })
  parkArea?: string | null;

  @Field(() => OvernightKindEnum, {
    nullable: true,
    description: 'The night after the day when spent inside that area: CONCESSION, CAMPING or HUT.',
  })
  overnight?: OvernightKind | null;
}

/**
 * A tour as an admin sends it. Creating needs title, description, price, country and a duration;
 * other fields left out take the new-tour defaults. Editing changes only the fields sent: a field
 * left out keeps its stored value, null empties it. Lists are lists here (the REST shim takes them
 * as JSON text or comma-separated).
 */
@InputType({
  description:
    'A tour as an admin creates or edits it. Creating needs title, description, price, country and a duration (text or at least 1 day); ' +
    'other fields left out take the new-tour defaults. Editing changes only the fields given: one left out keeps its value, null empties it.',
})
export class TourInput {
  @Field(() => String, { nullable: true, description: 'Title (required).' })
  title?: string | null;

  @Field(() => String, { nullable: true, description: 'Description (required).' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "Destination, e.g. serengeti (a new tour's default: zanzibar)." })
  destination?: string | null;

  @Field(() => String, { nullable: true, description: 'Country (required).' })
  country?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Days (0 or more); a tour needs at least 1 day or a duration text.',
  })
  durationDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Nights (0 or more).' })
  durationNights?: number | null;

  @Field(() => String, { nullable: true, description: "Duration as text, e.g. '7 days, 6 nights'." })
  duration?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Price in USD (required) as a number ('1450.50'), or per booking type and tier as 'group budget:1450;private luxury:4200'.",
  })
  price?: string | null;

  @Field(() => Float, { nullable: true, description: 'Price per person before the discount, in USD (0 or more).' })
  originalPrice?: number | null;

  @Field(() => Float, { nullable: true, description: 'Discount percent, 0-100.' })
  discount?: number | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Image paths to keep, in order (photos stored for tours under /uploads/tours, demo images or http(s) addresses); new uploads are added after them.',
  })
  images?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Cover image shown instead of the first of images: an http(s) URL or the path of a photo stored for tours; null removes it.',
  })
  bg?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Featured in the catalogue.' })
  featured?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Marked popular.' })
  popular?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Marked trending.' })
  trending?: boolean | null;

  @Field(() => Float, { nullable: true, description: 'Rating 0-5.' })
  rating?: number | null;

  @Field(() => Int, { nullable: true, description: 'Number of ratings.' })
  numRatings?: number | null;

  @Field(() => String, { nullable: true, description: 'Kind of tour, e.g. Safari, Trek, Beach stay.' })
  tourType?: string | null;

  @Field(() => [String], { nullable: true, description: 'Highlights of the tour as short labels.' })
  features?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Categories the tour is listed under, as short labels.' })
  categories?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'What is included.' })
  included?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'What is not included.' })
  notIncluded?: string[] | null;

  @Field(() => Int, { nullable: true, description: "Most people per booking and a new departure's seats (1-1000)." })
  capacity?: number | null;

  @Field(() => String, { nullable: true, description: "active, inactive or draft (a new tour's default: active)." })
  status?: string | null;

  @Field(() => String, { nullable: true, description: 'Where the tour starts.' })
  departureLocation?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Departure date and time.' })
  departureTime?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Return date and time.' })
  returnTime?: Date | null;

  @Field(() => [ItineraryDayInput], { nullable: true, description: 'Day-by-day programme.' })
  itinerary?: ItineraryDayInput[] | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Tiers offered: one of Budget, Mid-range, Luxury, Standard, or several comma-separated (levels of accommodation and service; a new tour's default: Budget).",
  })
  tier?: string | null;

  @Field(() => String, { nullable: true, description: "group or private (a new tour's default: group)." })
  bookingType?: string | null;

  @Field(() => String, { nullable: true, description: 'Travel type, e.g. Safari.' })
  travelType?: string | null;
}
