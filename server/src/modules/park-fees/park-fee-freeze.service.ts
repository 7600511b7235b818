import {
  addDays,
  parkFeesFor,
  payersOfParty,
  travellerToday,
  type FeePayer,
  type ParkDay,
  type ParkFeeSchedule,
  type PartyCounts,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { parkDaysOf, parkFeeService, tripFeesOf, type ParkTrip, type TripParkFees } from './park-fee.service.js';

/**
 * The park fees a booking was quoted, kept with it: the amounts, and what they were computed from
 * (the party and the itinerary's park days), so a later change of the fee schedules can be priced
 * against the same trip and shown as a difference rather than silently changing what is owed.
 */
export interface FrozenParkFees extends TripParkFees {
  /** The party as counts; null when none was given (every traveller priced as a non-resident adult). */
  party: PartyCounts | null;
  /** The days of the trip, as the tour's itinerary held them when booked. */
  itinerary: ParkDay[];
  /** The day the fees were computed (YYYY-MM-DD). */
  pricedOn: string;
  /**
   * True when they were computed for the travellers named (each with a date of birth and
   * residency), whose details may have changed since; else they are the party's (`party`).
   */
  forTravellers?: boolean;
}

/**
 * The park fees of a trip being booked, ready to freeze with it; null when the itinerary spends no
 * day in a protected area. BAD_USER_INPUT (field `party`) when the party does not add up.
 */
export async function freezeParkFees(ctx: RequestContext, trip: ParkTrip): Promise<FrozenParkFees | null> {
  const fees = await parkFeeService.forTrip(ctx, trip);
  if (!fees) return null;
  return {
    ...fees,
    party: trip.party ?? null,
    itinerary: parkDaysOf(trip.itinerary),
    pricedOn: travellerToday(),
    forTravellers: false,
  };
}

/**
 * A frozen booking's fees priced again at the given schedules, for the same trip: for its named
 * travellers when `payers` lists them all (ages on each day from their dates of birth), else for
 * the party it was booked for. The result keeps the party and itinerary it was frozen with.
 */
export function repriceFrozen(
  frozen: FrozenParkFees,
  trip: { startDate: string; numberOfPeople: number },
  payers: FeePayer[] | null,
  schedules: readonly ParkFeeSchedule[],
  today: string,
): FrozenParkFees {
  const travellers =
    payers ??
    (frozen.party
      ? payersOfParty(frozen.party)
      : Array.from({ length: trip.numberOfPeople }, (): FeePayer => ({ residency: 'NON_RESIDENT', ageBand: 'ADULT' })));
  const q = parkFeesFor({ startDate: trip.startDate, itinerary: frozen.itinerary, travellers, schedules });
  return {
    ...tripFeesOf(q, !payers && !frozen.party),
    party: frozen.party,
    itinerary: frozen.itinerary,
    pricedOn: today,
    forTravellers: !!payers,
  };
}

/**
 * What changed a booking's park fees: the parks' fees for its days (`FEES`), the travellers'
 * details that set what the parks charge, residency and age on each day (`TRAVELLERS`), or both
 * (`MIXED`, also when the two cannot be told apart).
 */
export type ParkFeeChangeCause = 'FEES' | 'TRAVELLERS' | 'MIXED';

/**
 * Why `now` (the booking's fees priced again by repriceFrozen) differs from its frozen fees. Fees
 * frozen for the party booked are priced again for that same party at today's schedules: what
 * that changes is the parks', what the named travellers change beyond it is theirs. Fees frozen
 * for named travellers cannot be priced again for those people as they were then, so either
 * cause may be at work.
 */
export function causeOfChange(
  frozen: FrozenParkFees,
  now: FrozenParkFees,
  trip: { startDate: string; numberOfPeople: number },
  schedules: readonly ParkFeeSchedule[],
  today: string,
): ParkFeeChangeCause {
  if (frozen.forTravellers) return 'MIXED';
  const asBooked = repriceFrozen(frozen, trip, null, schedules, today);
  const fees = asBooked.totalCents !== frozen.totalCents;
  const travellers = now.totalCents !== asBooked.totalCents;
  if (fees && !travellers) return 'FEES';
  if (travellers && !fees) return 'TRAVELLERS';
  return 'MIXED';
}

/** The last day of a frozen trip (YYYY-MM-DD), for loading the schedules it needs. */
export function lastParkDay(startDate: string, frozen: Pick<FrozenParkFees, 'itinerary'>): string {
  return addDays(startDate, Math.max(1, ...frozen.itinerary.map((d) => d.day)) - 1);
}
