import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'Lowest and highest price before discount (originalPrice) of the catalogue, per person in USD.',
})
export class PriceRange {
  @Field(() => Float, { description: 'Lowest originalPrice of any tour (200 when no tour has one).' })
  minPrice!: number;

  @Field(() => Float, { description: 'Highest originalPrice of any tour (5000 when no tour has one).' })
  maxPrice!: number;
}

@ObjectType('TourFilters', {
  description: 'Values to offer in the search and filter controls, taken from the catalogue.',
})
export class TourFilterOptions {
  @Field(() => [String], { description: 'Distinct destinations (the built-in list when the catalogue is empty).' })
  destinations!: string[];

  @Field(() => [String], { description: 'Distinct travel types (the built-in list when the catalogue is empty).' })
  travelTypes!: string[];

  @Field(() => [String], {
    description:
      'Distinct tiers offered across the catalogue (levels of accommodation and service); Budget, Mid-range, Luxury when no tour names one.',
  })
  tiers!: string[];

  @Field(() => [String], { description: 'Distinct booking types (group, private when empty).' })
  bookingTypes!: string[];

  @Field(() => PriceRange, {
    description: 'Lowest and highest price before discount (originalPrice) of the catalogue.',
  })
  priceRange!: PriceRange;
}
