import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A mail waiting to be sent, written in the same transaction as the change it tells about, so a
 * committed booking always has its mails and a rolled-back one never does. It holds the name of the
 * template that renders it and that template's data, a snapshot taken at the event; the sender
 * renders it (see mail-templates.ts).
 */
@Entity({ tableName: 'mail_outbox' })
@Index({
  name: 'mail_outbox_due_index',
  expression:
    'create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at") where "sent_at" is null and "failed_at" is null',
})
export class OutboxMail {
  [OptionalProps]?: 'attempts' | 'nextAttemptAt' | 'sentAt' | 'failedAt' | 'lastError' | 'replyTo' | 'createdAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'text' })
  to!: string;

  @Property({ type: 'text', nullable: true })
  replyTo?: string | null;

  @Property({ type: 'text' })
  template!: string;

  @Property({ type: 'jsonb' })
  data!: unknown;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  /** When it may next be tried; a sender claiming it pushes this forward as its lease. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  /** Set when it was given up after the last attempt. */
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
