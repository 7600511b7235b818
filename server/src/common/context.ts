import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import type { BackgroundJobs } from './background.js';
import { CATALOGUE, seatScopes, type CatalogueCache } from './catalogue-cache.js';
import type { AppError } from './errors.js';
import type { Mailer } from './mail.js';
import type { MailOutbox } from './mail-outbox.worker.js';
import type { RateLimiter } from './rate-limit.js';
import { runTransaction, type AfterCommitHook, type AfterCommitHooks, type UnitOfWork } from './unit-of-work.js';

/** The signed-in user as the access token states it. */
export interface AuthUser {
  id: number;
  role: 'admin' | 'user';
}

/** The partner agency an API key belongs to, as the key's record states it. */
export interface PartnerCaller {
  keyId: number;
  partnerName: string;
}

/**
 * Who is calling. Every kind is a plain record told apart by `kind`; a new kind of caller (a
 * partner's API key, say) is one more member, and the guards in modules/auth/guards.ts decide
 * what it may do.
 */
export type Principal =
  /** No credentials, or credentials that were refused: `refusal` says why, for services that need a user. */
  | { kind: 'anonymous'; refusal?: AppError }
  | ({ kind: 'user' } & AuthUser)
  /**
   * A partner agency's API key: reads the catalogue and availability, never a user's data.
   * `rateLimitPerMinute` is the key's own limit (absent or null: PARTNER_API_RATE_LIMIT).
   */
  | ({ kind: 'partner'; rateLimitPerMinute?: number | null } & PartnerCaller)
  /** Work the server does on its own (mail retries, after-response jobs, reminders), named by its job. */
  | { kind: 'system'; job: string };

/** Sends queued webhook deliveries; kicked after the commit of a transaction that queued some. */
export interface WebhookKick {
  kick(): void;
}

/** The configuration and the app's long-lived services, the same for every context. */
export interface AppServices {
  config: Config;
  mailer: Mailer;
  /** Uploaded files (profile pictures, tour photos). */
  files: FileStore;
  /** Mail that must not be lost (bookings): queued in the caller's transaction, sent after it commits. */
  outbox: MailOutbox;
  /** Attempt counters (login, password reset), one per app; shared through Redis when REDIS_URL is set. */
  limiter: RateLimiter;
  /** Anonymous catalogue answers; a transaction writing tours calls tx.catalogueChanged(), one writing seats tx.seatsChanged(tourId). */
  catalogue: CatalogueCache;
  /** Partner webhooks queued in the writes' transactions (queueing one kicks the sender after the commit). */
  webhooks: WebhookKick;
}

/** Work done for a request without making its answer wait, in a system context of its own. */
export type BackgroundWork = (ctx: RequestContext) => Promise<unknown>;

/** What building a context needs: the app's services, and the jobs that run its after-response work. */
export type ContextServices = AppServices & { jobs: BackgroundJobs<RequestContext> };

/**
 * What every service takes first: its own unit of work, who is calling and the facts about the
 * call that services use. It holds no transport object: adapters (resolvers, REST routes) set
 * cookies, headers and statuses from what services return.
 */
export interface RequestContext extends AppServices {
  em: EntityManager;
  principal: Principal;
  requestId: string;
  /** The caller's address ('' for the system). */
  ip: string;
  /** The caller's User-Agent, at most 300 characters; null without one. */
  userAgent: string | null;
  /** The device token the client sent (a cookie set at an earlier login), unverified; null without one. */
  deviceToken: string | null;
  /**
   * Runs work after the answer has been sent, in its own unit of work, errors logged: for anything
   * whose cost or outcome must not show in the answer (whether an account exists, say).
   */
  afterResponse(label: string, work: BackgroundWork): void;
  /**
   * Runs `work` in one transaction, with `tx`: this context on the transaction's entity manager,
   * where side effects are registered to run once it has committed. Inside a transaction it joins
   * that one. Hooks run before this resolves, so the caller answers only after them.
   */
  transaction<T>(work: (tx: TransactionContext) => Promise<T>): Promise<T>;
}

/**
 * A request context inside a transaction: `em` is the transaction's, and what the change means
 * for others is registered here to happen once it has committed (a rolled-back change sends
 * nothing). Mail and webhooks register their own senders when queued (outbox.enqueue(tx, …),
 * webhookService's events).
 */
export interface TransactionContext extends RequestContext, UnitOfWork {
  afterCommit(hook: AfterCommitHook, key?: string): void;
  /** Makes every cached catalogue answer obsolete after the commit: call in every write to tours or what they show. */
  catalogueChanged(): void;
  /** Makes the cached answers about one tour's seats obsolete after the commit: call in every write to its departures or seats. */
  seatsChanged(tourId: number): void;
}

/** A context without its transaction method, as the factories build it. */
export type ContextFields = Omit<RequestContext, 'transaction'>;

/**
 * Gives a context built by a factory its `transaction` method. The fields object itself becomes the
 * context, so an `em` the factory defines as a getter (forked on first use) stays one.
 */
export function withTransactions(fields: ContextFields): RequestContext {
  return Object.assign(fields, {
    transaction: <T>(work: (tx: TransactionContext) => Promise<T>) =>
      runTransaction(fields.em, null, fields.requestId, (em, hooks) => work(transactionContext(fields, em, hooks))),
  });
}

function transactionContext(fields: ContextFields, em: EntityManager, hooks: AfterCommitHooks): TransactionContext {
  const tx: TransactionContext = {
    ...fields,
    em,
    transaction: (work) => runTransaction(em, hooks, fields.requestId, () => work(tx)),
    afterCommit: (hook, key) => hooks.add(hook, key),
    catalogueChanged: () => hooks.add(() => fields.catalogue.changed([CATALOGUE]), 'catalogue'),
    seatsChanged: (tourId) => hooks.add(() => fields.catalogue.changed(seatScopes(tourId)), `seats:${tourId}`),
  };
  return tx;
}

/**
 * A context for work outside any request (mail retries, after-response jobs, reminders): a fresh
 * unit of work and the system principal named by `job`. `requestId` ties the work to the request
 * that started it, in logs; its own jobs run soon after it is called.
 */
export function systemContext(
  orm: MikroORM,
  shared: ContextServices,
  job: string,
  requestId = `job:${job}`,
): RequestContext {
  const { jobs, ...services } = shared;
  return withTransactions({
    ...services,
    em: orm.em.fork(),
    principal: { kind: 'system', job },
    requestId,
    ip: '',
    userAgent: null,
    deviceToken: null,
    afterResponse: (label, work) => jobs.afterResponse(undefined, requestId, label, work),
  });
}
