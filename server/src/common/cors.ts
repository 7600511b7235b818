import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What the site's and partners' clients send: JSON and multipart bodies, bearer tokens, Apollo's CSRF headers, partner keys. */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'x-api-key',
];
export const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Cross-origin access to the APIs for the listed origins only (exact match of the Origin header).
 * An allowed origin gets Access-Control-Allow-Origin on every answer and its preflight answered
 * with the methods and headers above (cached 10 minutes); any other origin gets no CORS header at
 * all, so the browser keeps the answer from its page, and its preflight is a bare 204. No cookies
 * are admitted cross-origin: the APIs authenticate with bearer tokens.
 */
export function corsPolicy(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    // Set, not merged: this runs first on the API paths, before anything else could vary the answer.
    res.setHeader('Vary', 'Origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (ok) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (req.method !== 'OPTIONS' || !req.get('access-control-request-method')) return next();
    if (ok) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '));
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
