import type { Request, RequestHandler } from 'express';
import { log } from './logger.js';
import type { Metrics } from './metrics.js';

/**
 * The route pattern of a request, never its raw path (ids stay out of labels and logs): the matched
 * Express route (`/api/tours/:id`), else the mount it was served under, else `unmatched`.
 */
export function routeLabel(req: Request): string {
  if (req.route?.path !== undefined) return `${req.baseUrl}${String(req.route.path)}`;
  const p = req.originalUrl.split('?')[0] ?? '';
  for (const mount of ['/graphql', '/uploads', '/assets']) {
    if (p === mount || p.startsWith(`${mount}/`)) return mount;
  }
  return 'unmatched';
}

/**
 * One info line per answered request (method, route pattern, status, duration, request id, and the
 * GraphQL operation name on /graphql), and the same figures into the HTTP and GraphQL metrics.
 * A request whose client went away before the answer is logged with status 499.
 */
export function observeRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req);
      const status = res.writableFinished ? res.statusCode : 499;
      const graphql = route === '/graphql';
      // Apollo leaves the resolved operation name ('' for an anonymous one) in res.locals.graphqlOperation.
      const operation = graphql ? ((res.locals.graphqlOperation as string | undefined) ?? null) : undefined;
      metrics.observeRequest({ method: req.method, route, status, seconds, operation });
      log.info('request', {
        requestId: req.requestId,
        method: req.method,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(graphql ? { operation: operation ?? null } : {}),
      });
    };
    res.on('finish', record);
    res.on('close', record);
    next();
  };
}
