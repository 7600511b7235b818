import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { AFTER_PAINT_LOADER } from '@tembea/schema';

/** The CSP source that admits the server-rendered pages' one inline script, and no other. */
const AFTER_PAINT_LOADER_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/**
 * The site's pages: scripts and styles only from the site's own files, besides the loader that
 * starts a server-rendered page's scripts (admitted by its hash, so no other inline script runs),
 * API calls to the same origin, tour photos from the uploads, data: and blob: previews or any https
 * address (a tour may name an image on another site), nothing framed.
 */
const SPA_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", AFTER_PAINT_LOADER_SOURCE],
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

type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers a helmet middleware sets, captured once: helmet rebuilds them (the CSP string above
 * all) on every request, which costs more than the rest of a cached catalogue answer. The policies
 * are static, so each is computed at start and copied onto answers.
 */
function headersOf(middleware: RequestHandler): HeaderList {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  middleware({ secure: true } as Request, res as unknown as Response, () => undefined);
  return [...headers];
}

const withPolicy = (
  base: RequestHandler,
  directives: Record<string, string[]>,
  extra: RequestHandler[] = [],
): HeaderList =>
  headersOf((req, res, next) => {
    base(req, res, () => undefined);
    helmet.contentSecurityPolicy({ useDefaults: false, directives })(req, res, () => undefined);
    for (const handler of extra) handler(req, res, () => undefined);
    next();
  });

/**
 * Security headers on every answer (helmet): nosniff, no framing, same-origin resources, a referrer
 * limited to the origin across sites, and a Content-Security-Policy by path: the site's pages, JSON
 * only on /api and /graphql (or the Sandbox landing page's policy where the Sandbox is served,
 * outside production), and uploaded files as inert data that other origins may show. Pages and
 * files also get the headers that only documents use (opener isolation, origin-keyed agent
 * cluster, no DNS prefetch, legacy download and XSS-filter switches); JSON answers, read by code
 * and never rendered, carry only what applies to them, which keeps each API answer lighter. Strict-
 * Transport-Security only over HTTPS (directly, or per X-Forwarded-Proto from a trusted proxy):
 * browsers ignore it on HTTP, and sent there it would pin a plain-HTTP deployment to HTTPS.
 */
export function securityHeaders(options: { hstsMaxAge: number; sandbox: boolean }): RequestHandler {
  const everyAnswer = {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } as const;
  const base = helmet(everyAnswer);
  const jsonBase = helmet({
    ...everyAnswer,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const pages = withPolicy(base, SPA_DIRECTIVES);
  const json = withPolicy(jsonBase, API_DIRECTIVES);
  const graphql = options.sandbox ? withPolicy(base, SANDBOX_DIRECTIVES) : json;
  const uploads = withPolicy(base, UPLOAD_DIRECTIVES, [helmet.crossOriginResourcePolicy({ policy: 'cross-origin' })]);
  const hsts =
    options.hstsMaxAge > 0
      ? headersOf(helmet.strictTransportSecurity({ maxAge: options.hstsMaxAge, includeSubDomains: true }))
      : [];
  const policyOf = (path: string): HeaderList =>
    path.startsWith('/api/')
      ? json
      : path.startsWith('/graphql')
        ? graphql
        : path.startsWith('/uploads/')
          ? uploads
          : pages;
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of policyOf(req.path)) res.setHeader(name, value);
    if (req.secure) for (const [name, value] of hsts) res.setHeader(name, value);
    next();
  };
}
