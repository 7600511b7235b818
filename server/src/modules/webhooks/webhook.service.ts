import { randomBytes } from 'node:crypto';
import { LockMode, type FilterQuery } from '@mikro-orm/postgresql';
import {
  validateWebhookInput,
  WEBHOOK_DELIVERY_STATUSES,
  type SeatsChangedPayload,
  type TourChangedPayload,
  type WebhookDeliveryStatus,
  type WebhookEventName,
  type WebhookPayload,
} from '@tembea/schema';
import type { RequestContext, TransactionContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError, throwIfInvalid } from '../../common/errors.js';
import { requireId } from '../../common/ids.js';
import { requireAdmin, requirePartner } from '../../common/guards.js';
import {
  decodeCursor,
  encodeCursor,
  invalidCursor,
  keysetPage,
  mapPage,
  pageSize,
  type Page,
} from '../../common/pagination.js';
import { queryRows, sql, type Sql } from '../../common/sql.js';
import { afterCommitOf, emOf, type QueueTarget } from '../../common/unit-of-work.js';
import { PartnerKey } from '../partners/partner-key.entity.js';
import { WebhookDelivery, WebhookSubscription } from './webhook.entity.js';

/** Most live subscriptions one API key may hold. */
export const WEBHOOKS_PER_KEY = 10;
/** Most subscriptions `allWebhooks` lists, newest first. */
export const ALL_WEBHOOKS_MAX = 500;
/** The deliveries page when the admin asks for no size, and the largest. */
export const DELIVERIES_DEFAULT_PAGE = 50;
export const DELIVERIES_MAX_PAGE = 100;

/**
 * A change of a departure's seats as partners are told it: the seats a new booking of its date
 * would find (0 while it is closed).
 */
export interface SeatsChangedEvent {
  tourId: number;
  departureId: number;
  startDate: string;
  seatsLeft: number;
  closed: boolean;
  /** False when the statement that changed the seats read `partnersListenTo('SEATS_CHANGED')` as false: nothing to queue. */
  partnersListen?: boolean;
}

/** Where an event is queued: a transaction context, whose commit kicks the sender, or (tests) a bare entity manager in a transaction. */
export type EventTarget = QueueTarget & Partial<Pick<TransactionContext, 'webhooks'>>;

/** A subscription as partners and admins see it (never its secret). */
export interface WebhookView {
  id: string;
  partnerName: string;
  url: string;
  events: WebhookEventName[];
  createdAt: Date;
  disabledAt: Date | null;
}

/** One delivery as the admin page lists it. */
export interface WebhookDeliveryView {
  id: string;
  webhookId: string;
  url: string;
  partnerName: string;
  event: WebhookEventName;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

function toView(w: WebhookSubscription): WebhookView {
  return {
    id: String(w.id),
    partnerName: w.partnerKey.partnerName,
    url: w.url,
    events: w.events as WebhookEventName[],
    createdAt: w.createdAt,
    // A revoked key's webhooks receive nothing more, as deleted ones do.
    disabledAt: w.disabledAt ?? w.partnerKey.revokedAt ?? null,
  };
}

const parseWebhookId = (id: unknown): number => requireId(id, 'Webhook not found');

/** The live subscriptions to `event`: not disabled, and their API key not revoked (`s` in SQL). */
function liveSubscriptionsTo(event: WebhookEventName): Sql {
  return sql`webhook_subscriptions s join partner_keys k on k.id = s.partner_key_id
     where s.disabled_at is null and k.revoked_at is null and ${event} = any(s.events)`;
}

/**
 * Whether any partner listens to `event`, as a column to read in the statement that makes the
 * change: the change then queues its event only when someone listens, with no statement of its own
 * when nobody does (a booking would otherwise run one more statement for nothing).
 */
export function partnersListenTo(event: WebhookEventName): Sql {
  return sql`exists (select 1 from ${liveSubscriptionsTo(event)})`;
}

/**
 * Queues `payload` for every live subscription to its event, in the caller's transaction, so a
 * rolled-back change sends nothing and a committed one cannot lose its deliveries; a transaction
 * context kicks the sender once it has committed, when anything was queued (with no partner
 * listening, every booking would otherwise wake the sender to find nothing).
 */
async function enqueue(tx: EventTarget, payload: WebhookPayload): Promise<void> {
  const queued = await queryRows<{ id: string }>(
    emOf(tx),
    sql`
    insert into webhook_deliveries (subscription_id, event, payload)
    select s.id, ${payload.event}, ${JSON.stringify(payload)}::jsonb from ${liveSubscriptionsTo(payload.event)}
    returning id`,
  );
  const sender = tx.webhooks;
  if (sender && queued.length) afterCommitOf(tx, () => sender.kick(), 'webhooks');
}

/** Partner webhooks: registration by a partner's API key, the events the catalogue's writes queue, and the admin's view. */
export const webhookService = {
  /**
   * Registers a receiver for the calling API key and returns it with its signing secret, the only
   * time the secret is shown. BAD_USER_INPUT for a refused URL or events; CONFLICT past
   * WEBHOOKS_PER_KEY live subscriptions.
   */
  async register(
    ctx: RequestContext,
    input: { url: string; events: readonly string[] },
  ): Promise<{ webhook: WebhookView; secret: string }> {
    const partner = requirePartner(ctx);
    throwIfInvalid(validateWebhookInput(input), 'list');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const events = [...new Set(input.events)];
    const created = await ctx.transaction(async ({ em }) => {
      // The key's row lock makes the count and the insert one step against concurrent registrations.
      const key = await em.findOne(PartnerKey, { id: partner.keyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!key) throw new NotFoundError('API key not found');
      const live = await em.count(WebhookSubscription, { partnerKey: key.id, disabledAt: null });
      if (live >= WEBHOOKS_PER_KEY)
        throw new ConflictError(`An API key holds at most ${WEBHOOKS_PER_KEY} webhooks: delete one first`);
      const w = em.create(WebhookSubscription, { partnerKey: key, url: input.url.trim(), events, secret });
      await em.flush();
      return w;
    });
    return { webhook: toView(created), secret };
  },

  /** The calling API key's live subscriptions, oldest first. */
  async mine(ctx: RequestContext): Promise<WebhookView[]> {
    const partner = requirePartner(ctx);
    const rows = await ctx.em.find(
      WebhookSubscription,
      { partnerKey: partner.keyId, disabledAt: null },
      { populate: ['partnerKey'], orderBy: { id: 'asc' } },
    );
    return rows.map(toView);
  },

  /**
   * Deletes one of the calling key's subscriptions: it gets nothing more, and its deliveries not yet
   * made are given up. NOT_FOUND for another key's or an already deleted one.
   */
  async remove(ctx: RequestContext, idRaw: unknown): Promise<boolean> {
    const partner = requirePartner(ctx);
    const id = parseWebhookId(idRaw);
    return ctx.transaction(async ({ em }) => {
      const [row] = await queryRows<{ id: number }>(
        em,
        sql`
        update webhook_subscriptions set disabled_at = now()
         where id = ${id} and partner_key_id = ${partner.keyId} and disabled_at is null returning id`,
      );
      if (!row) throw new NotFoundError('Webhook not found');
      await queryRows(
        em,
        sql`
        update webhook_deliveries set status = 'GIVEN_UP', last_error = 'Webhook deleted'
         where subscription_id = ${id} and status in ('PENDING', 'FAILED')`,
      );
      return true;
    });
  },

  /** Admin: every partner's subscriptions, deleted ones included, newest first (at most ALL_WEBHOOKS_MAX). */
  async all(ctx: RequestContext): Promise<WebhookView[]> {
    requireAdmin(ctx);
    const rows = await ctx.em.find(
      WebhookSubscription,
      {},
      { populate: ['partnerKey'], orderBy: { id: 'desc' }, limit: ALL_WEBHOOKS_MAX },
    );
    return rows.map(toView);
  },

  /** Admin: deliveries newest first (by id: the order they were queued in), a page at a time, optionally of one status. */
  async deliveries(
    ctx: RequestContext,
    status?: string | null,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<WebhookDeliveryView>> {
    requireAdmin(ctx);
    const limit = pageSize(first, DELIVERIES_MAX_PAGE, DELIVERIES_DEFAULT_PAGE);
    if (status != null && !(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw new BadInputError(`status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`, [
        { field: 'status', message: 'Unknown status' },
      ]);
    }
    const where: FilterQuery<WebhookDelivery> = status ? { status } : {};
    const cursor = decodeCursor(after);
    let keyset: FilterQuery<WebhookDelivery> = {};
    if (cursor) {
      const [id] = cursor;
      // Delivery ids are bigints, carried as text of at most 18 digits (below the bigint maximum).
      if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) throw invalidCursor();
      keyset = { id: { $lt: id } };
    }
    const rows = await ctx.em.find(
      WebhookDelivery,
      { $and: [where, keyset] },
      {
        populate: ['subscription', 'subscription.partnerKey'],
        orderBy: { id: 'desc' },
        limit: limit + 1,
      },
    );
    const page = keysetPage(
      rows,
      limit,
      after,
      (d) => encodeCursor([String(d.id)]),
      async () => ({ count: await ctx.em.count(WebhookDelivery, where), estimate: false }),
    );
    return mapPage(page, (d) => ({
      id: String(d.id),
      webhookId: String(d.subscription.id),
      url: d.subscription.url,
      partnerName: d.subscription.partnerKey.partnerName,
      event: d.event as WebhookEventName,
      status: d.status as WebhookDeliveryStatus,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode ?? null,
      lastError: d.lastError ?? null,
      createdAt: d.createdAt,
      nextAttemptAt: d.status === 'PENDING' || d.status === 'FAILED' ? d.nextAttemptAt : null,
      deliveredAt: d.deliveredAt ?? null,
    }));
  },

  /** Queues TOUR_CHANGED in the caller's transaction: created or updated (UPDATED), or DELETED. */
  tourChanged(tx: EventTarget, tourId: number, change: TourChangedPayload['change']): Promise<void> {
    return enqueue(tx, { event: 'TOUR_CHANGED', tourId: String(tourId), change, occurredAt: new Date().toISOString() });
  },

  /** Queues SEATS_CHANGED in the caller's transaction. */
  async seatsChanged(tx: TransactionContext, e: SeatsChangedEvent): Promise<void> {
    if (e.partnersListen === false) return;
    const payload: SeatsChangedPayload = {
      event: 'SEATS_CHANGED',
      departureId: String(e.departureId),
      tourId: String(e.tourId),
      startDate: e.startDate,
      seatsLeft: e.seatsLeft,
      closed: e.closed,
      occurredAt: new Date().toISOString(),
    };
    return enqueue(tx, payload);
  },
};
