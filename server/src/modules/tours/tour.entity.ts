import {
  BeforeCreate,
  BeforeUpdate,
  DecimalType,
  Entity,
  Index,
  OptionalProps,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { TOUR_PRICE_COLUMN, fromPrice, isDayTrip, parseTiers, type OvernightKind } from '@tembea/schema';

/** One day of a tour's programme. */
export interface ItineraryEntry {
  day: number;
  title: string;
  description: string;
  /** Code of the protected area the day is spent in (park fees); absent for a day outside any. */
  parkArea?: string;
  /** The night after the day, when spent inside that area. */
  overnight?: OvernightKind;
}

/**
 * Words of the full-text search, weighted: title A, destination and country B, description C.
 * Written as PostgreSQL prints it back, so the schema diff sees no change.
 */
const SEARCH_VECTOR_SQL =
  `((setweight(to_tsvector('english'::regconfig, COALESCE(title, ''::text)), 'A'::"char") || ` +
  `setweight(to_tsvector('english'::regconfig, ((COALESCE(destination, ''::text) || ' '::text) || COALESCE(country, ''::text))), 'B'::"char")) || ` +
  `setweight(to_tsvector('english'::regconfig, COALESCE(description, ''::text)), 'C'::"char")) stored`;

/**
 * A tour of the catalogue.
 *
 * from_price, tier_list and day_trip are derived by the shared rules of @tembea/schema whenever the
 * entity is flushed, so filters and sorts on them can use indexes. Write tours through the entity
 * manager (not native updates) so they stay in step.
 */
@Entity({ tableName: 'tours' })
@Index({
  name: 'tours_lower_destination_index',
  expression: 'create index "tours_lower_destination_index" on "tours" (lower("destination"))',
})
@Index({
  name: 'tours_lower_travel_type_index',
  expression: 'create index "tours_lower_travel_type_index" on "tours" (lower("travel_type"))',
})
@Index({
  name: 'tours_lower_booking_type_index',
  expression: 'create index "tours_lower_booking_type_index" on "tours" (lower("booking_type"))',
})
@Index({
  name: 'tours_lower_status_index',
  expression: 'create index "tours_lower_status_index" on "tours" (lower("status"))',
})
@Index({
  name: 'tours_tier_list_index',
  expression: 'create index "tours_tier_list_index" on "tours" using gin ("tier_list")',
})
@Index({
  name: 'tours_duration_trgm_index',
  expression: 'create index "tours_duration_trgm_index" on "tours" using gin ("duration" gin_trgm_ops)',
})
@Index({
  name: 'tours_search_vector_index',
  expression: 'create index "tours_search_vector_index" on "tours" using gin ("search_vector")',
})
// A price range in catalogue order walks this in id order, checking the price in the index and
// reading only the matching tours (walking the primary key read every tour it passed).
@Index({
  name: 'tours_id_from_price_index',
  expression: 'create index "tours_id_from_price_index" on "tours" ("id", "from_price")',
})
@Index({
  name: 'tours_from_price_asc_index',
  expression: 'create index "tours_from_price_asc_index" on "tours" ("from_price" asc nulls last, "id" asc)',
})
@Index({
  name: 'tours_from_price_desc_index',
  expression: 'create index "tours_from_price_desc_index" on "tours" ("from_price" desc nulls last, "id" desc)',
})
@Index({
  name: 'tours_rating_index',
  expression: 'create index "tours_rating_index" on "tours" ("rating" desc, "id" asc)',
})
@Index({ name: 'tours_updated_at_index', properties: ['updatedAt', 'id'] })
@Index({
  name: 'tours_newest_index',
  expression: 'create index "tours_newest_index" on "tours" ("created_at" desc, "id" desc)',
})
@Index({
  name: 'tours_departure_time_index',
  expression: 'create index "tours_departure_time_index" on "tours" ("departure_time")',
})
@Index({
  name: 'tours_return_time_index',
  expression: 'create index "tours_return_time_index" on "tours" ("return_time")',
})
@Index({
  name: 'tours_duration_days_nights_index',
  expression: 'create index "tours_duration_days_nights_index" on "tours" ("duration_days", "duration_nights")',
})
@Index({
  name: 'tours_day_trip_index',
  expression: 'create index "tours_day_trip_index" on "tours" ("id") where "day_trip"',
})
@Index({
  name: 'tours_featured_index',
  expression: 'create index "tours_featured_index" on "tours" ("id") where "featured"',
})
@Index({
  name: 'tours_popular_index',
  expression: 'create index "tours_popular_index" on "tours" ("id") where "popular"',
})
@Index({
  name: 'tours_trending_index',
  expression: 'create index "tours_trending_index" on "tours" ("id") where "trending"',
})
export class Tour {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'featured'
    | 'popular'
    | 'trending'
    | 'rating'
    | 'numRatings'
    | 'status'
    | 'country'
    | 'images'
    | 'features'
    | 'categories'
    | 'included'
    | 'notIncluded'
    | 'itinerary'
    | 'durationDays'
    | 'durationNights'
    | 'discount'
    | 'fromPrice'
    | 'tierList'
    | 'dayTrip';

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
  @Property({ type: new DecimalType('number'), ...TOUR_PRICE_COLUMN, nullable: true })
  price?: number | null;

  /** Prices by booking type and tier as 'key:value;…' text. */
  @Property({ type: 'text', nullable: true })
  priceText?: string | null;

  @Property({ type: new DecimalType('number'), ...TOUR_PRICE_COLUMN, nullable: true })
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

  /** `Tier` on REST: one tier or a comma-separated list; the first is the default. */
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

  /** Lowest price the tour can be had for (schema's fromPrice): price filters and sorts. */
  @Property({ type: new DecimalType('number'), ...TOUR_PRICE_COLUMN, nullable: true })
  fromPrice?: number | null;

  /** The Tier list lower-cased (Standard when none): the tier filter. */
  @Property({ type: 'text[]', default: '{}', hidden: true })
  tierList: string[] = [];

  /** schema's isDayTrip: the dayTrip filter. */
  @Property({ type: 'boolean', default: false })
  dayTrip: boolean = false;

  @Property({ type: 'tsvector', generated: SEARCH_VECTOR_SQL, lazy: true, hidden: true, nullable: true })
  searchVector?: unknown;

  @BeforeCreate()
  @BeforeUpdate()
  deriveColumns(): void {
    this.fromPrice = fromPrice(this);
    this.tierList = parseTiers(this.tier).map((t) => t.toLowerCase());
    this.dayTrip = isDayTrip(this);
  }
}
