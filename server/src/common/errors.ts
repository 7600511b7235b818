import { DriverException } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';
import { ErrorCode, GENERIC_ERROR_MESSAGE } from '@tembea/schema';

export { ErrorCode };

/** A failing input field and why. */
export interface FieldError {
  field: string;
  message: string;
}

/** Base of every error a client may see: carries its code in `extensions.code`. */
export class AppError extends GraphQLError {
  constructor(
    message: string,
    readonly code: ErrorCode,
    extensions: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { ...extensions, code } });
  }
}

/** Bad input: 400 / BAD_USER_INPUT, with the failing fields. */
export class BadInputError extends AppError {
  constructor(
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message, ErrorCode.BAD_USER_INPUT, fields.length ? { fields } : {});
  }
}

/**
 * How a BAD_USER_INPUT message sums up its failing fields: `lines` (one a line, the forms that show
 * the message whole), `list` (joined by '; ', query arguments) or `first` (the first field's text).
 */
export type FieldSummary = 'lines' | 'list' | 'first';

/**
 * The one way field errors of a validator (the pure ones in @tembea/schema, or a service's own
 * checks of query arguments) reach a client: BAD_USER_INPUT with every failing field; nothing
 * when there is none.
 */
export function throwIfInvalid(errors: readonly FieldError[], summary: FieldSummary): void {
  if (!errors.length) return;
  const message =
    summary === 'first' ? errors[0]!.message : errors.map((e) => e.message).join(summary === 'lines' ? '\n' : '; ');
  throw new BadInputError(message, [...errors]);
}

/** Not signed in or bad credentials: 401. */
export class UnauthenticatedError extends AppError {
  constructor(message = 'Authentication required. Please login.') {
    super(message, ErrorCode.UNAUTHENTICATED);
  }
}

/** Signed in without the right: 403. */
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(message, ErrorCode.FORBIDDEN);
  }
}

/** Unknown record: 404. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(message, ErrorCode.NOT_FOUND);
  }
}

/** Illegal state change or no seats left: 409. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(message, ErrorCode.CONFLICT);
  }
}

/** Too many attempts: 429, with the seconds to wait. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, ErrorCode.RATE_LIMITED, { retryAfter: retryAfterSeconds });
  }
}

/** Upload or body too large: 413. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(message, ErrorCode.PAYLOAD_TOO_LARGE);
  }
}

/** Unexpected failure: logged in full, answered with a generic text. */
export class InternalError extends AppError {
  constructor(requestId?: string) {
    super(GENERIC_ERROR_MESSAGE, ErrorCode.INTERNAL_SERVER_ERROR, requestId ? { requestId } : {});
  }
}

/**
 * The database cannot be reached or dropped the connection: 503, worth retrying shortly. The `http`
 * extension gives Apollo the status when it is raised before a GraphQL operation runs (building the
 * context); it is never sent to the client.
 */
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is briefly unavailable. Please try again in a few seconds.') {
    super(message, ErrorCode.SERVICE_UNAVAILABLE, { http: { status: 503 } });
  }
}

/** The request ran past REQUEST_TIMEOUT_MS, or a statement past DB_STATEMENT_TIMEOUT_MS: 503. */
export class TimeoutError extends AppError {
  constructor(message = 'The server took too long to answer. Please try again.') {
    super(message, ErrorCode.TIMEOUT);
  }
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

// Connection failures of the driver and the pool: the socket errors, PostgreSQL's connection
// exception class (08…) and operator intervention class (57P01 shutdown, 57P02 crash, 57P03 starting,
// 53300 too many connections).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// "Transaction query already complete": knex ended a transaction whose connection died, and the
// request's next statement in it finds it gone.
const UNREACHABLE_TEXT =
  /Connection terminated|connection error|Connection ended|Client was closed|not queryable|Timeout acquiring a connection|Transaction query already complete/i;

/**
 * The AppError a database failure stands for, or null when it is unexpected (the driver's error,
 * with its SQL, stays in the log only):
 * - a statement cancelled by its time limit: TIMEOUT;
 * - a connection that failed or was cut: SERVICE_UNAVAILABLE. The request failed through no fault
 *   of its own and a retry will succeed once the database answers again.
 */
export function databaseAppError(err: unknown): AppError | null {
  const seen = new Set<unknown>();
  for (
    let e = err as
      { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; previous?: unknown } | undefined;
    e && typeof e === 'object' && !seen.has(e);
    e = (e.previous ?? e.cause) as typeof e
  ) {
    seen.add(e);
    if (e instanceof AppError) return null;
    if (e.code === QUERY_CANCELED) return new TimeoutError('A database query took too long. Please try again.');
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return new ServiceUnavailableError();
    if (e.name === 'KnexTimeoutError' || (typeof e.message === 'string' && UNREACHABLE_TEXT.test(e.message)))
      return new ServiceUnavailableError();
  }
  return null;
}

/**
 * An error as the log may keep it: its stack (or only its message), except that a failed
 * statement's text is withheld. The database driver writes its errors as the statement with its
 * values filled in, then the database's complaint; those values may be secrets (a webhook's
 * signing key) or personal data, which the log never holds.
 */
export function loggableError(e: unknown, { stack = true }: { stack?: boolean } = {}): string {
  if (!(e instanceof Error)) return String(e);
  const text = stack ? (e.stack ?? `${e.name}: ${e.message}`) : e.message;
  // MikroORM's own exceptions, or the driver's (pg's carry the server's severity) from raw statements.
  const fromDatabase = e instanceof DriverException || typeof (e as { severity?: unknown }).severity === 'string';
  if (!fromDatabase || !e.message.includes(' - ')) return text;
  const complaint = e.message.slice(e.message.lastIndexOf(' - ') + 3);
  return text.replace(e.message, `[statement withheld] - ${complaint}`);
}
