import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The site's pages: scripts and styles only from the site's own files (the built client has no
 * inline script or style), API calls to the same origin, tour photos from the uploads, data: and
 * blob: previews or any https address (a tour may name an image on another site), nothing framed.
 */
const SPA_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Uploaded files are data, never active content: nothing loads, scripts cannot run (sandbox). */
const UPLOAD_DIRECTIVES = {
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
};

/** GraphQL answers are JSON: nothing in them may load or run. */
const API_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const APOLLO_CDN = [
  'https://apollo-server-landing-page.cdn.apollographql.com',
  'https://embeddable-sandbox.cdn.apollographql.com',
  'https://embeddable-explorer.cdn.apollographql.com',
];

/**
 * Apollo Sandbox (the /graphql landing page outside production): its page sets a stricter policy of
 * its own with a per-page nonce for its inline script and style, so this one admits inline code
 * (narrowed to the nonce by the page's policy) and Apollo's CDN, fonts and the embedded Sandbox frame.
 * The Sandbox sends its operations through the page itself, to this origin.
 */
const SANDBOX_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDN],
  'style-src': ["'self'", "'unsafe-inline'", ...APOLLO_CDN, 'https://fonts.googleapis.com'],
  'font-src': ["'self'", 'https://fonts.gstatic.com'],
  'img-src': ["'self'", 'data:', ...APOLLO_CDN],
  'manifest-src': ["'self'", ...APOLLO_CDN],
  'frame-src': ['https://sandbox.embed.apollographql.com', 'https://explorer.embed.apollographql.com'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const csp = (directives: Record<string, string[]>) => helmet.contentSecurityPolicy({ useDefaults: false, directives });

/**
 * Security headers on every answer (helmet): nosniff, no framing, same-origin opener and resources,
 * a referrer limited to the origin across sites, and the site's Content-Security-Policy. Strict-
 * Transport-Security only over HTTPS (directly, or per X-Forwarded-Proto from a trusted proxy):
 * browsers ignore it on HTTP, and sent there it would pin a plain-HTTP deployment to HTTPS.
 */
export function securityHeaders(hstsMaxAge: number): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: SPA_DIRECTIVES },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const hsts = hstsMaxAge > 0 ? helmet.strictTransportSecurity({ maxAge: hstsMaxAge, includeSubDomains: true }) : null;
  return [
    headers,
    (req: Request, res: Response, next: NextFunction) => (hsts && req.secure ? hsts(req, res, next) : next()),
  ];
}

/** The policy of uploaded files; images may be shown by pages of other origins (an allowed CORS origin's client). */
export function uploadHeaders(): RequestHandler[] {
  return [
    csp(UPLOAD_DIRECTIVES),
    helmet.crossOriginResourcePolicy({ policy: 'cross-origin' }),
  ];
}

/** The policy of /graphql: the Sandbox landing page's where it is served (outside production), else JSON only. */
export function graphqlHeaders(sandbox: boolean): RequestHandler {
  return csp(sandbox ? SANDBOX_DIRECTIVES : API_DIRECTIVES);
}
