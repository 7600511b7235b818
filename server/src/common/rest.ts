import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HTTP_STATUS } from '@tembea/schema';
import { AppError, BadInputError, InternalError, RateLimitedError } from './errors.js';
import type { RequestContext } from './context.js';
import { log } from './logger.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the context middleware on /api routes. */
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

/** Wraps an async handler; Express 5 forwards rejections to the error handler. */
export function route(fn: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler {
  return async (req, res) => {
    const body = await fn(req, res);
    if (body !== undefined && !res.headersSent) res.json(body);
  };
}

/** Maps any error to `{ message }` with the status of its code; never leaks SQL or stacks. */
export function restErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  let e: AppError;
  const anyErr = err as { type?: string; status?: number; message?: string };
  if (err instanceof AppError) e = err;
  else if (anyErr?.type === 'entity.parse.failed') e = new BadInputError('Request body is not valid JSON');
  else if (anyErr?.type === 'entity.too.large') e = new AppError('Request body is too large', 'PAYLOAD_TOO_LARGE');
  else if (anyErr?.status && anyErr.status >= 400 && anyErr.status < 500 && anyErr.type) e = new BadInputError('Bad request');
  else {
    log.error('unexpected error', { requestId: req.requestId, path: req.path, error: String((err as Error)?.stack ?? err) });
    e = new InternalError(req.requestId);
  }
  if (e instanceof RateLimitedError) res.setHeader('Retry-After', String(e.retryAfterSeconds));
  const fields = (e.extensions as { fields?: unknown }).fields;
  res.status(HTTP_STATUS[e.code] ?? 500).json({
    success: false,
    message: e.message,
    code: e.code,
    ...(fields ? { errors: fields } : {}),
    ...(e.code === 'INTERNAL_SERVER_ERROR' ? { requestId: req.requestId } : {}),
  });
}
