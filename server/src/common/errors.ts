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
  constructor(message: string, readonly code: ErrorCode, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { ...extensions, code } });
  }
}

/** Bad input: 400 / BAD_USER_INPUT, with the failing fields. */
export class BadInputError extends AppError {
  constructor(message: string, readonly fields: FieldError[] = []) {
    super(message, ErrorCode.BAD_USER_INPUT, fields.length ? { fields } : {});
  }
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
  constructor(message: string, readonly retryAfterSeconds: number) {
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

/** The request ran past REQUEST_TIMEOUT_MS, or a statement past DB_STATEMENT_TIMEOUT_MS: 503. */
export class TimeoutError extends AppError {
  constructor(message = 'The server took too long to answer. Please try again.') {
    super(message, ErrorCode.TIMEOUT);
  }
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * The AppError a database failure stands for, or null when it is unexpected: a statement cancelled
 * by its time limit becomes TIMEOUT (the driver's error, with its SQL, stays in the log only).
 */
export function databaseAppError(err: unknown): AppError | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === QUERY_CANCELED) return new TimeoutError('A database query took too long. Please try again.');
  }
  return null;
}
