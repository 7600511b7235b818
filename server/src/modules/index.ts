import { Router } from 'express';
import type { NonEmptyArray } from 'type-graphql';
import { TourAdminResolver, TourResolver } from './tours/tour.resolver.js';
import { ContactResolver } from './contact/contact.resolver.js';
import { contactRestRouter } from './contact/contact.rest.js';
import { tourRestRouter } from './tours/tour.rest.js';
import { AuthResolver } from './auth/auth.resolver.js';
import { authRestRouter } from './auth/auth.rest.js';
import { UserResolver } from './users/user.resolver.js';
import { userRestRouter } from './users/user.rest.js';
import { BookingResolver } from './bookings/booking.resolver.js';
import { AvailabilityResolver } from './bookings/availability.resolver.js';
import { TourChangesResolver } from './tours/tour-changes.resolver.js';
import { bookingRestRouter } from './bookings/booking.rest.js';
import { PartnerKeyResolver } from './partners/partner-key.resolver.js';
import { WebhookResolver } from './webhooks/webhook.resolver.js';
import { ParkFeeResolver } from './park-fees/park-fee.resolver.js';
import { TravellerResolver } from './travellers/traveller.resolver.js';
import { BookingTravellersResolver } from './travellers/booking-travellers.resolver.js';
import { ParkFeeChangeResolver } from './park-fees/park-fee-change.resolver.js';
import { PaymentResolver } from './payments/payment.resolver.js';
import { paymentRestRouter } from './payments/payment.rest.js';

/** Every GraphQL resolver; each feature module adds its own. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [
  TourResolver,
  TourAdminResolver,
  ContactResolver,
  AuthResolver,
  UserResolver,
  BookingResolver,
  AvailabilityResolver,
  TourChangesResolver,
  PartnerKeyResolver,
  WebhookResolver,
  ParkFeeResolver,
  TravellerResolver,
  BookingTravellersResolver,
  ParkFeeChangeResolver,
  PaymentResolver,
];

/** Every REST shim under /api; each feature module adds its own router. */
export function restRouters(): Router {
  const r = Router();
  r.use(tourRestRouter());
  r.use(contactRestRouter());
  r.use(authRestRouter());
  r.use(userRestRouter());
  r.use(paymentRestRouter());
  r.use(bookingRestRouter());
  return r;
}
