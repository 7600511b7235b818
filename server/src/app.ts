import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { BackgroundJobs } from './common/background.js';
import type { RequestContext } from './common/context.js';
import { NotFoundError } from './common/errors.js';
import { Mailer } from './common/mail.js';
import { MailOutbox } from './common/mail-outbox.js';
import { LocalFileStore } from './common/file-store.js';
import { requestId } from './common/request-id.js';
import { apiRateLimit } from './common/api-rate-limit.js';
import { corsPolicy } from './common/cors.js';
import { graphqlHeaders, securityHeaders, uploadHeaders } from './common/security-headers.js';
import { prepareUploadTempDir } from './common/multipart.js';
import { ctxOf, graphqlErrorHandler, jsonOrMultipartBody, restErrorHandler } from './common/rest.js';
import { createApolloServer } from './graphql/server.js';
import { GRAPHQL_BODY_MAX_BYTES, graphqlMultipart } from './graphql/uploads.js';
import { authenticate } from './modules/auth/authenticate.js';
import { deviceTokenOf } from './modules/auth/device-token.js';
import { createRateLimiter } from './common/rate-limit.js';
import { restRouters } from './modules/index.js';
import { healthRouter } from './modules/health/health.rest.js';
import { seoRouter } from './modules/seo/seo.router.js';

export interface AppHandle {
  app: Express;
  /** Sends queued mail; flush() sends what is due now (tests). */
  outbox: MailOutbox;
  /** Work started by requests that runs after their answers. */
  jobs: BackgroundJobs;
  /** Lets the background jobs finish and stops Apollo Server (the ORM is closed by the caller). */
  close(): Promise<void>;
}

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/** Builds the request context: a fresh unit of work and the caller from a bearer token. */
/** What every request context shares: the configuration and the app's long-lived services. */
type SharedServices = Pick<RequestContext, 'config' | 'mailer' | 'outbox' | 'limiter' | 'files'>;

function contextFactory(orm: MikroORM, shared: SharedServices, jobs: BackgroundJobs) {
  return async (req: Request, res?: Response): Promise<RequestContext> => {
    const em = orm.em.fork();
    const { user, authError } = await authenticate(em, req.get('authorization'), shared.config.jwtSecret);
    const requestId = req.requestId ?? '';
    return {
      ...shared, em, user, authError, requestId, ip: clientIp(req), deviceToken: deviceTokenOf(req), req, res,
      afterResponse: (label, work) => jobs.afterResponse(res, requestId, label, work),
    };
  };
}

/** Options only code can pass (never the environment), so production always runs hardened. */
export interface AppOptions {
  /**
   * false drops the hardening layers (security headers, CORS, the API rate limit, GraphQL query
   * limits): only for the benchmark that measures what they cost.
   */
  hardening?: boolean;
}

/** Largest REST JSON body: the largest legitimate one (a booking with its notes, a contact message) is a few KB. */
export const REST_JSON_MAX_BYTES = 100 * 1024;

/**
 * Answers that carry tokens or a user's data must not be kept by the browser's or a proxy's cache
 * (a shared computer, a back button after logout). On /api those are the account paths, errors included.
 */
function noStoreOnAccountPaths(req: Request, res: Response, next: NextFunction): void {
  if (/^\/(auth|users)(\/|$)/.test(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * On /graphql any answer may carry tokens (login, refresh) or a user's data; only an anonymous GET
 * (a catalogue query) may be cached.
 */
function noStoreUnlessAnonymousGet(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' || req.get('authorization')) res.setHeader('Cache-Control', 'no-store');
  next();
}

/** The one Express app: /graphql, /api, /uploads, /health and the built client with an SPA fallback. */
export async function createApp(orm: MikroORM, config: Config, options: AppOptions = {}): Promise<AppHandle> {
  const hardened = options.hardening !== false;
  const only = (...handlers: RequestHandler[]): RequestHandler[] => (hardened ? handlers : []);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.use(requestId);
  if (hardened) app.use(securityHeaders(config.hstsMaxAge));

  // One limiter per app, so each test server counts on its own.
  const limiter = createRateLimiter(config);
  const mailer = new Mailer(config);
  const outbox = new MailOutbox(orm, mailer);
  outbox.start();
  const files = new LocalFileStore(path.join(config.dataDir, 'uploads'));
  const jobs = new BackgroundJobs(orm);
  const makeContext = contextFactory(orm, { config, limiter, mailer, outbox, files }, jobs);

  // Readiness covers Redis only when it is configured: the in-memory limiter cannot be down.
  app.use(healthRouter(orm, config.redisUrl ? { redis: () => limiter.ping() } : {}));

  await prepareUploadTempDir(config.dataDir);
  const apollo = await createApolloServer(config.production, { queryLimits: hardened });
  // Each API request first gets its context (the caller), then counts against the caller's quota.
  const withContext = async (req: Request, res: Response, next: NextFunction) => {
    req.ctx ??= await makeContext(req, res);
    next();
  };
  const cors = only(corsPolicy(config.corsOrigins));
  const apiLimit = only(apiRateLimit());
  app.use(
    '/graphql',
    cors,
    only(graphqlHeaders(!config.production)),
    noStoreUnlessAnonymousGet,
    withContext,
    apiLimit,
    graphqlMultipart(makeContext, config.dataDir),
    express.json({ limit: GRAPHQL_BODY_MAX_BYTES }),
    expressMiddleware(apollo, { context: async ({ req }) => ctxOf(req) }),
    graphqlErrorHandler,
  );

  app.use(
    '/api',
    cors,
    noStoreOnAccountPaths,
    withContext,
    apiLimit,
    jsonOrMultipartBody,
    express.json({ limit: REST_JSON_MAX_BYTES }),
    restRouters(),
    (req: Request) => {
      throw new NotFoundError(`No such API path: ${req.method} ${req.originalUrl.split('?')[0]}`);
    },
    restErrorHandler,
  );

  const uploads = path.join(config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  app.use(
    '/uploads',
    only(...uploadHeaders()),
    express.static(uploads, { index: false, dotfiles: 'deny', fallthrough: true, maxAge: '7d' }),
    (_req: Request, res: Response) => {
      res.status(404).json({ message: 'File not found' });
    },
  );

  app.use(seoRouter(orm, config));

  const indexHtml = path.join(config.clientDist, 'index.html');
  if (existsSync(indexHtml)) {
    app.use(
      express.static(config.clientDist, {
        index: false,
        setHeaders(res, file) {
          if (/[\\/]assets[\\/]/.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // SPA fallback: any other GET that wants HTML gets the app (a reload of /tour/123 works).
    app.get('/{*path}', (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('Tembea API is running. The client is not built: run `npm run build`.');
    });
  }
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found' });
  });
  // Anything else that fails (a malformed %-escape in a path, say): `{ message }`, never Express's HTML stack page.
  app.use(restErrorHandler);

  return {
    app,
    outbox,
    jobs,
    async close() {
      jobs.resume();
      await jobs.idle();
      await outbox.stop();
      await apollo.stop();
      await limiter.close();
    },
  };
}
