import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from './logger.js';
import type { Mailer } from './mail.js';
import type { MailTemplates, QueuedMail } from './mail-templates.js';
import { PollingWorker } from './polling-worker.js';
import { intArrayLiteral, join, queryRows, sql } from './sql.js';
import { afterCommitOf, emOf, type QueueTarget } from './unit-of-work.js';

/** Attempts before a mail is given up (about a day of retries with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 10;
/** A claimed mail is the sender's for this long; if that instance dies, another retries it after. */
const LEASE_SECONDS = 120;
const BATCH = 20;
/** Mails of a batch in flight at once. */
const SEND_CONCURRENCY = 5;
const POLL_MS = 15_000;

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 2 hours. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 7_200);
}

interface ClaimedRow {
  id: string;
  template: string;
  data: unknown;
  to: string;
  reply_to: string | null;
  attempts: number;
}

/** What the sender reads of its system context: a fresh unit of work and the mailer. */
export interface OutboxSenderContext {
  em: EntityManager;
  mailer: Mailer;
}

/**
 * Mail that must not be lost: enqueue() writes each mail as a template's name and its data in the
 * caller's unit of work (inside its transaction when one is open); a sender claims due mails with
 * `for update skip locked`, so several server instances never send one twice, renders each with its
 * template and sends it; a failure (of the template or of the sending) is retried with backoff.
 * Rendering and sending never fail or delay the request that caused the mail.
 */
export class MailOutbox extends PollingWorker {
  /**
   * `contextFor` gives each batch a fresh system context (its own unit of work, the mailer);
   * `templates` are those the queued mails name.
   */
  constructor(
    private readonly contextFor: () => OutboxSenderContext,
    private readonly templates: MailTemplates,
  ) {
    super({ label: 'mail outbox', pollMs: POLL_MS, batch: BATCH });
  }

  /**
   * Queues mails in the transaction, in one statement: given a transaction context, the sender is
   * kicked once it has committed (given a bare entity manager, the caller flushes the outbox itself).
   */
  async enqueue(tx: QueueTarget, mails: readonly QueuedMail[]): Promise<void> {
    if (!mails.length) return;
    // The data goes as parameters: the ORM's insertMany wrote each mail's JSON into the statement's
    // text, escaped in JavaScript character by character for PostgreSQL to parse again (about 0.4 ms
    // of CPU a booking, for its three mails).
    await queryRows(
      emOf(tx),
      sql`insert into mail_outbox (template, data, "to", reply_to) values ${join(
        mails.map((m) => sql`(${m.template}, ${JSON.stringify(m.data ?? null)}::jsonb, ${m.to}, ${m.replyTo ?? null})`),
        ', ',
      )}`,
    );
    afterCommitOf(tx, () => this.kick(), 'mail-outbox');
  }

  protected async drainOnce(): Promise<number> {
    const { em, mailer } = this.contextFor();
    const claimed = await queryRows<ClaimedRow>(
      em,
      sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
       where id in (select id from mail_outbox
                     where failed_at is null and next_attempt_at <= now()
                     order by next_attempt_at, id limit ${BATCH} for update skip locked)
      returning id, template, data, "to", reply_to, attempts`,
    );
    const sent: string[] = [];
    const sendOne = async (m: ClaimedRow) => {
      try {
        await mailer.send(this.templates.render({ template: m.template, data: m.data, to: m.to, replyTo: m.reply_to }));
        sent.push(m.id);
      } catch (e) {
        await this.failed(em, m, String((e as Error)?.message ?? e).slice(0, 500));
      }
    };
    try {
      // The mailer's thread builds and delivers several mails at once: a few lanes overlap the SMTP
      // round trips and file writes, without a burst of one connection per mail of the batch.
      let next = 0;
      const lanes = Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, async () => {
        while (next < claimed.length) await sendOne(claimed[next++]!);
      });
      // Every lane runs to its end before the batch is marked, even when one fails to record a failure.
      const failure = (await Promise.allSettled(lanes)).find((r) => r.status === 'rejected');
      if (failure) throw failure.reason;
    } finally {
      // One statement for the batch, which deletes what was sent (nothing of a sent mail is kept): a
      // sender that dies before it leaves its sent mails to be sent again after the lease, as it
      // would the one it was sending.
      if (sent.length)
        await queryRows(
          em,
          sql`delete from mail_outbox where id = any(${intArrayLiteral(sent.map(Number))}::bigint[])`,
        );
    }
    return claimed.length;
  }

  private async failed(em: EntityManager, m: ClaimedRow, error: string): Promise<void> {
    if (m.attempts >= MAIL_MAX_ATTEMPTS) {
      await queryRows(em, sql`update mail_outbox set failed_at = now(), last_error = ${error} where id = ${m.id}`);
      log.error('mail given up after every attempt', { id: m.id, template: m.template, attempts: m.attempts, error });
      return;
    }
    const delay = retryDelaySeconds(m.attempts);
    await queryRows(
      em,
      sql`update mail_outbox set next_attempt_at = now() + make_interval(secs => ${delay}), last_error = ${error} where id = ${m.id}`,
    );
    log.warn('mail could not be sent; will retry', {
      id: m.id,
      template: m.template,
      attempt: m.attempts,
      retryInSeconds: delay,
      error,
    });
  }
}
