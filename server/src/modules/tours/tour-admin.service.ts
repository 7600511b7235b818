import {
  TOUR_IMAGE_RULES,
  hasControlCharacters,
  isStorableDate,
  parsePlainPrice,
  validateTourForm,
  type TourFormValues,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError, throwIfInvalid, type FieldError } from '../../common/errors.js';
import { queryRows, sql } from '../../common/sql.js';
import { webhookService } from '../webhooks/webhook.service.js';
import { readUpTo, removeImage, saveImage, storedImageFolder, type IncomingFile } from '../../common/uploads.js';
import { removeUnreferencedImages } from '../../common/file-references.js';
import type { FileStore } from '../../common/file-store.js';
import { requireAdmin } from '../../common/guards.js';
import { Tour } from './tour.entity.js';
import { parseTourId } from './tour.service.js';
import type { TourInput } from './tour-admin.inputs.js';
import { NEW_TOUR_FIELDS, storedTourFields, withInput, type TourFields } from './tour-admin.fields.js';

const trimOrNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
const cleanList = (xs: readonly string[] | null | undefined) => (xs ?? []).map((x) => x.trim()).filter(Boolean);

/**
 * Image references a tour may hold: photos stored for tours, the demo catalogue's images and
 * absolute http(s) addresses. Any other stored file (a user's profile picture) is refused: a tour
 * must never name a file it does not own, or an edit dropping it would reach someone else's upload.
 */
function isTourImageRef(files: FileStore, s: string): boolean {
  if (s.length > 1000) return false;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return true;
  if (/^\/uploads\/demo\/[\w.-]+$/.test(s) && !s.includes('..')) return true;
  return storedImageFolder(files, s) === 'tours';
}
const IMAGES_REFUSED = 'Images must be photos uploaded for tours, demo images under /uploads/demo or http(s) addresses';

/** Every text of the input (lists and itinerary days included) that holds a control character; descriptions may span lines. */
function controlCharacterErrors(value: unknown, field: string): FieldError[] {
  if (typeof value === 'string') {
    return hasControlCharacters(value, /description$/.test(field))
      ? [{ field, message: `${field} must not contain control characters` }]
      : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharacterErrors(v, `${field}.${i}`));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => controlCharacterErrors(v, field ? `${field}.${k}` : k));
  }
  return [];
}

/** The shared form rules applied to a tour's fields, then the checks only the server makes. */
function validate(files: FileStore, input: TourFields): void {
  const values: TourFormValues = {
    ...input,
    duration: input.duration ?? '',
    status: input.status.trim().toLowerCase(),
    bookingType: input.bookingType.trim().toLowerCase(),
  };
  const errors = validateTourForm(values);
  if (input.images.some((r) => !isTourImageRef(files, r.trim())))
    errors.push({ field: 'images', message: IMAGES_REFUSED });
  if (input.bg?.trim() && !isTourImageRef(files, input.bg.trim()))
    errors.push({ field: 'bg', message: IMAGES_REFUSED });
  errors.push(...controlCharacterErrors(input, ''));
  for (const field of ['departureTime', 'returnTime'] as const) {
    const at = input[field];
    if (at && !isStorableDate(at)) errors.push({ field, message: `${field} must be a date from year 1 to 9999` });
  }
  if (input.departureTime && input.returnTime && input.returnTime < input.departureTime) {
    errors.push({ field: 'returnTime', message: 'Return time cannot be before the departure time' });
  }
  throwIfInvalid(errors, 'lines');
}

/** Copies validated fields onto a tour entity (the entity derives from_price, tier_list, day_trip on flush). */
function apply(t: Tour, input: TourFields): void {
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
    itinerary: input.itinerary.map((d) => ({
      day: d.day,
      title: d.title.trim(),
      description: (d.description ?? '').trim(),
      ...(d.parkArea?.trim() ? { parkArea: d.parkArea.trim().toUpperCase() } : {}),
      ...(d.overnight ? { overnight: d.overnight } : {}),
    })),
    tier: cleanList(input.tier.split(',')).join(','),
    bookingType: input.bookingType.trim().toLowerCase(),
    travelType: trimOrNull(input.travelType),
  });
}

/** Most images one tour keeps, and the largest upload of one. */
export const TOUR_MAX_IMAGES = TOUR_IMAGE_RULES.maxPerTour;
export const TOUR_IMAGE_MAX_BYTES = TOUR_IMAGE_RULES.maxBytes;
const TOUR_IMAGE_TOO_LARGE = 'An image must be at most 10 MB';

/**
 * Checks, re-encodes and stores uploaded tour photos one at a time (each at most 10 MB in memory),
 * returning their public paths; if one is refused, the ones already stored are removed.
 */
async function storeImages(ctx: RequestContext, files: readonly IncomingFile[]): Promise<string[]> {
  const saved: string[] = [];
  try {
    for (const f of files) {
      const bytes = await readUpTo(await f.open(), TOUR_IMAGE_MAX_BYTES, TOUR_IMAGE_TOO_LARGE);
      const image = await saveImage(ctx.files, 'tours', bytes, {
        field: f.field,
        maxSide: TOUR_IMAGE_RULES.maxSide,
        thumbSide: TOUR_IMAGE_RULES.thumbSide,
        maxBytes: TOUR_IMAGE_MAX_BYTES,
        tooLarge: TOUR_IMAGE_TOO_LARGE,
      });
      saved.push(image.publicPath);
    }
  } catch (e) {
    await Promise.all(saved.map((p) => removeImage(ctx.files, p)));
    throw e;
  }
  return saved;
}

/**
 * Validates, stores the new photos, then writes the tour with `write`; when the write fails the
 * new photos are removed again, so a refused request leaves nothing on disk.
 */
async function withNewImages<T>(
  ctx: RequestContext,
  input: TourFields,
  files: readonly IncomingFile[],
  write: (images: string[]) => Promise<T>,
): Promise<T> {
  validate(ctx.files, input);
  const kept = cleanList(input.images);
  if (kept.length + files.length > TOUR_MAX_IMAGES) {
    throw new BadInputError(`A tour has at most ${TOUR_MAX_IMAGES} images`, [
      { field: 'images', message: `At most ${TOUR_MAX_IMAGES} images` },
    ]);
  }
  const added = await storeImages(ctx, files);
  try {
    return await write([...kept, ...added]);
  } catch (e) {
    await Promise.all(added.map((p) => removeImage(ctx.files, p)));
    throw e;
  }
}

/** Admins' catalogue: create, edit and delete tours, with their photos. */
export const tourAdminService = {
  /**
   * Creates a tour; a required field left out is refused like an empty one ('Country is required'),
   * other fields left out take the new-tour defaults. Its images are the paths given, then the
   * uploaded photos. Partners' TOUR_CHANGED (UPDATED) is queued in the same transaction.
   */
  async create(ctx: RequestContext, input: TourInput, files: readonly IncomingFile[] = []): Promise<Tour> {
    requireAdmin(ctx);
    const fields = withInput(NEW_TOUR_FIELDS, input);
    return withNewImages(ctx, fields, files, (images) =>
      ctx.transaction(async (tx) => {
        tx.catalogueChanged();
        const t = new Tour();
        apply(t, { ...fields, images });
        tx.em.persist(t);
        await tx.em.flush();
        await webhookService.tourChanged(tx, t.id, 'UPDATED');
        return t;
      }),
    );
  },

  /**
   * Edits a tour: the fields sent replace the stored ones, a field left out keeps its value. Its
   * images are the kept paths (the stored ones when left out), then the uploaded photos. Photos it
   * no longer uses are deleted once the change is saved, unless another record still names them.
   * Partners' TOUR_CHANGED (UPDATED) is queued in the same transaction when anything changed.
   */
  async update(
    ctx: RequestContext,
    idRaw: string,
    input: TourInput,
    files: readonly IncomingFile[] = [],
  ): Promise<Tour> {
    requireAdmin(ctx);
    const id = parseTourId(idRaw);
    const tour = id === null ? null : await ctx.em.findOne(Tour, { id });
    if (!tour) throw new NotFoundError('Tour not found');
    const before = [...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])];
    const fields = withInput(storedTourFields(tour), input);
    await withNewImages(ctx, fields, files, (images) =>
      ctx.transaction(async (tx) => {
        // Locked before it is written: a delete of the tour at the same moment either waits for this
        // update or, done first, makes it NOT_FOUND (an update of no row would otherwise pass as done).
        const [locked] = await queryRows<{ id: number }>(
          tx.em,
          sql`select id from tours where id = ${tour.id} for update`,
        );
        if (!locked) throw new NotFoundError('Tour not found');
        const lastChanged = tour.updatedAt.getTime();
        apply(tour, { ...fields, images });
        await tx.em.flush();
        // A save that changed nothing writes no row and keeps updatedAt: the change feed lists
        // nothing, so neither partners nor the cache are told of a change.
        if (tour.updatedAt.getTime() === lastChanged) return;
        tx.catalogueChanged();
        await webhookService.tourChanged(tx, tour.id, 'UPDATED');
      }),
    );
    const now = new Set([...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])]);
    await removeUnreferencedImages(
      ctx,
      before.filter((p) => !now.has(p)),
    );
    return tour;
  },

  /**
   * Deletes a tour without Pending or Confirmed bookings (CONFLICT naming how many otherwise); its
   * past bookings keep the tour's title. The tour row is locked first, so a booking in flight either
   * commits before the count or finds the tour gone. The deletion is recorded (tour_deletions) and
   * partners' TOUR_CHANGED (DELETED) queued in the same transaction. Its stored photos are deleted
   * after, unless another record still names them.
   */
  async remove(ctx: RequestContext, idRaw: string): Promise<void> {
    requireAdmin(ctx);
    const id = parseTourId(idRaw);
    if (id === null) throw new NotFoundError('Tour not found');
    const images = await ctx.transaction(async (tx) => {
      const { em } = tx;
      tx.catalogueChanged();
      const [tour] = await queryRows<{ title: string; images: string[] | null; bg: string | null }>(
        em,
        sql`select title, images, bg from tours where id = ${id} for update`,
      );
      if (!tour) throw new NotFoundError('Tour not found');
      const [active] = await queryRows<{ n: number }>(
        em,
        sql`
        select count(*)::int n from bookings where tour_id = ${id} and status in ('Pending', 'Confirmed')`,
      );
      if (active && active.n > 0) {
        throw new ConflictError(
          `This tour has ${active.n} active ${active.n === 1 ? 'booking' : 'bookings'} (Pending or Confirmed): cancel or complete ${active.n === 1 ? 'it' : 'them'} before deleting the tour`,
        );
      }
      await queryRows(em, sql`delete from tours where id = ${id}`);
      await queryRows(em, sql`insert into tour_deletions (tour_id, title) values (${id}, ${tour.title})`);
      await webhookService.tourChanged(tx, id, 'DELETED');
      return [...(tour.images ?? []), ...(tour.bg ? [tour.bg] : [])];
    });
    await removeUnreferencedImages(ctx, images);
  },
};
