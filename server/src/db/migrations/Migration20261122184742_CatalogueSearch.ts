import { Migration } from '@mikro-orm/migrations';

export class Migration20261122184742_CatalogueSearch extends Migration {

  override async up(): Promise<void> {
    // Trigram matching for partial and misspelt search words (PGlite loads it in db/embedded.ts).
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "contact_messages" ("id" serial primary key, "name" text not null, "email" text not null, "message" text not null, "ip" text not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "contact_messages_created_at_index" on "contact_messages" ("created_at");`);

    this.addSql(`alter table "tours" add column "from_price" numeric(12,2) null, add column "tier_list" text[] not null default '{}', add column "day_trip" boolean not null default false, add column "search_vector" tsvector generated always as (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("destination", '') || ' ' || coalesce("country", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) stored null, add column "search_text" text generated always as (lower(coalesce("title", '') || ' ' || coalesce("destination", '') || ' ' || coalesce("country", ''))) stored null;`);
    this.addSql(`create index "tours_trending_index" on "tours" ("id") where "trending";`);
    this.addSql(`create index "tours_popular_index" on "tours" ("id") where "popular";`);
    this.addSql(`create index "tours_featured_index" on "tours" ("id") where "featured";`);
    this.addSql(`create index "tours_day_trip_index" on "tours" ("id") where "day_trip";`);
    this.addSql(`create index "tours_duration_days_nights_index" on "tours" ("duration_days", "duration_nights");`);
    this.addSql(`create index "tours_return_time_index" on "tours" ("return_time");`);
    this.addSql(`create index "tours_departure_time_index" on "tours" ("departure_time");`);
    this.addSql(`create index "tours_newest_index" on "tours" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "tours_rating_index" on "tours" ("rating" desc, "id" asc);`);
    this.addSql(`create index "tours_from_price_desc_index" on "tours" ("from_price" desc nulls last, "id" desc);`);
    this.addSql(`create index "tours_from_price_asc_index" on "tours" ("from_price" asc nulls last, "id" asc);`);
    this.addSql(`create index "tours_search_text_trgm_index" on "tours" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create index "tours_search_vector_index" on "tours" using gin ("search_vector");`);
    this.addSql(`create index "tours_duration_trgm_index" on "tours" using gin ("duration" gin_trgm_ops);`);
    this.addSql(`create index "tours_tier_list_index" on "tours" using gin ("tier_list");`);
    this.addSql(`create index "tours_lower_status_index" on "tours" (lower("status"));`);
    this.addSql(`create index "tours_lower_booking_type_index" on "tours" (lower("booking_type"));`);
    this.addSql(`create index "tours_lower_travel_type_index" on "tours" (lower("travel_type"));`);
    this.addSql(`create index "tours_lower_destination_index" on "tours" (lower("destination"));`);
    // Combined filters (destination + travel type + booking type) are correlated: without these
    // statistics the planner may walk the whole id index hunting for a combination that is rare.
    this.addSql(`create statistics if not exists "tours_filter_stats" (mcv) on (lower("destination")), (lower("travel_type")), (lower("booking_type")) from "tours";`);

    // Existing rows get the derived columns by the same rules as schema's fromPrice, parseTiers and
    // isDayTrip (the entity keeps them up to date from now on). No '?' here: knex reads it as a binding.
    this.addSql(`update "tours" set
      "from_price" = coalesce(
        case when "price" >= 0 then "price" end,
        (select min(regexp_replace(substring(p from ':\\s*[$]{0,1}([0-9][0-9,]*(\\.[0-9]+){0,1})\\s*$'), ',', '', 'g')::numeric)
           from unnest(string_to_array("price_text", ';')) p
          where p ~ '^.*\\S.*:\\s*[$]{0,1}[0-9][0-9,]*(\\.[0-9]+){0,1}\\s*$'),
        case when "original_price" >= 0 then "original_price" end),
      "tier_list" = case when coalesce(btrim("tier"), '') = '' then array['standard']
        else (select array_agg(lower(btrim(x))) from unnest(string_to_array("tier", ',')) x where btrim(x) <> '') end,
      "day_trip" = ("duration_days" = 1 and "duration_nights" = 0)
        or ("departure_time" is not null and "return_time" is not null
            and ("departure_time" at time zone 'UTC')::date = ("return_time" at time zone 'UTC')::date);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contact_messages" cascade;`);
    this.addSql(`drop statistics if exists "tours_filter_stats";`);

    this.addSql(`drop index "tours_trending_index";`);
    this.addSql(`drop index "tours_popular_index";`);
    this.addSql(`drop index "tours_featured_index";`);
    this.addSql(`drop index "tours_day_trip_index";`);
    this.addSql(`drop index "tours_duration_days_nights_index";`);
    this.addSql(`drop index "tours_return_time_index";`);
    this.addSql(`drop index "tours_departure_time_index";`);
    this.addSql(`drop index "tours_newest_index";`);
    this.addSql(`drop index "tours_rating_index";`);
    this.addSql(`drop index "tours_from_price_desc_index";`);
    this.addSql(`drop index "tours_from_price_asc_index";`);
    this.addSql(`drop index "tours_search_text_trgm_index";`);
    this.addSql(`drop index "tours_search_vector_index";`);
    this.addSql(`drop index "tours_duration_trgm_index";`);
    this.addSql(`drop index "tours_tier_list_index";`);
    this.addSql(`drop index "tours_lower_status_index";`);
    this.addSql(`drop index "tours_lower_booking_type_index";`);
    this.addSql(`drop index "tours_lower_travel_type_index";`);
    this.addSql(`drop index "tours_lower_destination_index";`);
    this.addSql(`alter table "tours" drop column "from_price", drop column "tier_list", drop column "day_trip", drop column "search_vector", drop column "search_text";`);
    // pg_trgm stays: other objects may use it.
  }

}
