import { DecimalType, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** One day of a tour's programme. */
export interface ItineraryEntry {
  day: number;
  title: string;
  description: string;
}

/** A tour of the catalogue (spec section 3). */
@Entity({ tableName: 'tours' })
@Index({ properties: ['status'] })
export class Tour {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'featured' | 'popular' | 'trending' | 'rating' | 'numRatings'
    | 'status' | 'country' | 'images' | 'features' | 'categories' | 'included' | 'notIncluded' | 'itinerary'
    | 'durationDays' | 'durationNights' | 'discount';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text' })
  destination!: string;

  @Property({ type: 'text', default: 'Tanzania' })
  country: string = 'Tanzania';

  @Property({ type: 'integer', default: 0 })
  durationDays: number = 0;

  @Property({ type: 'integer', default: 0 })
  durationNights: number = 0;

  @Property({ type: 'text', nullable: true })
  duration?: string | null;

  /** Numeric price in USD per person; null when the price is given as priceText. */
  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  price?: number | null;

  /** Prices by booking type and tier as 'key:value;…' text (spec 3). */
  @Property({ type: 'text', nullable: true })
  priceText?: string | null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  originalPrice?: number | null;

  /** Percent off, 0-100. */
  @Property({ type: new DecimalType('number'), precision: 5, scale: 2, default: 0 })
  discount: number = 0;

  @Property({ type: 'text[]', default: '{}' })
  images: string[] = [];

  @Property({ type: 'text', nullable: true })
  bg?: string | null;

  @Property({ type: 'boolean', default: false })
  featured: boolean = false;

  @Property({ type: 'boolean', default: false })
  popular: boolean = false;

  @Property({ type: 'boolean', default: false })
  trending: boolean = false;

  @Property({ type: new DecimalType('number'), precision: 2, scale: 1, default: 0 })
  rating: number = 0;

  @Property({ type: 'integer', default: 0 })
  numRatings: number = 0;

  @Property({ type: 'text', nullable: true })
  tourType?: string | null;

  @Property({ type: 'text[]', default: '{}' })
  features: string[] = [];

  @Property({ type: 'text[]', default: '{}' })
  categories: string[] = [];

  @Property({ type: 'text[]', default: '{}' })
  included: string[] = [];

  @Property({ type: 'text[]', default: '{}' })
  notIncluded: string[] = [];

  /** Seats per departure. */
  @Property({ type: 'integer', nullable: true })
  capacity?: number | null;

  /** active | inactive | draft */
  @Property({ type: 'text', default: 'active' })
  status: string = 'active';

  @Property({ type: 'text', nullable: true })
  departureLocation?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  departureTime?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  returnTime?: Date | null;

  @Property({ type: 'jsonb', default: '[]' })
  itinerary: ItineraryEntry[] = [];

  /** The spec's `Tier`: one tier or a comma-separated list; the first is the default. */
  @Property({ type: 'text', nullable: true })
  tier?: string | null;

  /** group | private */
  @Property({ type: 'text', nullable: true })
  bookingType?: string | null;

  @Property({ type: 'text', nullable: true })
  travelType?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
