import { wrap } from '@mikro-orm/core';
import { canTravellerCancel, centsToDollars, travellerToday } from '@tembea/schema';
import { toRestUser, toUserType } from '../users/user.service.js';
import type { User } from '../users/user.entity.js';
import { grandTotalCentsOf, type Booking } from './booking.entity.js';
import type { BookingPrice, BookingType } from './booking.types.js';

const dollars = (cents: number | null | undefined): number | null => (cents == null ? null : centsToDollars(cents));

function priceOf(b: Booking): BookingPrice {
  return {
    priced: b.totalCents != null,
    unitPrice: dollars(b.unitPriceCents),
    subtotal: dollars(b.subtotalCents),
    earlyBird: b.earlyBird,
    earlyBirdDiscount: dollars(b.earlyBirdDiscountCents),
    total: dollars(b.totalCents),
    parkFees: dollars(b.parkFeesCents),
    grandTotal: dollars(grandTotalCentsOf(b)),
    deposit: dollars(b.depositCents),
    balance: dollars(b.balanceCents),
    balanceDueDate: b.balanceDueDate ?? null,
    currency: b.currency,
  };
}

/** The frozen park fee quote as the API shows it (what it was computed from stays inside). */
function frozenFeesOf(b: Booking): BookingType['parkFees'] {
  const f = b.parkFees;
  if (!f || b.parkFeesCents == null) return null;
  return {
    partyAssumed: f.partyAssumed,
    netCents: f.netCents,
    vatCents: f.vatCents,
    totalCents: f.totalCents,
    areas: f.areas,
    items: f.items,
    unpricedDays: f.unpricedDays,
  };
}

/** The booking's account when it was loaded with it (admin lists); null otherwise or once deleted. */
function loadedUser(b: Booking): User | null {
  return b.user && wrap(b.user).isInitialized() ? b.user : null;
}

/** Reference id of a many-to-one without loading it. */
function refId(ref: { id: number } | null | undefined): string | null {
  return ref ? String(ref.id) : null;
}

/** The one mapping of a booking to its API shape (GraphQL; REST adds its aliases below). */
export function toBookingType(b: Booking, today: string = travellerToday()): BookingType {
  const user = loadedUser(b);
  return {
    id: String(b.id),
    tourId: refId(b.tour),
    tourTitle: b.tourTitle,
    startDate: b.startDate,
    endDate: b.endDate,
    numberOfPeople: b.numberOfPeople,
    name: b.name,
    email: b.email,
    phone: b.phone,
    notes: b.notes ?? null,
    status: b.status,
    bookingType: b.bookingType,
    tier: b.tier,
    price: priceOf(b),
    parkFees: frozenFeesOf(b),
    canCancel: canTravellerCancel(b, today),
    user: user ? toUserType(user) : null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    ownerId: b.user?.id ?? null,
  };
}

/**
 * The REST shape: the same fields with dates as text, plus the nested `tour` (id and title) and the
 * booking's account under `bookingUser` (and `user`), which the admin screen reads.
 */
export function toRestBooking(b: Booking) {
  // The owner's id is for the GraphQL field checks, not part of the REST answer.
  const { ownerId: _ownerId, ...t } = toBookingType(b);
  const user = loadedUser(b);
  const restUser = user ? toRestUser(user) : null;
  return {
    ...t,
    _id: t.id,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    tour: t.tourId ? { id: t.tourId, _id: t.tourId, title: t.tourTitle } : null,
    bookingUser: restUser,
    user: restUser,
  };
}
