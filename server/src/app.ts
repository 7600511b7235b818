import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { BackgroundJobs } from './common/background.js';
import {
  systemContext,
  withTransactions,
  type AppServices,
  type ContextServices,
  type RequestContext,
} from './common/context.js';
import { databaseAppError, NotFoundError } from './common/errors.js';
import { Metrics, metricsRouter } from './common/metrics.js';
import { observeRequests } from './common/request-log.js';
import { requestTimeout } from './common/request-timeout.js';
import { Mailer } from './common/mail.js';
import { MailOutbox } from './common/mail-outbox.worker.js';
import { MAIL_TEMPLATES } from './mail-templates.js';
import { WebhookSender } from './modules/webhooks/webhook-sender.worker.js';
import { LocalFileStore } from './common/file-store.js';
import { isFilePath } from './common/file-paths.js';
import { requestId } from './common/request-id.js';
import { addressRateLimit, apiRateLimit, quotaByCaller } from './common/api-rate-limit.js';
import { corsPolicy } from './common/cors.js';
import { securityHeaders } from './common/security-headers.js';
import { prepareUploadTempDir } from './common/multipart.js';
import { ctxOf, graphqlErrorHandler, jsonOrMultipartBody, restErrorHandler } from './common/rest.js';
import { graphqlContext } from './graphql/context.js';
import { createApolloServer } from './graphql/server.js';
import { GRAPHQL_BODY_MAX_BYTES, graphqlMultipart } from './graphql/uploads.js';
import { authenticate, refuseRefusedApiKeys } from './modules/auth/authenticate.js';
import { PartnerUsageCounter } from './modules/partners/partner-usage.worker.js';
import { PersonalDataEraser } from './modules/travellers/personal-data-erasure.worker.js';
import { deviceTokenOf } from './modules/auth/device-token.js';
import { createRateLimiter } from './common/rate-limit.js';
import { createCatalogueCache, type CatalogueCache } from './common/catalogue-cache.js';
import { cachedGraphqlAnswers, cachedRestAnswers, isCataloguePath } from './common/cached-answers.js';
import { restRouters } from './modules/index.js';
import { DEPARTURE_LIST_PARAMS } from './modules/bookings/booking.rest.js';
import { TOUR_LIST_PARAMS } from './modules/tours/tour.rest.js';
import { healthRouter } from './modules/health/health.rest.js';
import { stripeWebhookRouter } from './modules/payments/payment.rest.js';
import { PaymentScheduleWorker } from './modules/payments/payment-schedule.worker.js';
import { seoRouter } from './modules/seo/seo.router.js';
import { loadSsrEntry, ssrRouter } from './modules/ssr/ssr.router.js';
import { refuseMalformedText } from './common/well-formed-text.js';

export interface AppHandle {
  app: Express;
  /** Sends queued mail; flush() sends what is due now (tests). */
  outbox: MailOutbox;
  /** Sends queued webhook deliveries; flush() sends what is due now (tests). */
  webhooks: WebhookSender;
  /** Work started by requests that runs after their answers. */
  jobs: BackgroundJobs<RequestContext>;
  /** Anonymous catalogue answers (tests that write to the database directly move it on). */
  catalogue: CatalogueCache;
  /** Use of partners' API keys, written every few seconds; flush() writes it now (tests). */
  partnerUsage: PartnerUsageCounter;
  /** Hold expiry and balance reminders; withClock(now).flush() runs a pass on another day (tests). */
  paymentSchedule: PaymentScheduleWorker;
  /** Lets the background jobs finish and stops Apollo Server (the ORM is closed by the caller). */
  close(): Promise<void>;
}

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/**
 * Builds a request's context: a fresh unit of work, the caller (from a bearer token or an API key) as its
 * principal and the facts services use. The response stays here: only the after-response jobs
 * watch it, to start once the answer has gone.
 */
function contextFactory(orm: MikroORM, shared: ContextServices) {
  const { jobs, ...services } = shared;
  return async (req: Request, res?: Response): Promise<RequestContext> => {
    // The unit of work is forked on first use: an answer from the catalogue cache, like any request
    // that reads nothing, never builds one (a fork was a tenth of a cached answer's time, with its garbage).
    let em: EntityManager | null = null;
    const unitOfWork = () => (em ??= orm.em.fork());
    const credentials = { authorization: req.get('authorization'), apiKey: req.get('x-api-key') };
    const principal = await authenticate(unitOfWork, credentials, services.config.jwtSecret).catch((e: unknown) => {
      // Raised as a 503 here: Apollo answers any other error from building the context with a 500.
      throw databaseAppError(e) ?? e;
    });
    const requestId = req.requestId ?? '';
    return withTransactions({
      ...services,
      get em() {
        return unitOfWork();
      },
      principal,
      requestId,
      ip: clientIp(req),
      userAgent: req.get('user-agent')?.slice(0, 300) ?? null,
      deviceToken: deviceTokenOf(req),
      afterResponse: (label, work) => jobs.afterResponse(res, requestId, label, work),
    });
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
 * (a shared computer, a back button after logout). The rule on /api is by exception, so a new route
 * cannot forget it: every answer, errors included, is no-store, except an anonymous GET (or HEAD)
 * of the public catalogue (isCataloguePath: /tours, /tours/filters, /tours/:id,
 * /tours/:id/departures), which keeps its ETag and the default caching. A request carrying
 * credentials (a bearer token or an API key) is no-store on every path: what it reads may depend on
 * who asks. A new public path is cacheable only once it is added to the catalogue's paths.
 */
function noStoreUnlessPublicCatalogue(req: Request, res: Response, next: NextFunction): void {
  const anonymousRead =
    (req.method === 'GET' || req.method === 'HEAD') && !req.get('authorization') && !req.get('x-api-key');
  if (!anonymousRead || !isCataloguePath(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
}

/** A REST request whose JSON body or query holds a text that is not whole Unicode is refused first. */
function refuseMalformedRequestText(req: Request, _res: Response, next: NextFunction): void {
  refuseMalformedText(req.body);
  refuseMalformedText(req.query);
  next();
}

/**
 * On /graphql any answer may carry tokens (login, refresh) or a user's data; only an anonymous GET
 * (a catalogue query, without a bearer token or an API key) may be cached.
 */
function noStoreUnlessAnonymousGet(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' || req.get('authorization') || req.get('x-api-key'))
    res.setHeader('Cache-Control', 'no-store');
  next();
}

/** The app's long-lived services, without HTTP: built and started once, then `stop` and `close`. */
export interface Services {
  /** What every context is built from. */
  shared: ContextServices;
  metrics: Metrics;
  outbox: MailOutbox;
  webhooks: WebhookSender;
  jobs: BackgroundJobs<RequestContext>;
  catalogue: CatalogueCache;
  partnerUsage: PartnerUsageCounter;
  paymentSchedule: PaymentScheduleWorker;
  /** Lets the background jobs finish, writes the counted use and stops the senders and the mail thread. */
  stop(): Promise<void>;
  /** Closes the stores (rate limits, catalogue cache) once nothing uses them. */
  close(): Promise<void>;
}

/**
 * Builds and starts the services: each worker gets only what it reads (a fresh unit of work and the
 * mailer or the configuration), so every one is complete when it is made, none bound late.
 */
export async function createServices(orm: MikroORM, config: Config): Promise<Services> {
  const metrics = new Metrics(orm);
  // One limiter per app, so each test server counts on its own.
  const limiter = metrics.countRefusals(createRateLimiter(config));
  const mailer = new Mailer(config);
  const outbox = new MailOutbox(() => ({ em: orm.em.fork(), mailer }), MAIL_TEMPLATES);
  const webhooks = new WebhookSender(() => ({ em: orm.em.fork(), config }));
  const files = new LocalFileStore(config.uploadsDir);
  const catalogue = metrics.countLookups(createCatalogueCache(config));
  // A start may follow changes no instance saw (the demo catalogue seeded, an import, a restore).
  await catalogue.changed();
  const app: AppServices = { config, limiter, mailer, outbox, webhooks, files, catalogue };
  const jobs = new BackgroundJobs<RequestContext>((job, requestId, self) =>
    systemContext(orm, { ...app, jobs: self }, job, requestId),
  );
  const shared: ContextServices = { ...app, jobs };
  outbox.start();
  webhooks.start();
  // Requests made with partners' API keys are counted per key and day, and written every few seconds.
  const partnerUsage = new PartnerUsageCounter(() => systemContext(orm, shared, 'partner-key-usage'));
  partnerUsage.start();
  const eraser = new PersonalDataEraser(() => ({ em: orm.em.fork(), config }));
  eraser.start();
  const paymentSchedule = new PaymentScheduleWorker(() => systemContext(orm, shared, 'payment-schedule'));
  paymentSchedule.start();
  return {
    shared,
    metrics,
    outbox,
    webhooks,
    jobs,
    catalogue,
    partnerUsage,
    paymentSchedule,
    async stop() {
      jobs.resume();
      await jobs.idle();
      await paymentSchedule.stop();
      await partnerUsage.stop();
      await eraser.stop();
      await outbox.stop();
      await webhooks.stop();
      // Last, once nothing sends any more: the mail thread finishes the mails in flight and ends.
      await mailer.close();
    },
    async close() {
      await limiter.close();
      await catalogue.close();
    },
  };
}

/**
 * The one Express app over the services: /graphql, /api, /uploads, /health and the built client
 * with an SPA fallback. `close` stops Apollo Server.
 */
export async function createHttpApp(
  orm: MikroORM,
  services: Services,
  options: AppOptions = {},
): Promise<{ app: Express; close(): Promise<void> }> {
  const { shared, metrics, catalogue, partnerUsage } = services;
  const { config, limiter } = shared;
  const hardened = options.hardening !== false;
  const only = (...handlers: RequestHandler[]): RequestHandler[] => (hardened ? handlers : []);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  app.use(requestId);
  app.use(observeRequests(metrics));
  app.use(requestTimeout(config.requestTimeoutMs));
  if (hardened) app.use(securityHeaders({ hstsMaxAge: config.hstsMaxAge, sandbox: !config.production }));
  const makeContext = contextFactory(orm, shared);

  // Readiness covers Redis only when it is configured: the in-memory limiter cannot be down.
  app.use(healthRouter(orm, config.redisUrl ? { redis: () => limiter.ping() } : {}));
  // /metrics reads the database: it counts against the caller's API quota like /graphql and /api.
  app.use('/metrics', ...only(addressRateLimit(limiter, config.rateLimits.api, clientIp)));
  app.use(metricsRouter(metrics, { token: config.metricsToken, production: config.production }));
  // The client's operations get their own series in the metrics once its build is known.
  // `npm run dev`: the client from its sources through Vite (hot reload, server render of the current code).
  const viteDev = config.clientDevServer ? await (await import('./modules/ssr/vite-dev.js')).viteDevClient() : null;
  const ssrEntry = viteDev ? viteDev.entry : await loadSsrEntry(config.clientDist);
  metrics.knowOperations(ssrEntry?.operationNames ?? []);

  await prepareUploadTempDir(config.dataDir);
  const apollo = await createApolloServer(config.production, { queryLimits: hardened });
  // Each API request first gets its context (the caller), then counts against the caller's quota. A
  // context that cannot be built goes to the error handlers, which log it with the request id (a
  // database outage stays a 503).
  const withContext = async (req: Request, res: Response, next: NextFunction) => {
    req.ctx ??= await makeContext(req, res);
    next();
  };
  const cors = only(corsPolicy(config.corsOrigins));
  const apiLimit = only(apiRateLimit(quotaByCaller, (ctx, allowed) => partnerUsage.count(ctx.principal, allowed)));
  app.use(
    '/graphql',
    cors,
    noStoreUnlessAnonymousGet,
    withContext,
    apiLimit,
    refuseRefusedApiKeys,
    graphqlMultipart(makeContext, config),
    express.json({ limit: GRAPHQL_BODY_MAX_BYTES }),
    cachedGraphqlAnswers(),
    expressMiddleware(apollo, { context: async ({ req, res }) => graphqlContext(ctxOf(req), res) }),
    graphqlErrorHandler,
  );

  // Before every /api route, Stripe's webhook included.
  app.use('/api', noStoreUnlessPublicCatalogue);

  // Stripe signs the raw bytes: its webhook is read before any JSON body parser (and is not
  // rate limited per address: Stripe sends every event from a few addresses).
  app.use(stripeWebhookRouter(makeContext), restErrorHandler);

  app.use(
    '/api',
    cors,
    withContext,
    apiLimit,
    refuseRefusedApiKeys,
    jsonOrMultipartBody,
    express.json({ limit: REST_JSON_MAX_BYTES }),
    refuseMalformedRequestText,
    cachedRestAnswers({ tours: TOUR_LIST_PARAMS, departures: DEPARTURE_LIST_PARAMS }),
    restRouters(),
    (req: Request) => {
      throw new NotFoundError(`No such API path: ${req.method} ${req.originalUrl.split('?')[0]}`);
    },
    restErrorHandler,
  );

  mkdirSync(config.uploadsDir, { recursive: true });
  app.use(
    '/uploads',
    express.static(config.uploadsDir, { index: false, dotfiles: 'deny', fallthrough: true, maxAge: '7d' }),
    (_req: Request, _res: Response, next: NextFunction) => next(new NotFoundError('File not found')),
  );

  app.use(seoRouter(orm, config));
  if (viteDev) app.use(viteDev.middlewares);
  app.use(
    ssrRouter({
      apollo,
      makeContext,
      config,
      catalogue,
      entry: ssrEntry,
      rateLimited: hardened,
      templateFile: viteDev?.templateFile,
    }),
  );

  const indexHtml = path.join(config.clientDist, 'index.html');
  if (viteDev) {
    app.get('/{*path}', viteDev.shell);
  } else if (existsSync(indexHtml)) {
    app.use(
      express.static(config.clientDist, {
        index: false,
        setHeaders(res, file) {
          if (/[\\/]assets[\\/]/.test(file)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // SPA fallback: any other GET that wants HTML gets the app (a reload of /tour/123 works); a
    // missing file (/assets/<old chunk>.js, /favicon-x.png) goes on to the 404 below.
    app.get('/{*path}', (req, res, next) => {
      if (!req.accepts('html') || isFilePath(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml);
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('Tembea API is running. The client is not built: run `npm run build`.');
    });
  }
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A file missing now may be there in a moment (another instance mid-deploy): let no cache keep the 404.
    if (isFilePath(req.path)) res.setHeader('Cache-Control', 'no-store');
    next(new NotFoundError('Not found'));
  });
  // Anything else that fails (a malformed %-escape in a path, say): `{ message }`, never Express's HTML stack page.
  app.use(restErrorHandler);

  return {
    app,
    async close() {
      await apollo.stop();
      await viteDev?.close();
    },
  };
}

/** The services and the Express app over them, closed together. */
export async function createApp(orm: MikroORM, config: Config, options: AppOptions = {}): Promise<AppHandle> {
  const services = await createServices(orm, config);
  const http = await createHttpApp(orm, services, options);
  const { outbox, webhooks, jobs, catalogue, partnerUsage, paymentSchedule } = services;
  return {
    app: http.app,
    outbox,
    webhooks,
    jobs,
    catalogue,
    partnerUsage,
    paymentSchedule,
    async close() {
      await services.stop();
      await http.close();
      await services.close();
    },
  };
}
