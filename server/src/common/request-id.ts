import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Gives each request an id (or keeps a sane incoming X-Request-Id) for logs and error answers. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id');
  req.requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};
