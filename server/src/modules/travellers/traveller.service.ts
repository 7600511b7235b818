import { LockMode } from '@mikro-orm/postgresql';
import {
  isoDate,
  missingTravellerDetails,
  normalisePassport,
  travellerDetailsDeadline,
  travellerProblems,
  travellerToday,
  type FeePayer,
  type Residency,
  type TravellerDetails,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError, throwIfInvalid } from '../../common/errors.js';
import { requireUser } from '../../common/guards.js';
import { requireId } from '../../common/ids.js';
import { PersonalDataCipher } from '../../common/personal-data.js';
import type { Config } from '../../config.js';
import { Booking } from '../bookings/booking.entity.js';
import { Traveller } from './traveller.entity.js';

/** One person on a booking as its owner and admins see them. */
export interface TravellerView {
  position: number;
  fullName: string;
  dateOfBirth: string | null;
  nationality: string | null;
  residency: Residency | null;
  passportNumber: string | null;
  dietaryNeeds: string | null;
  notes: string | null;
  /** The date of birth and passport were erased after the trip. */
  erased: boolean;
}

/** Who travels on a booking, and what is still to be told. */
export interface BookingTravellers {
  travellers: TravellerView[];
  /** Last day the traveller may change the list (YYYY-MM-DD). */
  dueDate: string;
  /** One line per person still missing something, e.g. 'Traveller 2: date of birth'. */
  missing: string[];
}

const DATE_OF_BIRTH = 'traveller.dateOfBirth';
const PASSPORT = 'traveller.passport';

const ciphers = new WeakMap<Config, PersonalDataCipher>();
/** The cipher of this configuration's keys, made once. */
export function cipherOf(config: Config): PersonalDataCipher {
  let cipher = ciphers.get(config);
  if (!cipher) ciphers.set(config, (cipher = new PersonalDataCipher(config.personalDataKeys)));
  return cipher;
}

/** A saved traveller with the sealed values opened. */
export function toView(cipher: PersonalDataCipher, t: Traveller): TravellerView {
  return {
    position: t.position,
    fullName: t.fullName,
    dateOfBirth: t.dateOfBirthSealed ? cipher.open(t.dateOfBirthSealed, DATE_OF_BIRTH) : null,
    nationality: t.nationality ?? null,
    residency: (t.residency as Residency | null | undefined) ?? null,
    passportNumber: t.passportSealed ? cipher.open(t.passportSealed, PASSPORT) : null,
    dietaryNeeds: t.dietaryNeeds ?? null,
    notes: t.notes ?? null,
    erased: !!t.erasedAt,
  };
}

/** A traveller's details as stored: trimmed, the date of birth and passport number sealed. */
function sealedFields(cipher: PersonalDataCipher, t: TravellerDetails) {
  return {
    fullName: t.fullName.trim(),
    dateOfBirthSealed: t.dateOfBirth?.trim() ? cipher.seal(t.dateOfBirth.trim(), DATE_OF_BIRTH) : null,
    nationality: t.nationality?.trim() || null,
    residency: t.residency ?? null,
    passportSealed: t.passportNumber?.trim() ? cipher.seal(normalisePassport(t.passportNumber), PASSPORT) : null,
    dietaryNeeds: t.dietaryNeeds?.trim() || null,
    notes: t.notes?.trim() || null,
  };
}

/** A booking with no list yet has its lead traveller, known by the booking's name. */
export function leadOnly(booking: Pick<Booking, 'name'>): TravellerView[] {
  return [
    {
      position: 1,
      fullName: booking.name,
      dateOfBirth: null,
      nationality: null,
      residency: null,
      passportNumber: null,
      dietaryNeeds: null,
      notes: null,
      erased: false,
    },
  ];
}

/** A booking as a list already holds it: what its travellers are shown with, and whose it is. */
export interface ListedBooking {
  id: number;
  /** The account that booked; null once it is deleted. */
  ownerId: number | null;
  name: string;
  startDate: string;
  numberOfPeople: number;
  /** When it was booked: a late booking's travellers get a later deadline. */
  createdAt: Date;
}

function isOwnerOrAdmin(ctx: RequestContext, ownerId: number | null | undefined): boolean {
  const p = ctx.principal;
  return p.kind === 'user' && (p.role === 'admin' || ownerId === p.id);
}

/** The last day a booking's owner may change who travels online. */
export function detailsDeadlineOf(
  ctx: Pick<RequestContext, 'config'>,
  booking: Pick<Booking, 'startDate' | 'createdAt'>,
): string {
  return travellerDetailsDeadline(booking.startDate, ctx.config.travellerDetailsDays, isoDate(booking.createdAt));
}

function summaryOf(
  ctx: Pick<RequestContext, 'config'>,
  booking: Pick<Booking, 'startDate' | 'numberOfPeople' | 'createdAt'>,
  travellers: TravellerView[],
): BookingTravellers {
  return {
    travellers,
    dueDate: detailsDeadlineOf(ctx, booking),
    missing: missingTravellerDetails(travellers, booking.numberOfPeople),
  };
}

export const travellerService = {
  /**
   * The saved travellers of many bookings at once (sealed values opened), by booking id, in their
   * order; a booking with no saved list is absent. For callers that already checked who may see them.
   */
  async savedOf(
    ctx: Pick<RequestContext, 'em' | 'config'>,
    bookingIds: readonly number[],
  ): Promise<Map<number, TravellerView[]>> {
    const byBooking = new Map<number, TravellerView[]>();
    if (!bookingIds.length) return byBooking;
    const cipher = cipherOf(ctx.config);
    const rows = await ctx.em.find(
      Traveller,
      { booking: { $in: [...bookingIds] } },
      { orderBy: { booking: 'asc', position: 'asc' } },
    );
    for (const t of rows) {
      const id = t.booking.id;
      const list = byBooking.get(id) ?? [];
      list.push(toView(cipher, t));
      byBooking.set(id, list);
    }
    return byBooking;
  },

  /** What is still missing of a booking's travellers, given its saved list (the lead by the booking's name when none). */
  missingOf(booking: Pick<Booking, 'name' | 'numberOfPeople'>, saved: readonly TravellerView[] | undefined): string[] {
    return missingTravellerDetails(saved?.length ? saved : leadOnly(booking), booking.numberOfPeople);
  },

  /** Who travels on a booking: for its owner and admins; NOT_FOUND for anyone else. */
  async ofBooking(ctx: RequestContext, bookingIdRaw: unknown): Promise<BookingTravellers> {
    requireUser(ctx);
    const bookingId = requireId(bookingIdRaw, 'Booking not found');
    const booking = await ctx.em.findOne(Booking, { id: bookingId });
    if (!booking || !isOwnerOrAdmin(ctx, booking.user?.id)) throw new NotFoundError('Booking not found');
    const cipher = cipherOf(ctx.config);
    const rows = await ctx.em.find(Traveller, { booking: booking.id }, { orderBy: { position: 'asc' } });
    return summaryOf(ctx, booking, rows.length ? rows.map((t) => toView(cipher, t)) : leadOnly(booking));
  },

  /**
   * The same for the bookings of a list, in their order, told from the bookings as the list read
   * them (so they are not read again) and with one statement for all their saved travellers: null,
   * not an error, for a booking the caller may not see (another user's; any for a partner's key,
   * an anonymous caller or the system).
   */
  async visibleOf(ctx: RequestContext, bookings: readonly ListedBooking[]): Promise<(BookingTravellers | null)[]> {
    const mayRead = bookings.map((b) => isOwnerOrAdmin(ctx, b.ownerId));
    const ids = new Set(bookings.filter((_, i) => mayRead[i]).map((b) => b.id));
    const saved = await travellerService.savedOf(ctx, [...ids]);
    return bookings.map((b, i) => (mayRead[i] ? summaryOf(ctx, b, saved.get(b.id) ?? leadOnly(b)) : null));
  },

  /** Saves the lead traveller of a booking being made, in its transaction (checked with the booking). */
  async saveLead(tx: TransactionContext, bookingId: number, lead: TravellerDetails): Promise<void> {
    await tx.em.insert(Traveller, { booking: bookingId, position: 1, ...sealedFields(cipherOf(tx.config), lead) });
  },

  /**
   * The travellers of each booking as the park fees see them, when every place booked is named
   * with a date of birth and a residency; null for a booking whose list is incomplete (its fees
   * are then priced for the party booked). The dates of birth are opened here and go no further.
   */
  async feePayersOf(ctx: RequestContext, bookings: readonly Booking[]): Promise<Map<number, FeePayer[] | null>> {
    const out = new Map<number, FeePayer[] | null>(bookings.map((b) => [b.id, null]));
    if (!bookings.length) return out;
    const cipher = cipherOf(ctx.config);
    const rows = await ctx.em.find(
      Traveller,
      { booking: { $in: bookings.map((b) => b.id) } },
      { orderBy: { booking: 'asc', position: 'asc' } },
    );
    const byBooking = new Map<number, Traveller[]>();
    for (const t of rows) byBooking.set(t.booking.id, [...(byBooking.get(t.booking.id) ?? []), t]);
    for (const b of bookings) {
      const list = byBooking.get(b.id) ?? [];
      const complete =
        list.length === b.numberOfPeople && list.every((t) => t.dateOfBirthSealed && t.residency && !t.erasedAt);
      if (!complete) continue;
      out.set(
        b.id,
        list.map((t) => ({
          residency: t.residency as Residency,
          dateOfBirth: cipher.open(t.dateOfBirthSealed!, DATE_OF_BIRTH),
        })),
      );
    }
    return out;
  },

  /**
   * Replaces the list of who travels on a booking, the lead first, at most one person per place
   * booked. Its owner may change it until TRAVELLER_DETAILS_DAYS before departure, an admin at any
   * time; nobody changes a cancelled booking's list. NOT_FOUND for a booking the caller may not see.
   */
  async replace(
    ctx: RequestContext,
    bookingIdRaw: unknown,
    list: readonly TravellerDetails[],
  ): Promise<{ booking: Booking; travellers: BookingTravellers }> {
    const user = requireUser(ctx);
    const bookingId = requireId(bookingIdRaw, 'Booking not found');
    const today = travellerToday();
    throwIfInvalid(
      list.flatMap((t, i) => travellerProblems(t, today, `travellers.${i}.`)),
      'lines',
    );
    if (!list.length)
      throw new BadInputError('Name at least the lead traveller', [
        { field: 'travellers', message: 'Name at least the lead traveller' },
      ]);
    const cipher = cipherOf(ctx.config);
    return ctx.transaction(async ({ em }) => {
      // The booking's row lock orders two saves of one list: the later one wins whole.
      const booking = await em.findOne(Booking, { id: bookingId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!booking || !isOwnerOrAdmin(ctx, booking.user?.id)) throw new NotFoundError('Booking not found');
      if (list.length > booking.numberOfPeople)
        throw new BadInputError(`This booking is for ${booking.numberOfPeople}: name at most that many travellers`, [
          { field: 'travellers', message: `At most ${booking.numberOfPeople} travellers` },
        ]);
      if (booking.status === 'Cancelled') throw new ConflictError('A cancelled booking’s travellers cannot be changed');
      const deadline = detailsDeadlineOf(ctx, booking);
      if (user.role !== 'admin' && today > deadline)
        throw new ConflictError(
          `Traveller details could be changed online until ${deadline}. Please contact us to change them.`,
        );
      await em.nativeDelete(Traveller, { booking: booking.id });
      const saved = list.map((t, i) => em.create(Traveller, { booking, position: i + 1, ...sealedFields(cipher, t) }));
      await em.flush();
      return {
        booking,
        travellers: summaryOf(
          ctx,
          booking,
          saved.map((t) => toView(cipher, t)),
        ),
      };
    });
  },
};
