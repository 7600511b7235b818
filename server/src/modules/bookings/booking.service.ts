import { rel, type FilterQuery } from '@mikro-orm/postgresql';
import {
  bookingStatusesFor,
  bookingTooLarge,
  canTravellerCancel,
  hasControlCharacters,
  isBookingDisabled,
  isIsoDay,
  nextBookingStatus,
  parseBookingStatus,
  grandTotalInCents,
  quoteInCents,
  transitionRefusal,
  travellerToday,
  type BookingAction,
  type BookingStatus,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import {
  BadInputError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  type FieldError,
  throwIfInvalid,
} from '../../common/errors.js';
import { encodeCursor, keysetPage, pageSize, textIdCursor, type Page } from '../../common/pagination.js';
import { join, queryRows, sql } from '../../common/sql.js';
import { listDayRange } from '../../common/day-range.js';
import { requireAdmin, requireUser } from '../../common/guards.js';
import { Tour } from '../tours/tour.entity.js';
import { requireId } from '../../common/ids.js';
import { parseTourId } from '../tours/tour.service.js';
import { Booking } from './booking.entity.js';
import { insertBooking, readTourAndAccount } from './booking.rows.js';
import { Departure } from './departure.entity.js';
import { holdExpiredMails, newBookingMails, statusChangedMails } from './booking.mails.js';
import type { BookingAccount } from '../../common/mail-layout.js';
import type { QueuedMail } from '../../common/mail-templates.js';
import { paymentService } from '../payments/payment.service.js';
import { freezeParkFees } from '../park-fees/park-fee-freeze.service.js';
import { travellerService } from '../travellers/traveller.service.js';

import { validateBookingWithExtras, type BookingExtras, type RawBookingInput } from './booking.validation.js';

export type { BookingExtras };
import { departureService } from './departure.service.js';

export const BOOKING_RECEIVED =
  "Booking request received. We've sent a confirmation to your email and will contact you shortly with next steps.";
export const BOOKING_RATE_LIMITED = 'Too many booking requests. Please try again later.';
/** Most bookings `myBookings` lists: a traveller's whole history in one answer, bounded. */
export const MY_BOOKINGS_MAX = 500;
/** The admin's bookings page when it asks for no size. */
export const BOOKINGS_DEFAULT_PAGE = 50;

export interface BookingListFilter {
  status?: string | null;
  tourId?: string | null;
  from?: string | null;
  to?: string | null;
  /** UNPAID_DEPOSIT, BALANCE_DUE_SOON or OVERDUE (any case). */
  payment?: string | null;
}

const parseBookingId = (id: unknown): number => requireId(id, 'Booking not found');

/** The admin list's filter as a MikroORM condition, or every failing field. */
function listCondition(filter: BookingListFilter): FilterQuery<Booking> {
  const errors: FieldError[] = [];
  const where: Record<string, unknown> = {};
  if (filter.status) {
    const status = parseBookingStatus(filter.status);
    if (!status)
      errors.push({ field: 'status', message: 'status must be one of pending, confirmed, cancelled, completed' });
    else where.status = status;
  }
  if (filter.tourId) {
    const tourId = parseTourId(filter.tourId);
    if (tourId === null) errors.push({ field: 'tourId', message: 'tourId must be a tour id' });
    else where.tour = tourId;
  }
  const { from, to } = listDayRange(filter, errors);
  if (from || to) where.startDate = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  throwIfInvalid(errors, 'list');
  return where as FilterQuery<Booking>;
}

/** Bookings: made by signed-in travellers, cancelled by them, and moved through their states by admins. */
export const bookingService = {
  /**
   * Books a tour for the signed-in user. The booking with its price and park fees frozen, its lead
   * traveller, its queued mails and the seats it takes from the date's departure are written in one
   * transaction: all of it is committed or none. CONFLICT when the tour takes no bookings or the
   * seats do not fit.
   */
  async create(
    ctx: RequestContext,
    tourIdRaw: unknown,
    input: RawBookingInput,
    extras: BookingExtras = {},
  ): Promise<Booking> {
    const user = requireUser(ctx);
    const tourId = parseTourId(tourIdRaw as string);
    if (tourId === null) throw new NotFoundError('Tour not found');
    const limit = await ctx.limiter.hit(`booking:user:${user.id}`, ctx.config.bookingsPerHour, 3_600_000);
    if (!limit.allowed) throw new RateLimitedError(BOOKING_RATE_LIMITED, limit.retryAfterSeconds);
    const today = travellerToday();
    return ctx.transaction(async (tx) => {
      const found = await readTourAndAccount(tx.em, tourId, user.id);
      if (!found) throw new NotFoundError('Tour not found');
      const { tour, account } = found;
      const data = validateBookingWithExtras(input, extras, tour, today, ctx.config.bookingHorizonMonths);
      if (isBookingDisabled(tour.status)) throw new ConflictError('This tour is not taking bookings at the moment');
      if (!account) throw new NotFoundError('Account not found');
      const q = quoteInCents(tour, data, today);
      const parkFees = await freezeParkFees(tx, {
        startDate: data.startDate,
        itinerary: tour.itinerary,
        numberOfPeople: data.numberOfPeople,
        party: extras.party,
      });
      // The deposit is of everything the traveller pays, park fees included.
      const whole = q && grandTotalInCents(q.totalCents, parkFees?.totalCents);
      const tooLarge = bookingTooLarge(q, whole);
      if (tooLarge) throw new BadInputError(tooLarge, [{ field: 'numberOfPeople', message: tooLarge }]);
      // A private booking is its own party: it takes no seats of the group departure, but a date the
      // operator closed takes no booking of any type.
      const departureId = data.bookingType === 'group' ? await departureService.ensure(tx, tour, data.startDate) : null;
      if (departureId === null) await departureService.refuseClosed(tx, tour.id, data.startDate);
      // Built in memory and written with one statement: nothing is left for the flush to compare.
      const b = Object.assign(new Booking(), {
        ...data,
        user: account,
        tour: rel(Tour, tour.id),
        tourTitle: tour.title,
        departure: departureId === null ? null : rel(Departure, departureId),
        status: 'Pending' as const,
        unitPriceCents: q?.unitPriceCents ?? null,
        subtotalCents: q?.subtotalCents ?? null,
        earlyBird: q?.earlyBird ?? false,
        earlyBirdDiscountCents: q?.earlyBirdDiscountCents ?? null,
        totalCents: q?.totalCents ?? null,
        parkFeesCents: parkFees?.totalCents ?? null,
        parkFees,
        depositCents: whole?.depositCents ?? null,
        balanceCents: whole?.balanceCents ?? null,
        balanceDueDate: q?.balanceDueDate ?? null,
      });
      await insertBooking(tx.em, b);
      if (extras.leadTraveller) await travellerService.saveLead(tx, b.id, extras.leadTraveller);
      await ctx.outbox.enqueue(tx, newBookingMails(b, account, ctx.config));
      if (departureId !== null) await departureService.takeSeats(tx, departureId, data.numberOfPeople);
      return b;
    });
  },

  /** The signed-in user's bookings, the next trip first, then past ones (at most MY_BOOKINGS_MAX). */
  async mine(ctx: RequestContext): Promise<Booking[]> {
    const user = requireUser(ctx);
    return ctx.em.find(
      Booking,
      { user: user.id },
      { orderBy: { startDate: 'desc', id: 'desc' }, limit: MY_BOOKINGS_MAX },
    );
  },

  /**
   * Cancels the signed-in user's own booking while it is Pending or Confirmed and before its start
   * date. Another user's booking is NOT_FOUND (its existence is not revealed).
   */
  async cancelMine(ctx: RequestContext, idRaw: unknown): Promise<Booking> {
    const user = requireUser(ctx);
    const id = parseBookingId(idRaw);
    const today = travellerToday();
    const owned = await ctx.em.findOne(Booking, { id, user: user.id });
    if (!owned) throw new NotFoundError('Booking not found');
    if (!canTravellerCancel(owned, today) && nextBookingStatus(owned.status, 'cancel')) {
      throw new ConflictError(
        'A booking can no longer be cancelled online once its start date has come. Please contact us.',
      );
    }
    return changeStatus(ctx, id, 'cancel', sql`and user_id = ${user.id} and start_date > ${today}`);
  },

  /** Admin: every booking, newest first, filtered by status, tour and start-date range. */
  async list(
    ctx: RequestContext,
    filter: BookingListFilter = {},
    first?: number | null,
    after?: string | null,
    maxPageSize = 100,
  ): Promise<Page<Booking>> {
    requireAdmin(ctx);
    const limit = pageSize(first, maxPageSize, Math.min(BOOKINGS_DEFAULT_PAGE, maxPageSize));
    const owing = filter.payment ? await paymentService.bookingIdsOwing(ctx, filter.payment) : null;
    const where: FilterQuery<Booking> = owing
      ? { $and: [listCondition(filter), { id: { $in: owing } }] }
      : listCondition(filter);
    const cursor = textIdCursor(after, 'timestamp');
    let keyset: FilterQuery<Booking> = {};
    if (cursor) {
      const at = new Date(cursor.key);
      keyset = { $or: [{ createdAt: { $lt: at } }, { createdAt: at, id: { $lt: cursor.id } }] };
    }
    const rows = await ctx.em.find(
      Booking,
      { $and: [where, keyset] },
      {
        populate: ['user'],
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: limit + 1,
      },
    );
    return keysetPage(
      rows,
      limit,
      after,
      (b) => encodeCursor([b.createdAt.toISOString(), b.id]),
      async () => ({ count: await ctx.em.count(Booking, where), estimate: false }),
    );
  },

  /**
   * Admin: the travellers of one tour on one start date (every booking but the cancelled ones), by
   * name: the departure manifest the guides take along. Returns the tour id and date as read, so
   * the caller never echoes the raw parameters (a line break in them would break a header).
   */
  async manifest(
    ctx: RequestContext,
    tourIdRaw: unknown,
    date: unknown,
  ): Promise<{ tourId: number; date: string; bookings: Booking[] }> {
    requireAdmin(ctx);
    // A control character (a line break) is no part of an id: refused, never trimmed away.
    const tourId = typeof tourIdRaw === 'string' && !hasControlCharacters(tourIdRaw) ? parseTourId(tourIdRaw) : null;
    const errors: FieldError[] = [];
    if (tourId === null) errors.push({ field: 'tourId', message: 'tourId must be a tour id' });
    if (typeof date !== 'string' || !isIsoDay(date))
      errors.push({ field: 'date', message: 'date must be a date as YYYY-MM-DD' });
    throwIfInvalid(errors, 'list');
    const bookings = await ctx.em.find(
      Booking,
      { tour: tourId!, startDate: date as string, status: { $ne: 'Cancelled' } },
      { orderBy: { name: 'asc', id: 'asc' }, limit: 1000 },
    );
    return { tourId: tourId!, date: date as string, bookings };
  },

  /** Admin: Pending -> Confirmed. */
  confirm(ctx: RequestContext, id: unknown): Promise<Booking> {
    requireAdmin(ctx);
    return changeStatus(ctx, parseBookingId(id), 'confirm');
  },

  /** Admin: Confirmed -> Completed. */
  complete(ctx: RequestContext, id: unknown): Promise<Booking> {
    requireAdmin(ctx);
    return changeStatus(ctx, parseBookingId(id), 'complete');
  },

  /** Admin: any status but Cancelled or Completed -> Cancelled (its group seats are freed). */
  cancel(ctx: RequestContext, id: unknown): Promise<Booking> {
    requireAdmin(ctx);
    return changeStatus(ctx, parseBookingId(id), 'cancel');
  },

  /**
   * The payment schedule (system): cancels a Pending booking whose unpaid hold ran out, freeing its
   * seats as any cancellation does, and tells the traveller why. Null when it is no longer Pending.
   */
  async expireHold(ctx: RequestContext, id: number): Promise<Booking | null> {
    try {
      return await changeStatus(ctx, id, 'cancel', sql`and status = 'Pending'`, (b, account) =>
        holdExpiredMails(b, account, ctx.config.publicUrl, ctx.config.payments.holdHours),
      );
    } catch (e) {
      if (e instanceof ConflictError) return null;
      throw e;
    }
  },

  /** Admin: the REST shim's status change ('confirmed', 'completed', 'cancelled'). */
  setStatus(ctx: RequestContext, id: unknown, status: unknown): Promise<Booking> {
    requireAdmin(ctx);
    const target = parseBookingStatus(status);
    if (!target) {
      throw new BadInputError('status must be one of confirmed, completed, cancelled', [
        { field: 'status', message: 'Unknown status' },
      ]);
    }
    const action: BookingAction | null =
      target === 'Confirmed'
        ? 'confirm'
        : target === 'Completed'
          ? 'complete'
          : target === 'Cancelled'
            ? 'cancel'
            : null;
    const bookingId = parseBookingId(id);
    if (!action) return refuse(ctx, bookingId, target);
    return changeStatus(ctx, bookingId, action);
  },
};

/** CONFLICT naming the booking's current state and the one asked for (NOT_FOUND when there is no booking). */
async function refuse(ctx: RequestContext, id: number, target: BookingStatus): Promise<never> {
  // Read again: the copy an earlier step of the request loaded predates the change that won.
  const current = await ctx.em.findOne(Booking, { id }, { refresh: true });
  if (!current) throw new NotFoundError('Booking not found');
  throw new ConflictError(transitionRefusal(current.status, target));
}

/**
 * One status change as a single conditional UPDATE (`where status in <allowed sources>`), so of two
 * admins acting at once exactly one wins and the other gets CONFLICT. A cancellation gives the group
 * seats back in the same transaction; the traveller's mail is queued with it.
 */
async function changeStatus(
  ctx: RequestContext,
  id: number,
  action: BookingAction,
  extra = sql``,
  mailsFor: (b: Booking, account: BookingAccount | null, moneyLine: string | null) => QueuedMail[] = (
    b,
    account,
    moneyLine,
  ) => statusChangedMails(b, account, ctx.config.publicUrl, moneyLine, travellerToday()),
): Promise<Booking> {
  const from = bookingStatusesFor(action);
  const target = nextBookingStatus(from[0]!, action)!;
  const changed = await ctx.transaction(async (tx) => {
    const { em } = tx;
    const [row] = await queryRows<{ departure_id: number | null; number_of_people: number }>(
      em,
      sql`
      update bookings set status = ${target}, status_changed_at = now(), updated_at = now()
       where id = ${id} and status in (${join(
         from.map((s) => sql`${s}`),
         ', ',
       )}) ${extra}
      returning departure_id, number_of_people`,
    );
    if (!row) return null;
    if (target === 'Cancelled' && row.departure_id != null)
      await departureService.releaseSeats(tx, row.departure_id, row.number_of_people);
    // The mail says what becomes of the traveller's money: on a cancellation, what was paid beyond
    // what the operator keeps is a refund due; on a confirmation, what is left to pay and by when.
    const moneyLine =
      target === 'Cancelled'
        ? await paymentService.settleCancellation(tx, id, ctx.config.payments.refundFeePercent)
        : target === 'Confirmed'
          ? await paymentService.dueOnConfirmation(tx, id)
          : null;
    const b = await em.findOneOrFail(Booking, { id }, { populate: ['user'], refresh: true });
    await ctx.outbox.enqueue(tx, mailsFor(b, b.user ?? null, moneyLine));
    return b;
  });
  if (!changed) return refuse(ctx, id, target);
  return changed;
}

/** The one mapping of a booking to its API shape, for other modules' payloads (payments). */
export { toBookingType } from './booking.mapper.js';
