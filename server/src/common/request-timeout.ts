import type { RequestHandler } from 'express';
import { HTTP_STATUS } from '@tembea/schema';
import { TimeoutError } from './errors.js';
import { log } from './logger.js';
import { routeLabel } from './request-log.js';

/**
 * A request that has not started its answer `ms` after it arrived whole gets a 503 TIMEOUT, in the shape of
 * its API (GraphQL `errors` on /graphql, `{ message, code }` elsewhere), and its connection is closed
 * after it. The handler still running finds the answer sent: whatever it writes later is dropped
 * (the error handlers check `res.locals.timedOut`). Its database work is bounded by the statement
 * time limit and may still complete, which the message says.
 */
export function requestTimeout(ms: number): RequestHandler {
  return (req, res, next) => {
    const fire = () => {
      if (res.headersSent) return;
      // A body still arriving (a large upload on a slow link) is bounded by UPLOAD_BODY_TIMEOUT_MS
      // (multipart) or Node's own request timeout instead: the limit counts again from here.
      if (!req.complete) {
        timer = setTimeout(fire, ms);
        return;
      }
      res.locals.timedOut = true;
      const e = new TimeoutError(
        'The server took too long to answer. The request may still have been carried out: check before trying again.',
      );
      log.warn('request timed out', {
        requestId: req.requestId,
        method: req.method,
        route: routeLabel(req),
        timeoutMs: ms,
      });
      res.setHeader('Connection', 'close');
      res.setHeader('Cache-Control', 'no-store');
      const graphql =
        req.originalUrl === '/graphql' ||
        req.originalUrl.startsWith('/graphql?') ||
        req.originalUrl.startsWith('/graphql/');
      res
        .status(HTTP_STATUS[e.code])
        .json(
          graphql
            ? { errors: [{ message: e.message, extensions: { code: e.code, requestId: req.requestId } }] }
            : { success: false, message: e.message, code: e.code, requestId: req.requestId },
        );
    };
    let timer = setTimeout(fire, ms);
    const clear = () => clearTimeout(timer);
    res.on('finish', clear);
    res.on('close', clear);
    next();
  };
}
