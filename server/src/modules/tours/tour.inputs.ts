import { Field, Float, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { TourSort } from './tour-sort.js';

export { TourSort };

registerEnumType(TourSort, {
  name: 'TourSort',
  description: 'Order of a tour list.',
  valuesConfig: {
    CATALOGUE: { description: "The operator's catalogue order; by relevance when `search` is given." },
    PRICE_ASC: { description: 'Lowest "from" price first; tours without any price last.' },
    PRICE_DESC: { description: 'Highest "from" price first; tours without any price last.' },
    RATING_DESC: { description: 'Best rated first.' },
    NEWEST: { description: 'Most recently added first.' },
  },
});

/** Filters of the catalogue; every field is optional and they combine with AND. */
@InputType({ description: 'Filters of a tour list. All are optional; given ones must all match.' })
export class TourFilter {
  @Field(() => String, { nullable: true, description: 'Destination, e.g. serengeti (case-insensitive, exact).' })
  destination?: string | null;

  @Field(() => String, { nullable: true, description: 'Travel type, e.g. Safari (case-insensitive, exact).' })
  travelType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A tier, e.g. Luxury: matches tours that offer it (one of their tiers; case-insensitive).',
  })
  tier?: string | null;

  @Field(() => String, { nullable: true, description: 'Booking type: group or private (case-insensitive).' })
  bookingType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Publication status: active, inactive or draft (case-insensitive). Absent: every status.',
  })
  status?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Text the duration text contains, e.g. "7 days" (case-insensitive).',
  })
  duration?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A day as YYYY-MM-DD: tours departing on or after that day in Tanzania (East Africa Time, UTC+3).',
  })
  date?: string | null;

  @Field(() => Int, { nullable: true, description: 'Exact number of days.' })
  durationDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Exact number of nights.' })
  durationNights?: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'true: only day trips (1 day and 0 nights, or back the same calendar day in Tanzania); false: only longer tours.',
  })
  dayTrip?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Date-time (ISO 8601) or YYYY-MM-DD: tours departing at or after it (a bare day means from its start in Tanzania, UTC+3).',
  })
  departureTime?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Date-time (ISO 8601) or YYYY-MM-DD: tours returning at or before it (a bare day means until its end in Tanzania, UTC+3).',
  })
  returnTime?: string | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'Lowest "from" price in USD (>= 0): the numeric price, else the lowest price of the price text, else originalPrice (see Tour.fromPrice).',
  })
  minPrice?: number | null;

  @Field(() => Float, { nullable: true, description: 'Highest "from" price in USD (>= 0, >= minPrice).' })
  maxPrice?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Only featured (true) or only not featured (false) tours.' })
  featured?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only popular (true) or only not popular (false) tours.' })
  popular?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only trending (true) or only not trending (false) tours.' })
  trending?: boolean | null;

  @Field(() => [ID], { nullable: true, description: 'Only these tours (at most 100 ids).' })
  ids?: string[] | null;
}
