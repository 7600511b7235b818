import { Router } from 'express';
import type { NonEmptyArray } from 'type-graphql';
import { TourAdminResolver, TourConnectionResolver, TourResolver } from './tours/tour.resolver.js';
import { ContactResolver } from './contact/contact.resolver.js';
import { contactRestRouter } from './contact/contact.rest.js';
import { tourRestRouter } from './tours/tour.rest.js';
import { AuthResolver } from './auth/auth.resolver.js';
import { authRestRouter } from './auth/auth.rest.js';
import { UserResolver } from './users/user.resolver.js';
import { userRestRouter } from './users/user.rest.js';
import { BookingResolver } from './bookings/booking.resolver.js';
import { bookingRestRouter } from './bookings/booking.rest.js';

/** Every GraphQL resolver; each feature module adds its own. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [TourResolver, TourAdminResolver, TourConnectionResolver, ContactResolver, AuthResolver, UserResolver, BookingResolver];

/** Every REST shim under /api; each feature module adds its own router. */
export function restRouters(): Router {
  const r = Router();
  r.use(tourRestRouter());
  r.use(contactRestRouter());
  r.use(authRestRouter());
  r.use(userRestRouter());
  r.use(bookingRestRouter());
  return r;
}
