import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { PartnerKey } from '../partners/partner-key.entity.js';

/**
 * A partner's receiver of events: its URL, the events it listens to and the secret that signs every
 * delivery. The secret is kept as given (it must sign), shown to the partner once at registration.
 * A deleted subscription is disabled, not removed, so its deliveries stay in the admin's history.
 */
@Entity({ tableName: 'webhook_subscriptions' })
@Index({ properties: ['partnerKey'] })
@Check({
  name: 'webhook_subscriptions_events_check',
  expression: "cardinality(events) > 0 and events <@ array['TOUR_CHANGED', 'SEATS_CHANGED']::text[]",
})
export class WebhookSubscription {
  [OptionalProps]?: 'createdAt' | 'disabledAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The partner API key that registered it and owns it; deleting the key deletes it. */
  @ManyToOne(() => PartnerKey, { deleteRule: 'cascade', fieldName: 'partner_key_id' })
  partnerKey!: PartnerKey;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text[]' })
  events!: string[];

  @Property({ type: 'text', hidden: true, lazy: true })
  secret!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Set when the partner deleted it: it gets no more deliveries. */
  @Property({ type: 'timestamptz', nullable: true })
  disabledAt?: Date | null;
}

/**
 * One event for one subscription, written in the same transaction as the change it tells about, so
 * a committed change always has its deliveries and a rolled-back one never does. A sender claims
 * due ones with `for update skip locked`, so several server instances never send one twice at once.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({
  name: 'webhook_deliveries_due_index',
  expression: `create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" in ('PENDING', 'FAILED')`,
})
@Index({ properties: ['subscription'] })
@Check({
  name: 'webhook_deliveries_status_check',
  expression: "status in ('PENDING', 'DELIVERED', 'FAILED', 'GIVEN_UP')",
})
export class WebhookDelivery {
  [OptionalProps]?:
    'status' | 'attempts' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'createdAt' | 'deliveredAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => WebhookSubscription, { deleteRule: 'cascade' })
  subscription!: WebhookSubscription;

  @Property({ type: 'text' })
  event!: string;

  /** The JSON body sent (signed as serialised at sending). */
  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  /** PENDING (not tried yet), DELIVERED (a 2xx answer), FAILED (a retry is due), GIVEN_UP. */
  @Property({ type: 'text', default: 'PENDING' })
  status: string = 'PENDING';

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  /** When it may next be tried; a sender claiming it pushes this forward as its lease. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  /** HTTP status of the last answer; null when none came (refused connection, timeout). */
  @Property({ type: 'integer', nullable: true })
  lastStatusCode?: number | null;

  /** Why the last attempt failed, in one short line. */
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;
}
