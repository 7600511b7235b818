import { Migration } from '@mikro-orm/migrations';

/** Bookings with their frozen price, departures with their seats, and the mail outbox. */
export class Migration20261123160701_Bookings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mail_outbox" ("id" bigserial primary key, "to" text not null, "reply_to" text null, "subject" text not null, "text" text not null, "html" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "sent_at" timestamptz null, "failed_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at") where "sent_at" is null and "failed_at" is null;`);

    this.addSql(`create table "departures" ("id" serial primary key, "tour_id" int not null, "start_date" date not null, "capacity" int not null, "seats_taken" int not null default 0, "closed" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint departures_seats_check check (seats_taken >= 0 and seats_taken <= capacity));`);
    this.addSql(`alter table "departures" add constraint "departures_tour_id_start_date_unique" unique ("tour_id", "start_date");`);

    this.addSql(`create table "bookings" ("id" serial primary key, "user_id" int null, "tour_id" int null, "tour_title" text not null, "departure_id" int null, "start_date" date not null, "end_date" date not null, "number_of_people" int not null, "name" text not null, "email" text not null, "phone" text not null, "notes" text null, "status" text not null default 'Pending', "booking_type" text not null, "tier" text not null, "unit_price_cents" int null, "subtotal_cents" int null, "early_bird" boolean not null default false, "early_bird_discount_cents" int null, "total_cents" int null, "deposit_cents" int null, "balance_cents" int null, "balance_due_date" date null, "currency" text not null default 'USD', "status_changed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint bookings_status_check check (status in ('Pending', 'Confirmed', 'Cancelled', 'Completed')), constraint bookings_people_check check (number_of_people >= 1));`);
    this.addSql(`create index "bookings_newest_index" on "bookings" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "bookings_departure_id_index" on "bookings" ("departure_id");`);
    this.addSql(`create index "bookings_user_index" on "bookings" ("user_id");`);
    this.addSql(`create index "bookings_tour_start_index" on "bookings" ("tour_id", "start_date");`);
    this.addSql(`create index "bookings_status_start_index" on "bookings" ("status", "start_date");`);

    this.addSql(`alter table "departures" add constraint "departures_tour_id_foreign" foreign key ("tour_id") references "tours" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "bookings" add constraint "bookings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_tour_id_foreign" foreign key ("tour_id") references "tours" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_departure_id_foreign" foreign key ("departure_id") references "departures" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bookings" drop constraint "bookings_departure_id_foreign";`);

    this.addSql(`drop table if exists "mail_outbox" cascade;`);

    this.addSql(`drop table if exists "departures" cascade;`);

    this.addSql(`drop table if exists "bookings" cascade;`);
  }

}
