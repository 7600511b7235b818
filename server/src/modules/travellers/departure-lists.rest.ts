import { Router } from 'express';
import { BadInputError } from '../../common/errors.js';
import { ctxOf, queryValue, route } from '../../common/rest.js';
import { manifestCsv, permitCsv } from './departure-lists.csv.js';
import { departureListService, permitListAnswer } from './departure-lists.service.js';

/**
 * REST paths of a departure's lists, for admins: GET /api/bookings/admin/manifest (CSV, one line
 * per person booked) and GET /api/bookings/admin/permits (JSON, or CSV with format=csv).
 */
export function departureListsRestRouter(): Router {
  const r = Router();
  r.get(
    '/bookings/admin/manifest',
    route(async (req, res) => {
      const { tourId, date, lines } = await departureListService.manifest(
        ctxOf(req),
        queryValue(req, 'tourId'),
        queryValue(req, 'date'),
      );
      res.setHeader('Content-Disposition', `attachment; filename="manifest-tour-${tourId}-${date}.csv"`);
      res.type('text/csv; charset=utf-8').send(manifestCsv(lines));
    }),
  );
  r.get(
    '/bookings/admin/permits',
    route(async (req, res) => {
      const list = await departureListService.permitList(
        ctxOf(req),
        queryValue(req, 'tourId'),
        queryValue(req, 'date'),
      );
      const format = queryValue(req, 'format') ?? 'json';
      if (format === 'json') return { success: true, permitList: permitListAnswer(list) };
      if (format !== 'csv')
        throw new BadInputError('format must be csv or json', [{ field: 'format', message: 'Must be csv or json' }]);
      res.setHeader('Content-Disposition', `attachment; filename="permits-tour-${list.tourId}-${list.startDate}.csv"`);
      res.type('text/csv; charset=utf-8').send(permitCsv(list));
    }),
  );
  return r;
}
