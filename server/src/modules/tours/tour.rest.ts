import { Router, type Request, type Response } from 'express';
import { receiveUpload, type UploadLimits } from '../../common/multipart.js';
import { holdUploadSlot } from '../../common/upload-slots.js';
import type { IncomingFile } from '../../common/uploads.js';
import { requireAdmin } from '../../common/guards.js';
import { formToTourInput } from './tour-admin.form.js';
import { refuseMalformedText } from '../../common/well-formed-text.js';
import type { TourInput } from './tour-admin.inputs.js';
import { TOUR_IMAGE_MAX_BYTES, TOUR_MAX_IMAGES, tourAdminService } from './tour-admin.service.js';
import { BadInputError, NotFoundError } from '../../common/errors.js';
import { ctxOf, jsonBody, limitParam, queryValue, route } from '../../common/rest.js';
import { toRestTour } from './tour.mapper.js';
import { tourService } from './tour.service.js';
import { parseSort, type RawTourFilter } from './tour-filter.js';

/** A REST caller may ask for up to 1000 tours at once. */
export const REST_MAX_LIMIT = 1000;

function parseCountFlag(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || /^(false|0)$/i.test(raw)) return false;
  if (/^(true|1)$/i.test(raw)) return true;
  throw new BadInputError('count must be true or false', [{ field: 'count', message: 'Must be true or false' }]);
}

/**
 * Every query parameter GET /api/tours reads. Its anonymous answers are cached under these alone
 * (any other parameter is ignored), so `one` reads no parameter missing from this list.
 */
export const TOUR_LIST_PARAMS = [
  'destination',
  'travelType',
  'duration',
  'date',
  'tier',
  'bookingType',
  'status',
  'durationDays',
  'durationNights',
  'dayTrip',
  'departureTime',
  'returnTime',
  'minPrice',
  'maxPrice',
  'featured',
  'popular',
  'trending',
  'id',
  'ids',
  'search',
  'q',
  'sort',
  'limit',
  'count',
] as const;

/** One value of a listed query parameter (a repeated parameter is refused rather than guessed). */
const one = (req: Request, name: (typeof TOUR_LIST_PARAMS)[number]): string | undefined => queryValue(req, name);

/** The listed query parameters (TOUR_LIST_PARAMS) as a filter; unknown parameters are ignored. */
function filterOf(req: Request): RawTourFilter {
  return {
    destination: one(req, 'destination'),
    travelType: one(req, 'travelType'),
    duration: one(req, 'duration'),
    date: one(req, 'date'),
    tier: one(req, 'tier'),
    bookingType: one(req, 'bookingType'),
    status: one(req, 'status'),
    durationDays: one(req, 'durationDays'),
    durationNights: one(req, 'durationNights'),
    dayTrip: one(req, 'dayTrip'),
    departureTime: one(req, 'departureTime'),
    returnTime: one(req, 'returnTime'),
    minPrice: one(req, 'minPrice'),
    maxPrice: one(req, 'maxPrice'),
    featured: one(req, 'featured'),
    popular: one(req, 'popular'),
    trending: one(req, 'trending'),
    ids: one(req, 'id') ?? one(req, 'ids'),
  };
}

/** Tour photos under the form field `images`: at most 10 files of 10 MB. */
const TOUR_IMAGES_UPLOAD: UploadLimits = {
  fileFields: ['images'],
  maxFiles: TOUR_MAX_IMAGES,
  maxFileBytes: TOUR_IMAGE_MAX_BYTES,
  fileTooLarge: 'An image must be at most 10 MB',
  maxFields: 60,
  maxFieldBytes: 100 * 1024,
};

/**
 * The tour of a create or edit request: multipart form data (fields under their REST names, list
 * fields as JSON text, photos under `images`), or a JSON body with the same fields and no photos.
 * Only an admin's body is read, within the account's upload slots: anyone else is refused before
 * the upload starts.
 */
async function tourForm(req: Request, res: Response): Promise<{ input: TourInput; files: IncomingFile[] }> {
  const ctx = ctxOf(req);
  const admin = requireAdmin(ctx);
  if (req.is('multipart/form-data')) {
    holdUploadSlot(ctx.config, admin.id, res);
    const upload = await receiveUpload(req, res, ctx.config, TOUR_IMAGES_UPLOAD);
    const input = formToTourInput(upload.fields);
    // Form fields arrive as UTF-8, but the list fields hold JSON, whose escapes can write half a
    // surrogate pair.
    refuseMalformedText(input);
    return { input, files: upload.files };
  }
  return { input: formToTourInput(jsonBody(req)), files: [] };
}

/** REST shims of the catalogue: GET /api/tours, /api/tours/filters, /api/tours/:id; admins' POST, PUT and DELETE. */
export function tourRestRouter(): Router {
  const r = Router();
  r.get(
    '/tours',
    route(async (req) => {
      // The answer is `tours` alone by default: the count (exact up to a limit, else an estimate marked
      // totalCountIsEstimate) is added only when asked for with count=true.
      const withCount = parseCountFlag(one(req, 'count'));
      const page = await tourService.list(ctxOf(req), {
        filter: filterOf(req),
        search: one(req, 'search') ?? one(req, 'q'),
        sort: parseSort(one(req, 'sort')),
        first: limitParam(req, REST_MAX_LIMIT),
        maxPageSize: REST_MAX_LIMIT,
        withCount,
      });
      const tours = page.items.map(toRestTour);
      if (!withCount) return { success: true, tours };
      const { count, estimate } = await page.count!();
      return { success: true, tours, totalCount: count, totalCountIsEstimate: estimate };
    }),
  );
  r.get(
    '/tours/filters',
    route(async (req) => {
      return { success: true, ...(await tourService.filterOptions(ctxOf(req))) };
    }),
  );
  r.post(
    '/tours',
    route(async (req, res) => {
      const { input, files } = await tourForm(req, res);
      const tour = await tourAdminService.create(ctxOf(req), input, files);
      res.status(201);
      return { success: true, message: 'Tour created', tour: toRestTour(tour) };
    }),
  );
  r.put(
    '/tours/:id',
    route(async (req, res) => {
      const { input, files } = await tourForm(req, res);
      const tour = await tourAdminService.update(ctxOf(req), String(req.params.id), input, files);
      return { success: true, message: 'Tour updated', tour: toRestTour(tour) };
    }),
  );
  r.delete(
    '/tours/:id',
    route(async (req, res) => {
      await tourAdminService.remove(ctxOf(req), String(req.params.id));
      res.status(204).end();
    }),
  );
  r.get(
    '/tours/:id',
    route(async (req) => {
      const tour = await tourService.get(ctxOf(req), String(req.params.id));
      if (!tour) throw new NotFoundError('Tour not found');
      return { success: true, tour: toRestTour(tour) };
    }),
  );
  return r;
}
