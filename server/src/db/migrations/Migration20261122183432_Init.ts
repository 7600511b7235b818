import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183432_Init extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "tours" ("id" serial primary key, "title" text not null, "description" text not null, "destination" text not null, "country" text not null default 'Tanzania', "duration_days" int not null default 0, "duration_nights" int not null default 0, "duration" text null, "price" numeric(12,2) null, "price_text" text null, "original_price" numeric(12,2) null, "discount" numeric(5,2) not null default 0, "images" text[] not null default '{}', "bg" text null, "featured" boolean not null default false, "popular" boolean not null default false, "trending" boolean not null default false, "rating" numeric(2,1) not null default 0, "num_ratings" int not null default 0, "tour_type" text null, "features" text[] not null default '{}', "categories" text[] not null default '{}', "included" text[] not null default '{}', "not_included" text[] not null default '{}', "capacity" int null, "status" text not null default 'active', "departure_location" text null, "departure_time" timestamptz null, "return_time" timestamptz null, "itinerary" jsonb not null default '[]', "tier" text null, "booking_type" text null, "travel_type" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "tours_status_index" on "tours" ("status");`);

    this.addSql(`create table "users" ("id" serial primary key, "name" text not null, "email" text not null, "phone" text null, "password_hash" text not null, "role" text not null default 'user', "profile_image" text null, "last_login_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tours" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }

}
