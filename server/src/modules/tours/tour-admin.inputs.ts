import { Field, Float, InputType, Int } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';

@InputType({ description: 'One day of a tour programme.' })
export class ItineraryDayInput {
  @Field(() => Int, { description: 'Day number, 1 or more.' })
  day!: number;

  @Field({ description: 'Title of the day.' })
  title!: string;

  @Field({ defaultValue: '', description: 'What happens that day.' })
  description!: string;
}

/**
 * Every field of a tour as the admin form sends it; saving replaces the tour's fields with these.
 * Lists are lists here (the REST shim takes them as JSON text or comma-separated).
 */
@InputType({ description: 'A tour as an admin creates or edits it. Saving replaces every field.' })
export class TourInput {
  @Field({ description: 'Title (required).' })
  title!: string;

  @Field({ description: 'Description (required).' })
  description!: string;

  @Field({ defaultValue: 'zanzibar', description: 'Destination, e.g. serengeti.' })
  destination!: string;

  @Field({ defaultValue: 'Tanzania', description: 'Country (required).' })
  country!: string;

  @Field(() => Int, { nullable: true, description: 'Days (0 or more); a tour needs at least 1 day or a duration text.' })
  durationDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Nights (0 or more).' })
  durationNights?: number | null;

  @Field(() => String, { nullable: true, description: "Duration as text, e.g. '7 days, 6 nights'." })
  duration?: string | null;

  @Field({ description: "Price in USD as a number ('1450.50'), or per booking type and tier as 'group budget:1450;private luxury:4200'." })
  price!: string;

  @Field(() => Float, { nullable: true, description: 'Price before the discount (0 or more).' })
  originalPrice?: number | null;

  @Field(() => Float, { nullable: true, description: 'Discount percent, 0-100.' })
  discount?: number | null;

  @Field(() => [String], { defaultValue: [], description: 'Image paths already on the tour to keep, in order; new uploads are added after them.' })
  images!: string[];

  @Field(() => String, { nullable: true, description: 'A direct image URL shown instead of the images (https or a path under /uploads).' })
  bg?: string | null;

  @Field({ defaultValue: false, description: 'Featured in the catalogue.' })
  featured!: boolean;

  @Field({ defaultValue: false, description: 'Marked popular.' })
  popular!: boolean;

  @Field({ defaultValue: false, description: 'Marked trending.' })
  trending!: boolean;

  @Field(() => Float, { nullable: true, description: 'Rating 0-5.' })
  rating?: number | null;

  @Field(() => Int, { nullable: true, description: 'Number of ratings.' })
  numRatings?: number | null;

  @Field(() => String, { nullable: true, description: 'Tour type, e.g. Tour.' })
  tourType?: string | null;

  @Field(() => [String], { defaultValue: [], description: 'Features.' })
  features!: string[];

  @Field(() => [String], { defaultValue: [], description: 'Categories.' })
  categories!: string[];

  @Field(() => [String], { defaultValue: [], description: 'What is included.' })
  included!: string[];

  @Field(() => [String], { defaultValue: [], description: 'What is not included.' })
  notIncluded!: string[];

  @Field(() => Int, { nullable: true, description: 'Most people per booking and a new departure\'s seats (1-1000).' })
  capacity?: number | null;

  @Field({ defaultValue: 'active', description: 'active, inactive or draft.' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Where the tour starts.' })
  departureLocation?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Departure date and time.' })
  departureTime?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Return date and time.' })
  returnTime?: Date | null;

  @Field(() => [ItineraryDayInput], { defaultValue: [], description: 'Day-by-day programme.' })
  itinerary!: ItineraryDayInput[];

  @Field({ defaultValue: 'Budget', description: "Tiers offered: one of Budget, Mid-range, Luxury, Standard, or several comma-separated (the spec's Tier)." })
  tier!: string;

  @Field({ defaultValue: 'group', description: 'group or private.' })
  bookingType!: string;

  @Field(() => String, { nullable: true, description: 'Travel type, e.g. Safari.' })
  travelType?: string | null;
}
