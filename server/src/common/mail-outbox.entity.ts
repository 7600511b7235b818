import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A mail waiting to be sent, written in the same transaction as the change it tells about, so a
 * committed booking always has its mails and a rolled-back one never does. It holds the name of the
 * template that renders it and that template's data, a snapshot taken at the event; the sender
 * renders it (see mail-templates.ts). A sent mail's row is deleted: its data (names, addresses,
 * phone numbers, notes) is a copy no longer needed, and each delivery is in the server's log. A mail
 * given up after its last attempt stays, with its error, for the operator to look into.
 */
@Entity({ tableName: 'mail_outbox' })
@Index({
  name: 'mail_outbox_due_index',
  expression: 'create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at") where "failed_at" is null',
})
export class OutboxMail {
  [OptionalProps]?: 'attempts' | 'nextAttemptAt' | 'failedAt' | 'lastError' | 'replyTo' | 'createdAt';

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

  /** Set when it was given up after the last attempt. */
  @Property({ type: 'timestamptz', nullable: true })
  failedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
