import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { ApolloServer } from '@apollo/server';
import type { ClientManifest, SsrEntry, SsrOperation, SsrOperationResult } from '@tembea/schema';
import type { Config } from '../../config.js';
import { countRequest, quotaByCaller } from '../../common/api-rate-limit.js';
import { cachedOperation } from '../../common/cached-answers.js';
import type { CatalogueCache } from '../../common/catalogue-cache.js';
import type { RequestContext } from '../../common/context.js';
import { RateLimitedError, loggableError } from '../../common/errors.js';
import { isFilePath } from '../../common/file-paths.js';
import { log } from '../../common/logger.js';
import { graphqlContext, type GraphQLContext } from '../../graphql/context.js';

/** How long a page may wait for its data before the browser is left to render it. */
const RENDER_TIMEOUT_MS = 5_000;

export interface SsrDeps {
  apollo: ApolloServer<GraphQLContext>;
  makeContext: (req: Request, res: Response) => Promise<RequestContext>;
  config: Pick<Config, 'clientDist' | 'publicUrl'>;
  /** Anonymous catalogue answers, shared with /graphql's: a page's data is read once per catalogue change. */
  catalogue: CatalogueCache;
  /** The client's server-render build (loadSsrEntry); null serves no page here. */
  entry: SsrEntry | null;
  /** Whether a render that reads the database counts against its caller's API quota (off only when unhardened). */
  rateLimited: boolean;
  /** The page template, when not the client build's index.html (`npm run dev`: client/index.html). */
  templateFile?: string;
}

/** What one render's operations learnt: the refusal of the caller's quota, when it was used up. */
interface RenderState {
  refusal?: RateLimitedError;
}

/** The client's server-render build: `dist-ssr/entry-server.js` beside the client build folder. */
export function ssrEntryFile(clientDist: string): string {
  return path.join(path.dirname(clientDist), 'dist-ssr', 'entry-server.js');
}

/** The client's server-render build, or null when it (or the client build) is missing or cannot be loaded: pages are then rendered in the browser. */
export async function loadSsrEntry(clientDist: string): Promise<SsrEntry | null> {
  const entryFile = ssrEntryFile(clientDist);
  if (!existsSync(path.join(clientDist, 'index.html')) || !existsSync(entryFile)) return null;
  try {
    return (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  } catch (e) {
    log.error('server render build could not be loaded: pages are rendered in the browser', {
      entryFile,
      error: String(e),
    });
    return null;
  }
}

/**
 * Runs the render's operations in process through Apollo Server (the same schema, limits and error
 * masking as /graphql) as an anonymous caller: a server-rendered page never holds a user's data.
 * Catalogue queries are answered from the catalogue cache when it holds them. The context is built
 * on the first operation that reads the database, so a page without data opens no unit of work.
 * That first operation also counts the render against the caller's API quota (by address, as the
 * render is anonymous), once per render: pages cannot read the database for a caller /graphql refuses.
 */
function executor(
  deps: SsrDeps,
  req: Request,
  res: Response,
  state: RenderState,
): (op: SsrOperation) => Promise<SsrOperationResult> {
  let context: Promise<RequestContext> | null = null;
  const run = async (op: SsrOperation): Promise<SsrOperationResult> => {
    context ??= deps.makeContext(req, res).then(async (made) => {
      const ctx: RequestContext = { ...made, principal: { kind: 'anonymous' } };
      if (deps.rateLimited) {
        await countRequest(ctx.limiter, quotaByCaller(ctx)).catch((e: unknown) => {
          if (e instanceof RateLimitedError) state.refusal = e;
          throw e;
        });
      }
      return ctx;
    });
    const answer = await deps.apollo.executeOperation(op, { contextValue: graphqlContext(await context, res) });
    if (answer.body.kind !== 'single')
      return { errors: [{ message: 'Incremental delivery is not used in server renders' }] };
    return answer.body.singleResult as SsrOperationResult;
  };
  return (op) => cachedOperation(deps.catalogue, op, () => run(op));
}

/**
 * Public pages as HTML with their content, data and head tags, rendered from the client's own
 * components (the client hydrates them). A page the client renders in the browser only, a missing
 * build or a failed render falls through to the SPA shell served after this router; a failure is
 * logged, never answered with an error page. A caller over its API quota gets the SPA shell with 429
 * and Retry-After (the app in the browser then shows the refusal /graphql answers it). A path naming
 * a file is never a page. Pages and the
 * client's files (/assets, served after this router) are compressed for browsers that accept it.
 */
export function ssrRouter(deps: SsrDeps): Router {
  const r = Router();
  r.use('/assets', compression());
  const ssr = deps.entry;
  if (!ssr) return r;
  const template = readFileSync(deps.templateFile ?? path.join(deps.config.clientDist, 'index.html'), 'utf8');
  const manifestFile = path.join(deps.config.clientDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest)
    : undefined;

  r.get('/{*path}', compression(), async (req: Request, res: Response, next: NextFunction) => {
    if (!req.accepts('html') || isFilePath(req.path)) return next();
    const state: RenderState = {};
    const refused = (): boolean => {
      if (!state.refusal) return false;
      res.status(429).setHeader('Retry-After', String(state.refusal.retryAfterSeconds));
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(template);
      return true;
    };
    try {
      const page = await ssr.render({
        url: req.originalUrl,
        origin: deps.config.publicUrl,
        template,
        manifest,
        execute: executor(deps, req, res, state),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      if (refused()) return;
      if (!page) return next();
      res.status(page.status);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(page.html);
    } catch (e) {
      if (refused()) return;
      log.error('server render failed: sending the SPA shell', {
        requestId: req.requestId,
        path: req.path,
        error: loggableError(e),
      });
      next();
    }
  });
  return r;
}
