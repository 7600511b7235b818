import { LockMode } from '@mikro-orm/postgresql';
import { addDays, BOOKING_CENTS_MAX, formatUsd, travellerToday } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { requireAdmin } from '../../common/guards.js';
import { requireId } from '../../common/ids.js';
import { log } from '../../common/logger.js';
import { Booking, grandTotalCentsOf } from '../bookings/booking.entity.js';
import { paymentService } from '../payments/payment.service.js';
import { travellerService } from '../travellers/traveller.service.js';
import { causeOfChange, lastParkDay, repriceFrozen } from './park-fee-freeze.service.js';
import { parkFeesChangedMails } from './park-fee.mails.js';
import { parkFeeService } from './park-fee.service.js';

/**
 * Most bookings `parkFeeChanges` looks at, the soonest departures first: each is priced again with
 * its travellers, so the list is bounded; once the first ones are applied, later ones come into view.
 */
export const PARK_FEE_CHANGES_MAX = 500;

/** An upcoming booking whose frozen park fees differ from today's schedules. */
export interface ParkFeeChangeView {
  booking: Booking;
  frozenCents: number;
  currentCents: number;
  differenceCents: number;
}

/** Statuses whose fees may still change: the trip is still to come and the booking stands. */
const OPEN = ['Pending', 'Confirmed'] as const;

/**
 * Why a booking cannot take park fees of `parkFeesCents`, or null: the bound quotes and bookings
 * hold a trip to, BOOKING_CENTS_MAX, on the fees and on the grand total they make. Fees past it
 * come from a schedule's fee entered wrong, which the admin corrects rather than passes on.
 */
function tooLargeToApply(booking: Booking, parkFeesCents: number): string | null {
  const largest = Math.max(parkFeesCents, grandTotalCentsOf({ totalCents: booking.totalCents, parkFeesCents }) ?? 0);
  if (largest <= BOOKING_CENTS_MAX) return null;
  return `Today's schedules give booking #${booking.id} park fees of ${formatUsd(parkFeesCents / 100)}, past ${formatUsd(BOOKING_CENTS_MAX / 100)}, the most one booking can hold: check the fees of the schedules for its days`;
}

/** Park fees frozen with bookings, against what the parks charge now; changes passed on by admins. */
export const parkFeeChangeService = {
  /**
   * Admin: the upcoming Pending and Confirmed bookings (at most PARK_FEE_CHANGES_MAX, soonest
   * first) whose frozen park fees differ from what today's schedules give for the same trip. A
   * booking whose new fees would not fit it (tooLargeToApply) is left out, with a warning in the
   * log naming it: the others stay listed, and applying it answers why.
   */
  async list(ctx: RequestContext): Promise<ParkFeeChangeView[]> {
    requireAdmin(ctx);
    const today = travellerToday();
    const bookings = await ctx.em.find(
      Booking,
      { status: { $in: [...OPEN] }, startDate: { $gt: today }, parkFeesCents: { $ne: null } },
      { populate: ['user'], orderBy: { startDate: 'asc', id: 'asc' }, limit: PARK_FEE_CHANGES_MAX },
    );
    if (!bookings.length) return [];
    const lastDay = bookings.reduce((max, b) => {
      const last = lastParkDay(b.startDate, b.parkFees!);
      return last > max ? last : max;
    }, today);
    const schedules = await parkFeeService.rulesBetween(ctx, addDays(today, 1), lastDay);
    const payers = await travellerService.feePayersOf(ctx, bookings);
    const changes: ParkFeeChangeView[] = [];
    for (const b of bookings) {
      const now = repriceFrozen(b.parkFees!, b, payers.get(b.id) ?? null, schedules, today);
      const frozenCents = b.parkFeesCents!;
      if (now.totalCents === frozenCents) continue;
      const tooLarge = tooLargeToApply(b, now.totalCents);
      if (tooLarge) log.warn('park fee change left out of the list', { bookingId: b.id, reason: tooLarge });
      else
        changes.push({
          booking: b,
          frozenCents,
          currentCents: now.totalCents,
          differenceCents: now.totalCents - frozenCents,
        });
    }
    return changes;
  },

  /**
   * Admin: freezes a booking's park fees again at today's schedules and updates what it owes. A
   * deposit already paid stays as paid and the balance takes the difference; an unpaid deposit is
   * taken afresh of the new grand total. The traveller's mail is queued in the same transaction.
   * A booking whose fees have not changed is left as it is (difference 0, no mail); CONFLICT when
   * the new fees would not fit the booking. The mail says what changed the fees (causeOfChange).
   */
  async apply(ctx: RequestContext, bookingIdRaw: unknown): Promise<{ booking: Booking; differenceCents: number }> {
    requireAdmin(ctx);
    const id = requireId(bookingIdRaw, 'Booking not found');
    const today = travellerToday();
    return ctx.transaction(async (tx) => {
      // Locked like a payment being recorded: the totals and the ledger are read and written in turn.
      const booking = await tx.em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!booking) throw new NotFoundError('Booking not found');
      if (!(OPEN as readonly string[]).includes(booking.status) || booking.startDate <= today)
        throw new ConflictError(
          'Park fees can only change on a Pending or Confirmed booking whose trip is still to come',
        );
      if (!booking.parkFees || booking.parkFeesCents == null)
        throw new ConflictError('This booking has no park fees frozen with it');
      const schedules = await parkFeeService.rulesBetween(
        tx,
        booking.startDate,
        lastParkDay(booking.startDate, booking.parkFees),
      );
      const payers = (await travellerService.feePayersOf(tx, [booking])).get(booking.id) ?? null;
      const now = repriceFrozen(booking.parkFees, booking, payers, schedules, today);
      const oldCents = booking.parkFeesCents;
      const differenceCents = now.totalCents - oldCents;
      if (differenceCents === 0) {
        await tx.em.populate(booking, ['user']);
        return { booking, differenceCents };
      }
      const tooLarge = tooLargeToApply(booking, now.totalCents);
      if (tooLarge) throw new ConflictError(tooLarge);
      const cause = causeOfChange(booking.parkFees, now, booking, schedules, today);
      const summary = await paymentService.changeParkFees(tx, booking, now.totalCents);
      booking.parkFees = now;
      await tx.em.flush();
      await tx.em.populate(booking, ['user']);
      const mails = parkFeesChangedMails(
        booking,
        booking.user ?? null,
        {
          oldCents,
          newCents: now.totalCents,
          grandTotalCents: grandTotalCentsOf(booking),
          summary,
          cause,
        },
        ctx.config.publicUrl,
      );
      await tx.outbox.enqueue(tx, mails);
      return { booking, differenceCents };
    });
  },
};
