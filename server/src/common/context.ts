import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import type { BackgroundWork } from './background.js';
import type { Mailer } from './mail.js';
import type { MailOutbox } from './mail-outbox.js';
import type { RateLimiter } from './rate-limit.js';

/** The signed-in user as the access token states it. */
export interface AuthUser {
  id: number;
  role: 'admin' | 'user';
}

/** Per-request context every service takes first: its own unit of work and the caller. */
export interface RequestContext {
  em: EntityManager;
  user: AuthUser | null;
  /** Why a presented bearer token was refused (an expired or forged token), for services that need a user. */
  authError?: Error | null;
  requestId: string;
  ip: string;
  /** The device token the client sent (a cookie set at an earlier login), unverified; null without one. */
  deviceToken: string | null;
  /** The app's configuration and shared services. */
  config: Config;
  mailer: Mailer;
  /** Uploaded files (profile pictures, tour photos). */
  files: FileStore;
  /** Mail that must not be lost (bookings): queued in the request's transaction, sent after it commits. */
  outbox: MailOutbox;
  /** Attempt counters (login, password reset), one per app; shared through Redis when REDIS_URL is set. */
  limiter: RateLimiter;
  /**
   * Runs work after the answer has been sent, in its own unit of work, errors logged: for anything
   * whose cost or outcome must not show in the answer (whether an account exists, say).
   */
  afterResponse(label: string, work: BackgroundWork): void;
  req?: Request;
  res?: Response;
}
