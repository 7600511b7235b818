import { validateContactForm, type ContactFormValues } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { RateLimitedError, throwIfInvalid, loggableError } from '../../common/errors.js';
import { log } from '../../common/logger.js';
import { escapeHtml, OPERATOR } from '../../common/mail.js';
import { ContactMessage } from './contact.entity.js';

export const CONTACT_SUCCESS_MESSAGE = 'Thank you! Your message has been sent.';
/** Messages per sender IP (count configurable) in this window: enough for a person, too few for a spammer. */
const CONTACT_WINDOW_MS = 10 * 60_000;

export interface ContactInput {
  name?: unknown;
  email?: unknown;
  message?: unknown;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Trimmed, checked fields (the contact form's shared rules), or BAD_USER_INPUT naming every failing one. */
export function validateContact(input: ContactInput): ContactFormValues {
  const values = { name: text(input.name), email: text(input.email).toLowerCase(), message: text(input.message) };
  throwIfInvalid(validateContactForm(values), 'lines');
  return values;
}

/** The contact form: stores the message and mails it to the operator with reply-to the sender. */
export const contactService = {
  async send(ctx: RequestContext, input: ContactInput): Promise<{ ok: true; message: string }> {
    const fields = validateContact(input);
    // Counted after validation, so a mistyped form does not use up the sender's allowance.
    const limit = await ctx.limiter.hit(`contact:ip:${ctx.ip}`, ctx.config.rateLimits.contact, CONTACT_WINDOW_MS);
    if (!limit.allowed) {
      const wait = limit.retryAfterSeconds;
      throw new RateLimitedError(`Too many messages. Please try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
    }
    const row = ctx.em.create(ContactMessage, { ...fields, ip: ctx.ip });
    await ctx.em.persist(row).flush();
    try {
      await ctx.mailer.send({
        to: OPERATOR.email,
        replyTo: `"${fields.name.replace(/["\\\r\n]/g, '')}" <${fields.email}>`,
        subject: `Contact form: message from ${fields.name.replace(/[\r\n]+/g, ' ')}`,
        text: `New message from the contact form (#${row.id}).\n\nName: ${fields.name}\nEmail: ${fields.email}\n\n${fields.message}`,
        html: `<p>New message from the contact form (#${row.id}).</p>
<p><strong>Name:</strong> ${escapeHtml(fields.name)}<br><strong>Email:</strong> ${escapeHtml(fields.email)}</p>
<p style="white-space:pre-wrap">${escapeHtml(fields.message)}</p>`,
      });
    } catch (e) {
      // The message is stored; the operator still sees it even if the mail server is down.
      log.error('contact mail failed', {
        requestId: ctx.requestId,
        id: row.id,
        error: loggableError(e, { stack: false }),
      });
    }
    return { ok: true, message: CONTACT_SUCCESS_MESSAGE };
  },
};
