import type { RequestHandler } from 'express';
import { HTTP_STATUS } from '@tembea/schema';
import { TimeoutError } from './errors.js';
import { log } from './logger.js';
import { routeLabel } from './request-log.js';

/**
 * A request that has not started its answer after `ms` gets a 503 TIMEOUT at once, in the shape of
 * its API (GraphQL `errors` on /graphql, `{ message, code }` elsewhere), and its connection is closed
 * after it. The handler still running finds the answer sent: whatever it writes later is dropped
 * (the error handlers check `res.locals.timedOut`). Its database work is bounded by the statement
 * time limit and may still complete, which the message says.
 */
export function requestTimeout(ms: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.locals.timedOut = true;
      const e = new TimeoutError('The server took too long to answer. The request may still have been carried out: check before trying again.');
      log.warn('request timed out', { requestId: req.requestId, method: req.method, route: routeLabel(req), timeoutMs: ms });
      res.setHeader('Connection', 'close');
      res.setHeader('Cache-Control', 'no-store');
      const graphql = req.originalUrl === '/graphql' || req.originalUrl.startsWith('/graphql?') || req.originalUrl.startsWith('/graphql/');
      res.status(HTTP_STATUS[e.code]).json(
        graphql
          ? { errors: [{ message: e.message, extensions: { code: e.code, requestId: req.requestId } }] }
          : { success: false, message: e.message, code: e.code, requestId: req.requestId },
      );
    }, ms);
    const clear = () => clearTimeout(timer);
    res.on('finish', clear);
    res.on('close', clear);
    next();
  };
}
