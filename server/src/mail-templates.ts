import { MailTemplates, mailTemplate, type RenderedMail } from './common/mail-templates.js';
import { bookingMailTemplates } from './modules/bookings/booking.mails.js';
import { parkFeeMailTemplates } from './modules/park-fees/park-fee.mails.js';
import { paymentMailTemplates } from './modules/payments/payment.mails.js';
import { travellerMailTemplates } from './modules/travellers/traveller.mails.js';

/**
 * Mail queued before the outbox stored templates was stored whole; the migration that brought
 * templates moved such rows to this one, which sends them as they were. Nothing queues it.
 */
const storedWhole = mailTemplate<RenderedMail>('stored-whole', (m) => m);

/** Every mail template the outbox renders; each feature module adds its own here. */
export const MAIL_TEMPLATES = new MailTemplates([
  ...bookingMailTemplates,
  ...paymentMailTemplates,
  ...parkFeeMailTemplates,
  ...travellerMailTemplates,
  storedWhole,
]);
