import type { MailMessage } from './mail.js';

/**
 * Every mail the outbox sends is queued as a template's name and its data, and rendered by the
 * sender: the request that causes a mail only writes a small row, and the data is a snapshot taken
 * at the event, so the mail tells the state of that moment whenever it is sent. The data is stored
 * as JSON in the database: put in it what the mail shows (names, addresses, amounts), never
 * personal data the mail does not print (passports, dates of birth).
 *
 * The rule: mail about a change the request writes is a template queued in that change's
 * transaction (`outbox.enqueue`); only mail about no written change, whose sending the request
 * itself tries (the contact form, a password reset link, the sign-up notice), goes straight
 * through `Mailer.send`.
 */

/** What a template renders: the subject and bodies (the mailer adds the layout and signature). */
export type RenderedMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;

/** One mail as the outbox stores it: the template that renders it, its data and where it goes. */
export interface QueuedMail {
  template: string;
  data: unknown;
  to: string;
  replyTo?: string | null;
}

/** A named mail template; `mail` queues one with its data (typed), `render` is the sender's. */
export interface MailTemplate<D> {
  readonly name: string;
  render(data: D): RenderedMail;
  mail(to: string, data: D, replyTo?: string | null): QueuedMail;
}

export function mailTemplate<D>(name: string, render: (data: D) => RenderedMail): MailTemplate<D> {
  return { name, render, mail: (to, data, replyTo = null) => ({ template: name, data, to, replyTo }) };
}

/** The templates a sender knows, by name: every module's (see server/src/mail-templates.ts). */
export class MailTemplates {
  private readonly byName = new Map<string, MailTemplate<unknown>>();

  constructor(templates: readonly MailTemplate<never>[]) {
    for (const t of templates as readonly MailTemplate<unknown>[]) {
      if (this.byName.has(t.name)) throw new Error(`Two mail templates are named ${t.name}`);
      this.byName.set(t.name, t);
    }
  }

  /** Renders a queued mail; throws for a template this server does not know (the row is retried). */
  render(mail: Pick<QueuedMail, 'template' | 'data' | 'to' | 'replyTo'>): MailMessage {
    const template = this.byName.get(mail.template);
    if (!template) throw new Error(`Unknown mail template ${mail.template}`);
    return { ...template.render(mail.data), to: mail.to, replyTo: mail.replyTo ?? undefined };
  }
}
