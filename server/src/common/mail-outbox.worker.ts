import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from './logger.js';
import type { MailMessage, Mailer } from './mail.js';
import { OutboxMail } from './mail-outbox.entity.js';
import { PollingWorker } from './polling-worker.js';
import { queryRows, sql } from './sql.js';
import { afterCommitOf, emOf, type QueueTarget } from './unit-of-work.js';

/** Attempts before a mail is given up (about a day of retries with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 10;
/** A claimed mail is the sender's for this long; if that instance dies, another retries it after. */
const LEASE_SECONDS = 120;
const BATCH = 20;
const POLL_MS = 15_000;

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 2 hours. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 7_200);
}

interface ClaimedRow {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** What the sender reads of its system context: a fresh unit of work and the mailer. */
export interface OutboxSenderContext {
  em: EntityManager;
  mailer: Mailer;
}

/**
 * Mail that must not be lost: enqueue() writes it in the caller's unit of work (inside its
 * transaction when one is open); a sender claims due mails with `for update skip locked`, so
 * several server instances never send one twice, and a failure is retried with backoff. Sending
 * never fails or delays the request that caused it.
 */
export class MailOutbox extends PollingWorker {
  /** `contextFor` gives each batch a fresh system context (its own unit of work, the mailer). */
  constructor(private readonly contextFor: () => OutboxSenderContext) {
    super({ label: 'mail outbox', pollMs: POLL_MS, batch: BATCH });
  }

  /**
   * Queues a mail in the transaction: given a transaction context, the sender is kicked once it has
   * committed (given a bare entity manager, the caller flushes the outbox itself).
   */
  async enqueue(tx: QueueTarget, msg: MailMessage): Promise<void> {
    await emOf(tx).insert(OutboxMail, {
      to: msg.to,
      replyTo: msg.replyTo ?? null,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
    });
    afterCommitOf(tx, () => this.kick(), 'mail-outbox');
  }

  protected async drainOnce(): Promise<number> {
    const { em, mailer } = this.contextFor();
    const claimed = await queryRows<ClaimedRow>(
      em,
      sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (select id from mail_outbox
                     where sent_at is null and failed_at is null and next_attempt_at <= now()
                     order by next_attempt_at, id limit ${BATCH} for update skip locked)
      returning id, "to", reply_to, subject, text, html, attempts`,
    );
    for (const m of claimed) {
      try {
        await mailer.send({
          to: m.to,
          replyTo: m.reply_to ?? undefined,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        await queryRows(em, sql`update mail_outbox set sent_at = now(), last_error = null where id = ${m.id}`);
      } catch (e) {
        const error = String((e as Error)?.message ?? e).slice(0, 500);
        if (m.attempts >= MAIL_MAX_ATTEMPTS) {
          await queryRows(em, sql`update mail_outbox set failed_at = now(), last_error = ${error} where id = ${m.id}`);
          log.error('mail given up after every attempt', { id: m.id, subject: m.subject, attempts: m.attempts, error });
        } else {
          const delay = retryDelaySeconds(m.attempts);
          await queryRows(
            em,
            sql`update mail_outbox set next_attempt_at = now() + make_interval(secs => ${delay}), last_error = ${error} where id = ${m.id}`,
          );
          log.warn('mail could not be sent; will retry', {
            id: m.id,
            subject: m.subject,
            attempt: m.attempts,
            retryInSeconds: delay,
            error,
          });
        }
      }
    }
    return claimed.length;
  }
}
