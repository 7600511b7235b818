import { Field, Float, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Lowest and highest original price of the catalogue, in USD.' })
export class PriceRange {
  @Field(() => Float, { description: 'Lowest original price (200 when the catalogue is empty).' })
  minPrice!: number;

  @Field(() => Float, { description: 'Highest original price (5000 when the catalogue is empty).' })
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
    description: 'Distinct tiers, split from the comma-separated Tier lists (Budget, Mid-range, Luxury when empty).',
  })
  tiers!: string[];

  @Field(() => [String], { description: 'Distinct booking types (group, private when empty).' })
  bookingTypes!: string[];

  @Field(() => PriceRange, { description: 'Range of the original prices.' })
  priceRange!: PriceRange;
}
