import type { RequestContext } from '../../common/context.js';
import { Booking } from '../bookings/booking.entity.js';
import { travellerService, type TravellerView } from '../travellers/traveller.service.js';
import { userService } from './user.service.js';

/** Most bookings an export lists: a traveller's whole history, bounded. */
const EXPORT_BOOKINGS_MAX = 1000;

/** Everything kept about an account, as its owner downloads it. */
export interface AccountDataExport {
  exportedAt: string;
  account: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    role: string;
    profileImage: string | null;
    createdAt: string;
    lastLoginAt: string | null;
  };
  bookings: {
    id: string;
    reference: string;
    tourTitle: string;
    startDate: string;
    endDate: string;
    numberOfPeople: number;
    bookingType: string;
    tier: string;
    status: string;
    name: string;
    email: string;
    phone: string;
    notes: string | null;
    totalCents: number | null;
    currency: string;
    createdAt: string;
    /** Who travels, with the sealed dates of birth and passport numbers opened. */
    travellers: TravellerView[];
  }[];
}

/** The signed-in account's own data: its export. Deletion is userService.deleteAccount. */
export const userDataService = {
  /** The signed-in user's account and bookings with their travellers, as one document. */
  async exportMine(ctx: RequestContext): Promise<AccountDataExport> {
    const user = await userService.current(ctx);
    const bookings = await ctx.em.find(
      Booking,
      { user: user.id },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: EXPORT_BOOKINGS_MAX },
    );
    const travellers = await travellerService.savedOf(
      ctx,
      bookings.map((b) => b.id),
    );
    return {
      exportedAt: new Date().toISOString(),
      // Ids as text, as every API answer gives them.
      account: {
        id: String(user.id),
        name: user.name,
        email: user.email,
        phone: user.phone ?? null,
        role: user.role,
        profileImage: user.profileImage ?? null,
        createdAt: user.createdAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      },
      bookings: bookings.map((b) => ({
        id: String(b.id),
        reference: b.paymentReference,
        tourTitle: b.tourTitle,
        startDate: b.startDate,
        endDate: b.endDate,
        numberOfPeople: b.numberOfPeople,
        bookingType: b.bookingType,
        tier: b.tier,
        status: b.status,
        name: b.name,
        email: b.email,
        phone: b.phone,
        notes: b.notes ?? null,
        totalCents: b.totalCents ?? null,
        currency: b.currency,
        createdAt: b.createdAt.toISOString(),
        travellers: travellers.get(b.id) ?? [],
      })),
    };
  },
};
