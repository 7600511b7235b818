import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HTTP_STATUS } from '@tembea/schema';
import {
  AppError,
  BadInputError,
  databaseAppError,
  InternalError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  loggableError,
} from './errors.js';
import type { RequestContext } from './context.js';
import { closeAfterEarlyAnswer } from './lingering-close.js';
import { log } from './logger.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the context middleware on /api routes, and on /graphql for multipart requests. */
      ctx?: RequestContext;
      requestId?: string;
    }
  }
}

/** The request context of a REST call (set by the /api context middleware). */
export function ctxOf(req: Request): RequestContext {
  if (!req.ctx) throw new Error('request context missing');
  return req.ctx;
}

/** One value of a query parameter (a repeated parameter is refused rather than guessed). */
export function queryValue(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string')
    throw new BadInputError(`${name} must be given once`, [{ field: name, message: 'Must be given once' }]);
  return v;
}

/** The `limit` of a REST list: a whole number from 1 to `max` (`max` when absent), else a 400 naming it. */
export function limitParam(req: Request, max: number): number {
  const raw = queryValue(req, 'limit');
  if (raw === undefined || raw === '') return max;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max))
    throw new BadInputError(`limit must be a whole number from 1 to ${max}`, [
      { field: 'limit', message: `Must be from 1 to ${max}` },
    ]);
  return n;
}

/** The JSON body's fields; a body that is not an object (none, an array, a scalar) has none. */
export function jsonBody(req: Request): Record<string, unknown> {
  const b: unknown = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** Wraps an async handler; Express 5 forwards rejections to the error handler. */
export function route(fn: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler {
  return async (req, res) => {
    const body = await fn(req, res);
    if (body !== undefined && !res.headersSent) res.json(body);
  };
}

/**
 * The AppError of any error thrown while answering: errors of the body parsers and the router
 * (malformed JSON, a body too large, a malformed %-escape in the path) become 400/413 with a plain
 * text; a lost or refused database connection becomes a 503 SERVICE_UNAVAILABLE, a statement
 * cancelled by its time limit a 503 TIMEOUT; anything unexpected is logged with its stack and the
 * request id, and becomes a generic 500 that carries the request id.
 */
export function toAppError(err: unknown, req: Request): AppError {
  const anyErr = err as { type?: string; status?: number; statusCode?: number; message?: string };
  const status = anyErr?.status ?? anyErr?.statusCode;
  if (err instanceof AppError) return err;
  if (anyErr?.type === 'entity.parse.failed') return new BadInputError('Request body is not valid JSON');
  if (anyErr?.type === 'entity.too.large' || status === 413) {
    const limit = (err as { limit?: unknown }).limit;
    return new PayloadTooLargeError(
      typeof limit === 'number'
        ? `Request body is too large: at most ${Math.floor(limit / 1024)} KB`
        : 'Request body is too large',
    );
  }
  if (err instanceof URIError) return new BadInputError('The address is malformed');
  if (typeof status === 'number' && status >= 400 && status < 500) return new BadInputError('Bad request');
  const dbError = databaseAppError(err);
  if (dbError) {
    log.warn(dbError instanceof ServiceUnavailableError ? 'database unavailable' : 'database statement timed out', {
      requestId: req.requestId,
      method: req.method,
      path: req.path,
      error: loggableError(err, { stack: false }),
    });
    return dbError;
  }
  log.error('unexpected error', {
    requestId: req.requestId,
    method: req.method,
    path: req.path,
    error: loggableError(err),
  });
  return new InternalError(req.requestId);
}

/**
 * What both error handlers do before their answer: the error as an AppError with its Retry-After
 * header set, or null when there is nothing more to answer.
 */
function errorToAnswer(err: unknown, req: Request, res: Response): AppError | null {
  // The request timed out and was answered already: what its handler did after that is dropped.
  if (res.locals.timedOut) return null;
  const e = toAppError(err, req);
  if (res.headersSent) {
    res.end();
    return null;
  }
  // An answer sent before the body arrived (an anonymous upload, a file over its limit) closes the
  // connection once the rest of the body is read and dropped, up to a bound.
  closeAfterEarlyAnswer(req, res);
  if (e instanceof RateLimitedError) res.setHeader('Retry-After', String(e.retryAfterSeconds));
  if (e instanceof ServiceUnavailableError) res.setHeader('Retry-After', '5');
  return e;
}

/** Maps any error to `{ message }` with the status of its code; never leaks SQL or stacks. */
export function restErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const e = errorToAnswer(err, req, res);
  if (!e) return;
  const fields = (e.extensions as { fields?: unknown }).fields;
  res.status(HTTP_STATUS[e.code] ?? 500).json({
    success: false,
    message: e.message,
    code: e.code,
    ...(fields ? { errors: fields } : {}),
    ...(e.code === 'INTERNAL_SERVER_ERROR' ? { requestId: req.requestId } : {}),
  });
}

/** Errors raised on /graphql before Apollo answers (body parsing, uploads): a GraphQL-shaped answer. */
export function graphqlErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const e = errorToAnswer(err, req, res);
  if (!e) return;
  // `http` only tells Apollo the status; the client gets the code, its details and, when masked, the request id.
  const shown = Object.fromEntries(Object.entries(e.extensions).filter(([key]) => key !== 'http'));
  const extensions = { ...shown, ...(e.code === 'INTERNAL_SERVER_ERROR' ? { requestId: req.requestId } : {}) };
  res.status(HTTP_STATUS[e.code] ?? 500).json({ errors: [{ message: e.message, extensions }] });
}

/**
 * REST bodies are JSON, or multipart form data where a route takes files; any other non-empty body
 * (a form post, plain text) is refused with 400 instead of being read as an empty one.
 */
export function jsonOrMultipartBody(req: Request, _res: Response, next: NextFunction): void {
  const empty = req.get('content-length') === '0';
  if (!empty && req.is(['application/json', 'multipart/form-data']) === false) {
    throw new BadInputError('Send the request body as JSON (Content-Type: application/json)');
  }
  next();
}
