import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows, sql } from '../../common/sql.js';
import type { ItineraryEntry } from '../tours/tour.entity.js';
import { User } from '../users/user.entity.js';
import type { Booking } from './booking.entity.js';

/**
 * A booking is the busiest write there is, so its rows are read and written with single plain
 * statements rather than through the entity manager: hydrating a whole tour (its description,
 * photos and search columns) and computing change sets over every managed entity at flush cost
 * more of the server's time than the statements themselves.
 */

/** What booking a tour reads of it: what decides whether and how it can be booked, and its price. */
export interface BookableTour {
  id: number;
  title: string;
  status: string;
  capacity: number | null;
  durationDays: number;
  durationNights: number;
  tier: string | null;
  bookingType: string | null;
  price: number | null;
  priceText: string | null;
  itinerary: ItineraryEntry[];
}

interface TourAndAccountRow {
  id: number;
  title: string;
  status: string;
  capacity: number | null;
  duration_days: number;
  duration_nights: number;
  tier: string | null;
  booking_type: string | null;
  price: string | null;
  price_text: string | null;
  itinerary: ItineraryEntry[] | null;
  user_id: number | null;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  user_role: 'admin' | 'user';
  user_profile_image: string | null;
  user_last_login_at: string | null;
  user_created_at: string;
  user_updated_at: string;
}

/**
 * The tour a booking is for, share-locked until the booking commits (so it cannot be deleted under
 * it), and the booking account as its mails and the answer show it (null once deleted), in one
 * statement of the booking's transaction. Null when there is no such tour.
 */
export async function readTourAndAccount(
  em: EntityManager,
  tourId: number,
  userId: number,
): Promise<{ tour: BookableTour; account: User | null } | null> {
  const [r] = await queryRows<TourAndAccountRow>(
    em,
    sql`
    select t.id, t.title, t.status, t.capacity, t.duration_days, t.duration_nights, t.tier, t.booking_type,
           t.price, t.price_text, t.itinerary,
           u.id user_id, u.name user_name, u.email user_email, u.phone user_phone, u.role user_role,
           u.profile_image user_profile_image, u.last_login_at user_last_login_at,
           u.created_at user_created_at, u.updated_at user_updated_at
      from tours t left join users u on u.id = ${userId}
     where t.id = ${tourId}
       for share of t`,
  );
  if (!r) return null;
  const tour: BookableTour = {
    id: r.id,
    title: r.title,
    status: r.status,
    capacity: r.capacity,
    durationDays: r.duration_days,
    durationNights: r.duration_nights,
    tier: r.tier,
    bookingType: r.booking_type,
    // numeric columns arrive as text; the entity reads them as numbers the same way.
    price: r.price == null ? null : +r.price,
    priceText: r.price_text,
    itinerary: r.itinerary ?? [],
  };
  if (r.user_id == null) return { tour, account: null };
  // Mapped as the session check maps the signed-in user: the entity manager converts the columns.
  const account = em.map(User, {
    id: r.user_id,
    name: r.user_name,
    email: r.user_email,
    phone: r.user_phone,
    role: r.user_role,
    profile_image: r.user_profile_image,
    last_login_at: r.user_last_login_at,
    created_at: r.user_created_at,
    updated_at: r.user_updated_at,
  });
  return { tour, account };
}

/**
 * Writes a booking built in memory (not managed by the entity manager) in the transaction, in one
 * statement, and gives it the id and payment reference the database chose.
 */
export async function insertBooking(em: EntityManager, b: Booking): Promise<void> {
  const [row] = await queryRows<{ id: number; payment_reference: string }>(
    em,
    sql`
    insert into bookings (user_id, tour_id, tour_title, departure_id, start_date, end_date, number_of_people,
                          name, email, phone, notes, status, booking_type, tier, unit_price_cents, subtotal_cents,
                          early_bird, early_bird_discount_cents, total_cents, park_fees_cents, park_fees,
                          deposit_cents, balance_cents, balance_due_date, currency, created_at, updated_at)
    values (${b.user?.id ?? null}, ${b.tour?.id ?? null}, ${b.tourTitle}, ${b.departure?.id ?? null}, ${b.startDate},
            ${b.endDate}, ${b.numberOfPeople}, ${b.name}, ${b.email}, ${b.phone}, ${b.notes ?? null}, ${b.status},
            ${b.bookingType}, ${b.tier}, ${b.unitPriceCents ?? null}, ${b.subtotalCents ?? null}, ${b.earlyBird},
            ${b.earlyBirdDiscountCents ?? null}, ${b.totalCents ?? null}, ${b.parkFeesCents ?? null},
            ${b.parkFees ? JSON.stringify(b.parkFees) : null}::jsonb, ${b.depositCents ?? null}, ${b.balanceCents ?? null},
            ${b.balanceDueDate ?? null}, ${b.currency}, ${b.createdAt}, ${b.updatedAt})
    returning id, payment_reference`,
  );
  b.id = row!.id;
  b.paymentReference = row!.payment_reference;
}
