import { Router } from 'express';
import { BadInputError, NotFoundError } from '../../common/errors.js';
import { ctxOf, route } from '../../common/rest.js';
import { toRestTour } from './tour.mapper.js';
import { tourService } from './tour.service.js';

/** The spec's client asks for up to 1000 tours at once (spec 7, 9). */
export const REST_MAX_LIMIT = 1000;

function parseLimit(raw: unknown): number {
  if (raw === undefined || raw === '') return REST_MAX_LIMIT;
  const s = String(raw);
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > REST_MAX_LIMIT) {
    throw new BadInputError(`limit must be a whole number from 1 to ${REST_MAX_LIMIT}`, [{ field: 'limit', message: `Must be from 1 to ${REST_MAX_LIMIT}` }]);
  }
  return Number(s);
}

/** REST shims of the catalogue: GET /api/tours, GET /api/tours/:id. */
export function tourRestRouter(): Router {
  const r = Router();
  r.get('/tours', route(async (req) => {
    const page = await tourService.list(ctxOf(req), { first: parseLimit(req.query.limit), maxPageSize: REST_MAX_LIMIT });
    return { success: true, tours: page.nodes.map(toRestTour), totalCount: page.totalCount };
  }));
  r.get('/tours/:id', route(async (req) => {
    const tour = await tourService.get(ctxOf(req), String(req.params.id));
    if (!tour) throw new NotFoundError('Tour not found');
    return { success: true, tour: toRestTour(tour) };
  }));
  return r;
}
