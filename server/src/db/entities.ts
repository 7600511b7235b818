import { Tour } from '../modules/tours/tour.entity.js';
import { TourDeletion } from '../modules/tours/tour-deletion.entity.js';
import { SearchLexeme } from '../modules/tours/search-lexeme.entity.js';
import { SearchWord } from '../modules/tours/search-word.entity.js';
import { ContactMessage } from '../modules/contact/contact.entity.js';
import { User } from '../modules/users/user.entity.js';
import { RefreshToken } from '../modules/auth/refresh-token.entity.js';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity.js';
import { Booking } from '../modules/bookings/booking.entity.js';
import { Departure } from '../modules/bookings/departure.entity.js';
import { PaymentEntry, PaymentReminder, StripeEvent } from '../modules/payments/payment.entity.js';
import { OutboxMail } from '../common/mail-outbox.entity.js';
import { PartnerKey, PartnerKeyUsage } from '../modules/partners/partner-key.entity.js';
import { WebhookDelivery, WebhookSubscription } from '../modules/webhooks/webhook.entity.js';
import { ParkFeeSchedule } from '../modules/park-fees/park-fee-schedule.entity.js';
import { Traveller } from '../modules/travellers/traveller.entity.js';

/** Every entity of the application; each feature module adds its own here. */
export const ENTITIES = [
  Tour,
  TourDeletion,
  SearchWord,
  SearchLexeme,
  User,
  RefreshToken,
  PasswordResetToken,
  ContactMessage,
  Departure,
  Booking,
  PaymentEntry,
  StripeEvent,
  PaymentReminder,
  OutboxMail,
  PartnerKey,
  PartnerKeyUsage,
  WebhookSubscription,
  WebhookDelivery,
  ParkFeeSchedule,
  Traveller,
];
