import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SsrEntry } from '@tembea/schema';
import { isFilePath } from '../../common/file-paths.js';
import { log } from '../../common/logger.js';

/** The client served by Vite's dev server inside this server (`npm run dev`; config.clientDevServer). */
export interface ViteDevClient {
  /** Vite's own middlewares: the client's modules from client/src, /@vite/client, hot reload. */
  middlewares: RequestHandler;
  /** The server render, loading the current entry-server.tsx and index.html on every page. */
  entry: SsrEntry;
  /** client/index.html, the template of every page. */
  templateFile: string;
  /** The SPA shell (index.html with Vite's client) for a page rendered in the browser only. */
  shell: RequestHandler;
  close(): Promise<void>;
}

/**
 * Loosens the page's Content-Security-Policy (set by securityHeaders before this) for what Vite needs
 * in development: its inline React Refresh preamble, the styles it injects, its HMR WebSocket.
 */
function devPolicy(res: Response): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const add: Record<string, string> = {
    'script-src': "'unsafe-inline'",
    'style-src': "'unsafe-inline'",
    'connect-src': 'ws:',
  };
  res.setHeader(
    'Content-Security-Policy',
    policy
      .split(';')
      .map((d) => {
        const name = d.trim().split(/\s+/)[0] ?? '';
        return add[name] ? `${d.trim()} ${add[name]}` : d.trim();
      })
      .join('; '),
  );
}

/** The client's folder: client/ beside server/ (the same from src and from dist). */
export const CLIENT_ROOT = path.resolve(import.meta.dirname, '../../../../client');

/**
 * Starts Vite in middleware mode on the client's own config (development only: `vite` is a dev
 * dependency and is imported here only). Hot updates go over Vite's own WebSocket port
 * (CLIENT_HMR_PORT, 24678 by default).
 */
export async function viteDevClient(clientRoot = CLIENT_ROOT): Promise<ViteDevClient> {
  const { createServer } = await import('vite');
  const hmrPort = Number(process.env.CLIENT_HMR_PORT ?? 24678);
  const vite = await createServer({
    root: clientRoot,
    configFile: path.join(clientRoot, 'vite.config.ts'),
    appType: 'custom',
    // The config is run in Vite's module runner: the default bundles it to a temporary file that
    // this process imports and Vite deletes, which `node --watch` takes for a change (a restart loop).
    configLoader: 'runner',
    // The config's proxy (for `vite` alone on 5173) would send /graphql back to this very server.
    server: { middlewareMode: true, ws: { port: hmrPort }, proxy: {} },
  });
  const templateFile = path.join(clientRoot, 'index.html');
  const template = (url: string) => vite.transformIndexHtml(url, readFileSync(templateFile, 'utf8'));
  const load = async () => (await vite.ssrLoadModule('/src/app/entry-server.tsx')) as SsrEntry;
  const fixStack = (e: unknown) => {
    if (e instanceof Error) vite.ssrFixStacktrace(e);
    return e;
  };
  // Only the operation names before the server listens (the metrics need them): the app itself is
  // loaded in the background, so a restart serves the API sooner. A page asked for before that load
  // ends waits for it, and may fall back to the SPA shell when it outlasts the render's time limit.
  const { operationNames } = (await vite.ssrLoadModule('/src/app/operation-names.ts')) as Pick<
    SsrEntry,
    'operationNames'
  >;
  load().catch((e: unknown) =>
    log.warn('the client app could not be loaded for server renders yet', { error: String(fixStack(e)) }),
  );
  return {
    middlewares: (req: Request, res: Response, next: NextFunction) => {
      devPolicy(res);
      (vite.middlewares as unknown as RequestHandler)(req, res, next);
    },
    templateFile,
    entry: {
      operationNames,
      async render(request) {
        try {
          const [entry, html] = await Promise.all([load(), template(request.url)]);
          // No manifest: Vite serves each module itself.
          return await entry.render({ ...request, template: html, manifest: undefined });
        } catch (e) {
          throw fixStack(e);
        }
      },
    },
    shell: (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || !req.accepts('html') || isFilePath(req.path)) return next();
      template(req.originalUrl).then(
        (html) => res.setHeader('Cache-Control', 'no-cache').type('html').send(html),
        (e: unknown) => next(fixStack(e)),
      );
    },
    close: () => vite.close(),
  };
}
