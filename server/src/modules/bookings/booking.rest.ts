import { Router } from 'express';
import { ctxOf, jsonBody, limitParam, queryValue, route } from '../../common/rest.js';
import { requireUser } from '../../common/guards.js';
import { nextCursor } from '../../common/pagination.js';
import { toRestBooking } from './booking.mapper.js';
import { BOOKING_RECEIVED, bookingService } from './booking.service.js';
import { departureService } from './departure.service.js';
import { requireBodyTourMatches } from './booking.validation.js';

/** The admin list's page ceiling on REST, where a caller may read the whole list at once. */
export const REST_MAX_BOOKINGS = 1000;

/**
 * Every query parameter GET /api/tours/:id/departures reads: its anonymous answers are cached under
 * these alone (any other parameter is ignored).
 */
export const DEPARTURE_LIST_PARAMS = ['from', 'to'] as const;

/**
 * REST shims of bookings: POST /api/bookings/:tourId, PATCH /api/bookings/cancel/:id, GET
 * /api/bookings/my, GET /api/bookings/admin/all, PATCH /api/bookings/:id/status, and GET
 * /api/tours/:id/departures. A departure's lists (manifest, permits) are the travellers module's.
 */
export function bookingRestRouter(): Router {
  const r = Router();
  r.get(
    '/bookings/my',
    route(async (req) => {
      const bookings = await bookingService.mine(ctxOf(req));
      return { success: true, bookings: bookings.map(toRestBooking) };
    }),
  );
  r.get(
    '/bookings/admin/all',
    route(async (req) => {
      const page = await bookingService.list(
        ctxOf(req),
        {
          status: queryValue(req, 'status'),
          tourId: queryValue(req, 'tourId'),
          from: queryValue(req, 'from'),
          to: queryValue(req, 'to'),
        },
        limitParam(req, REST_MAX_BOOKINGS),
        queryValue(req, 'after'),
        REST_MAX_BOOKINGS,
      );
      return {
        success: true,
        bookings: page.items.map(toRestBooking),
        nextCursor: nextCursor(page),
      };
    }),
  );
  r.post(
    '/bookings/:tourId',
    route(async (req, res) => {
      const ctx = ctxOf(req);
      const input = jsonBody(req);
      const tourId = String(req.params.tourId);
      // Who asks first (a caller not signed in is told so, not about its body), then the tour named twice.
      requireUser(ctx);
      requireBodyTourMatches(tourId, input);
      const booking = await bookingService.create(ctx, tourId, input);
      const rest = toRestBooking(booking);
      res.status(201);
      return {
        success: true,
        message: BOOKING_RECEIVED,
        bookingId: rest.id,
        id: rest.id,
        status: rest.status,
        booking: rest,
      };
    }),
  );
  r.patch(
    '/bookings/cancel/:bookingId',
    route(async (req) => {
      const booking = await bookingService.cancelMine(ctxOf(req), String(req.params.bookingId));
      return { success: true, message: 'Booking cancelled', booking: toRestBooking(booking) };
    }),
  );
  r.patch(
    '/bookings/:id/status',
    route(async (req) => {
      const booking = await bookingService.setStatus(ctxOf(req), String(req.params.id), jsonBody(req).status);
      return { success: true, message: `Booking ${booking.status.toLowerCase()}`, booking: toRestBooking(booking) };
    }),
  );
  r.get(
    '/tours/:id/departures',
    route(async (req) => {
      const [from, to] = DEPARTURE_LIST_PARAMS.map((p) => queryValue(req, p));
      const departures = await departureService.list(ctxOf(req), String(req.params.id), from, to);
      return { success: true, departures };
    }),
  );
  return r;
}
