import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import type { BackgroundJobs, BackgroundWork } from './background.js';
import type { CatalogueCache } from './catalogue-cache.js';
import type { AppError } from './errors.js';
import type { Mailer } from './mail.js';
import type { MailOutbox } from './mail-outbox.js';
import type { RateLimiter } from './rate-limit.js';

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

/** Sends queued webhook deliveries; kick() once a transaction that queued some has committed. */
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
  /** Anonymous catalogue answers; writes to tours, departures and seats go through changingCatalogue. */
  catalogue: CatalogueCache;
  /** Partner webhooks queued in the writes' transactions (changingCatalogue kicks the sender after them). */
  webhooks: WebhookKick;
}

/** What building a context needs: the app's services, and the jobs that run its after-response work. */
export type ContextServices = AppServices & { jobs: BackgroundJobs };

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
}

/**
 * A context for work outside any request (mail retries, after-response jobs, reminders): a fresh
 * unit of work and the system principal named by `job`. `requestId` ties the work to the request
 * that started it, in logs; its own jobs run soon after it is called.
 */
export function systemContext(orm: MikroORM, shared: ContextServices, job: string, requestId = `job:${job}`): RequestContext {
  const { jobs, ...services } = shared;
  return {
    ...services,
    em: orm.em.fork(),
    principal: { kind: 'system', job },
    requestId,
    ip: '',
    userAgent: null,
    deviceToken: null,
    afterResponse: (label, work) => jobs.afterResponse(undefined, requestId, label, work),
  };
}
