import { randomBytes } from 'node:crypto';
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import {
  validateWebhookInput,
  WEBHOOK_DELIVERY_STATUSES,
  type SeatsChangedPayload,
  type TourChangedPayload,
  type WebhookDeliveryStatus,
  type WebhookEventName,
  type WebhookPayload,
} from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { BadInputError, ConflictError, NotFoundError, throwIfInvalid } from '../../common/errors.js';
import { requireId } from '../../common/ids.js';
import { requireAdmin, requirePartner } from '../../common/guards.js';
import { decodeCursor, encodeCursor, pageSize } from '../../common/pagination.js';
import { queryRows, sql } from '../../common/sql.js';
import { PartnerKey } from '../partners/partner-key.entity.js';
import { WebhookDelivery, WebhookSubscription } from './webhook.entity.js';
import type { DepartureRow } from '../bookings/departure.service.js';

/** Most live subscriptions one API key may hold. */
export const WEBHOOKS_PER_KEY = 10;
/** Most subscriptions `allWebhooks` lists, newest first. */
export const ALL_WEBHOOKS_MAX = 500;
/** The deliveries page when the admin asks for no size, and the largest. */
export const DELIVERIES_DEFAULT_PAGE = 50;
export const DELIVERIES_MAX_PAGE = 100;

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

export interface WebhookDeliveryPage {
  nodes: WebhookDeliveryView[];
  cursors: string[];
  hasNextPage: boolean;
  totalCount: number;
}

function toView(w: WebhookSubscription): WebhookView {
  return {
    id: String(w.id),
    partnerName: w.partnerKey.partnerName,
    url: w.url,
    events: w.events as WebhookEventName[],
    createdAt: w.createdAt,
    disabledAt: w.disabledAt ?? null,
  };
}

const parseWebhookId = (id: unknown): number => requireId(id, 'Webhook not found');


/**
 * Queues `payload` for every live subscription to its event, in the caller's unit of work: inside
 * its transaction, so a rolled-back change sends nothing and a committed one cannot lose its
 * deliveries. The sender is kicked after the commit (changingCatalogue does it for catalogue writes).
 */
async function enqueue(em: EntityManager, payload: WebhookPayload): Promise<void> {
  await queryRows(em, sql`
    insert into webhook_deliveries (subscription_id, event, payload)
    select s.id, ${payload.event}, ${JSON.stringify(payload)}::jsonb
      from webhook_subscriptions s join partner_keys k on k.id = s.partner_key_id
     where s.disabled_at is null and k.revoked_at is null and ${payload.event} = any(s.events)`);
}

/** Partner webhooks: registration by a partner's API key, the events the catalogue's writes queue, and the admin's view. */
export const webhookService = {
  /**
   * Registers a receiver for the calling API key and returns it with its signing secret, the only
   * time the secret is shown. BAD_USER_INPUT for a refused URL or events; CONFLICT past
   * WEBHOOKS_PER_KEY live subscriptions.
   */
  async register(ctx: RequestContext, input: { url: string; events: readonly string[] }): Promise<{ webhook: WebhookView; secret: string }> {
    const partner = requirePartner(ctx);
    throwIfInvalid(validateWebhookInput(input), 'list');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const events = [...new Set(input.events)];
    const created = await ctx.em.transactional(async (em) => {
      // The key's row lock makes the count and the insert one step against concurrent registrations.
      const key = await em.findOne(PartnerKey, { id: partner.keyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!key) throw new NotFoundError('API key not found');
      const live = await em.count(WebhookSubscription, { partnerKey: key.id, disabledAt: null });
      if (live >= WEBHOOKS_PER_KEY) throw new ConflictError(`An API key holds at most ${WEBHOOKS_PER_KEY} webhooks: delete one first`);
      const w = em.create(WebhookSubscription, { partnerKey: key, url: input.url.trim(), events, secret });
      await em.flush();
      return w;
    });
    return { webhook: toView(created), secret };
  },

  /** The calling API key's live subscriptions, oldest first. */
  async mine(ctx: RequestContext): Promise<WebhookView[]> {
    const partner = requirePartner(ctx);
    const rows = await ctx.em.find(WebhookSubscription, { partnerKey: partner.keyId, disabledAt: null }, { populate: ['partnerKey'], orderBy: { id: 'asc' } });
    return rows.map(toView);
  },

  /**
   * Deletes one of the calling key's subscriptions: it gets nothing more, and its deliveries not yet
   * made are given up. NOT_FOUND for another key's or an already deleted one.
   */
  async remove(ctx: RequestContext, idRaw: unknown): Promise<boolean> {
    const partner = requirePartner(ctx);
    const id = parseWebhookId(idRaw);
    return ctx.em.transactional(async (em) => {
      const [row] = await queryRows<{ id: number }>(em, sql`
        update webhook_subscriptions set disabled_at = now()
         where id = ${id} and partner_key_id = ${partner.keyId} and disabled_at is null returning id`);
      if (!row) throw new NotFoundError('Webhook not found');
      await queryRows(em, sql`
        update webhook_deliveries set status = 'GIVEN_UP', last_error = 'Webhook deleted'
         where subscription_id = ${id} and status in ('PENDING', 'FAILED')`);
      return true;
    });
  },

  /** Admin: every partner's subscriptions, deleted ones included, newest first (at most ALL_WEBHOOKS_MAX). */
  async all(ctx: RequestContext): Promise<WebhookView[]> {
    requireAdmin(ctx);
    const rows = await ctx.em.find(WebhookSubscription, {}, { populate: ['partnerKey'], orderBy: { id: 'desc' }, limit: ALL_WEBHOOKS_MAX });
    return rows.map(toView);
  },

  /** Admin: deliveries newest first (by id: the order they were queued in), a page at a time, optionally of one status. */
  async deliveries(ctx: RequestContext, status?: string | null, first?: number | null, after?: string | null): Promise<WebhookDeliveryPage> {
    requireAdmin(ctx);
    const limit = pageSize(first, DELIVERIES_MAX_PAGE, DELIVERIES_DEFAULT_PAGE);
    if (status != null && !(WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(status)) {
      throw new BadInputError(`status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`, [{ field: 'status', message: 'Unknown status' }]);
    }
    const where: FilterQuery<WebhookDelivery> = status ? { status } : {};
    const cursor = decodeCursor(after);
    let keyset: FilterQuery<WebhookDelivery> = {};
    if (cursor) {
      const [id] = cursor;
      if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) {
        throw new BadInputError('Invalid cursor: pass the endCursor of a previous page', [{ field: 'after', message: 'Invalid cursor' }]);
      }
      keyset = { id: { $lt: id } };
    }
    const rows = await ctx.em.find(WebhookDelivery, { $and: [where, keyset] }, {
      populate: ['subscription', 'subscription.partnerKey'],
      orderBy: { id: 'desc' },
      limit: limit + 1,
    });
    const hasNextPage = rows.length > limit;
    const page = hasNextPage ? rows.slice(0, limit) : rows;
    return {
      nodes: page.map((d) => ({
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
      })),
      cursors: page.map((d) => encodeCursor([String(d.id)])),
      hasNextPage,
      totalCount: await ctx.em.count(WebhookDelivery, where),
    };
  },

  /** Queues TOUR_CHANGED in the caller's transaction: created or updated (UPDATED), or DELETED. */
  tourChanged(em: EntityManager, tourId: number, change: TourChangedPayload['change']): Promise<void> {
    return enqueue(em, { event: 'TOUR_CHANGED', tourId: String(tourId), change, occurredAt: new Date().toISOString() });
  },

  /**
   * Queues SEATS_CHANGED in the caller's transaction with the departure's seats as written: seats
   * left are 0 while it is closed. `seatsLeft` overrides them (a deleted departure reports the
   * seats a new booking of its date would find).
   */
  seatsChanged(em: EntityManager, d: DepartureRow, seatsLeft?: number): Promise<void> {
    const payload: SeatsChangedPayload = {
      event: 'SEATS_CHANGED',
      departureId: String(d.id),
      tourId: String(d.tour_id),
      startDate: d.start_date,
      seatsLeft: seatsLeft ?? (d.closed ? 0 : Math.max(0, d.capacity - d.seats_taken)),
      closed: d.closed,
      occurredAt: new Date().toISOString(),
    };
    return enqueue(em, payload);
  },
};
