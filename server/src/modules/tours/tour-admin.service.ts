import { joinTourErrors, parsePlainPrice, validateTourForm, type TourFormValues } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError } from '../../common/errors.js';
import { queryRows, sql } from '../../common/sql.js';
import { requireAdmin } from '../auth/guards.js';
import { Tour } from './tour.entity.js';
import { parseTourId } from './tour.service.js';
import type { TourInput } from './tour-admin.inputs.js';

const trimOrNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
const cleanList = (xs: readonly string[] | null | undefined) => (xs ?? []).map((x) => x.trim()).filter(Boolean);

/** Image references a tour may keep: files under /uploads or absolute http(s) addresses. */
function isImageRef(s: string): boolean {
  return s.length <= 1000 && (/^\/uploads\/[\w./-]+$/.test(s) && !s.includes('..') || /^https?:\/\/[^\s"'<>]+$/i.test(s));
}

/** The shared form rules applied to an input, then the checks only the server makes. */
function validate(input: TourInput): void {
  const values: TourFormValues = {
    title: input.title ?? '',
    description: input.description ?? '',
    destination: input.destination ?? '',
    country: input.country ?? '',
    durationDays: input.durationDays ?? null,
    durationNights: input.durationNights ?? null,
    duration: input.duration ?? '',
    price: input.price ?? '',
    originalPrice: input.originalPrice ?? null,
    discount: input.discount ?? null,
    rating: input.rating ?? null,
    numRatings: input.numRatings ?? null,
    capacity: input.capacity ?? null,
    status: (input.status ?? '').trim().toLowerCase(),
    bookingType: (input.bookingType ?? '').trim().toLowerCase(),
    tier: input.tier ?? '',
    itinerary: input.itinerary ?? [],
  };
  const errors = validateTourForm(values);
  const refs = [...(input.images ?? []), ...(input.bg ? [input.bg] : [])];
  if (refs.some((r) => !isImageRef(r.trim()))) errors.push({ field: 'images', message: 'Images must be paths under /uploads or http(s) addresses' });
  if (input.departureTime && input.returnTime && input.returnTime < input.departureTime) {
    errors.push({ field: 'returnTime', message: 'Return time cannot be before the departure time' });
  }
  if (errors.length) throw new BadInputError(joinTourErrors(errors), errors);
}

/** Copies a validated input onto a tour entity (the entity derives from_price, tier_list, day_trip on flush). */
function apply(t: Tour, input: TourInput): void {
  const plain = parsePlainPrice(input.price);
  Object.assign(t, {
    title: input.title.trim(),
    description: input.description.trim(),
    destination: input.destination.trim(),
    country: input.country.trim(),
    durationDays: input.durationDays ?? 0,
    durationNights: input.durationNights ?? 0,
    duration: trimOrNull(input.duration),
    price: plain,
    priceText: plain === null ? input.price.trim() : null,
    originalPrice: input.originalPrice ?? null,
    discount: input.discount ?? 0,
    images: cleanList(input.images),
    bg: trimOrNull(input.bg),
    featured: !!input.featured,
    popular: !!input.popular,
    trending: !!input.trending,
    rating: input.rating ?? 0,
    numRatings: input.numRatings ?? 0,
    tourType: trimOrNull(input.tourType),
    features: cleanList(input.features),
    categories: cleanList(input.categories),
    included: cleanList(input.included),
    notIncluded: cleanList(input.notIncluded),
    capacity: input.capacity ?? null,
    status: input.status.trim().toLowerCase(),
    departureLocation: trimOrNull(input.departureLocation),
    departureTime: input.departureTime ?? null,
    returnTime: input.returnTime ?? null,
    itinerary: (input.itinerary ?? []).map((d) => ({ day: d.day, title: d.title.trim(), description: (d.description ?? '').trim() })),
    tier: cleanList(input.tier.split(',')).join(','),
    bookingType: input.bookingType.trim().toLowerCase(),
    travelType: trimOrNull(input.travelType),
  });
}

/** Admins' catalogue: create, edit and delete tours. */
export const tourAdminService = {
  /** Creates a tour from a full input (images: the paths given, then any uploaded ones). */
  async create(ctx: RequestContext, input: TourInput, uploaded: string[] = []): Promise<Tour> {
    requireAdmin(ctx);
    validate(input);
    const t = new Tour();
    apply(t, { ...input, images: [...(input.images ?? []), ...uploaded] });
    ctx.em.persist(t);
    await ctx.em.flush();
    return t;
  },

  /** Replaces every field of a tour; returns it and the image paths it no longer uses. */
  async update(ctx: RequestContext, idRaw: string, input: TourInput, uploaded: string[] = []): Promise<{ tour: Tour; dropped: string[] }> {
    requireAdmin(ctx);
    const id = parseTourId(idRaw);
    const tour = id === null ? null : await ctx.em.findOne(Tour, { id });
    if (!tour) throw new NotFoundError('Tour not found');
    validate(input);
    const before = [...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])];
    apply(tour, { ...input, images: [...(input.images ?? []), ...uploaded] });
    await ctx.em.flush();
    const kept = new Set([...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])]);
    return { tour, dropped: before.filter((p) => !kept.has(p)) };
  },

  /**
   * Deletes a tour without Pending or Confirmed bookings (CONFLICT naming how many otherwise); its
   * past bookings keep the tour's title. The tour row is locked first, so a booking in flight either
   * commits before the count or finds the tour gone. Returns the image paths it used.
   */
  async remove(ctx: RequestContext, idRaw: string): Promise<string[]> {
    requireAdmin(ctx);
    const id = parseTourId(idRaw);
    if (id === null) throw new NotFoundError('Tour not found');
    return ctx.em.transactional(async (em) => {
      const [tour] = await queryRows<{ images: string[] | null; bg: string | null }>(em, sql`select images, bg from tours where id = ${id} for update`);
      if (!tour) throw new NotFoundError('Tour not found');
      const [active] = await queryRows<{ n: number }>(em, sql`
        select count(*)::int n from bookings where tour_id = ${id} and status in ('Pending', 'Confirmed')`);
      if (active && active.n > 0) {
        throw new ConflictError(`This tour has ${active.n} active ${active.n === 1 ? 'booking' : 'bookings'} (Pending or Confirmed): cancel or complete ${active.n === 1 ? 'it' : 'them'} before deleting the tour`);
      }
      await queryRows(em, sql`delete from tours where id = ${id}`);
      return [...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])];
    });
  },
};
