import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import type { SsrOperation, SsrOperationResult, SsrRequest, SsrResult } from '@tembea/schema';
import type { PageMeta } from '../components/page-meta';
import { createApolloCache } from '../lib/apollo';
import { headTags, pageModules, templateDescription, writeDocument } from './document';
import { AppProvider } from './provider';
import { routes, type RouteHandle } from './router';

export { operationNames } from './operation-names';

declare module '@apollo/client' {
  interface DefaultContext {
    /**
     * The page renders without this query's answer (a price quote beside the tour): its GraphQL
     * errors leave its component to show what it shows without one, instead of failing the render.
     * That component must render the same while the browser, hydrating, asks for it again.
     */
    ssrOptional?: boolean;
  }
}

/** Render passes after which a page still asking for data is given up (a query waterfall bug). */
const MAX_RENDERS = 8;

/**
 * Runs the page's operations through the server's `execute`. A GraphQL error fails the render (the
 * browser would not get the error from the cache and would render differently), unless the
 * operation is `ssrOptional`: the page is whole without it.
 */
function serverLink(execute: (op: SsrOperation) => Promise<SsrOperationResult>, failures: string[]): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        // Variables as JSON carries them over HTTP: an undefined one is left out, so its default applies.
        const variables = JSON.parse(JSON.stringify(operation.variables ?? {})) as Record<string, unknown>;
        const optional = operation.getContext().ssrOptional === true;
        execute({ query: print(operation.query), variables, operationName: operation.operationName })
          .then((result) => {
            if (result.errors?.length && !optional)
              failures.push(`${operation.operationName}: ${result.errors.map((e) => e.message).join('; ')}`);
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((e: unknown) => observer.error(e));
      }),
  );
}

/**
 * The server render of a public page: its routes' components with the data of their queries, the
 * page's head tags, and the Apollo cache for hydration. Pages without the `ssr` route handle are
 * left to the browser (null).
 */
export async function render(request: SsrRequest): Promise<SsrResult | null> {
  const matches = matchRoutes(routes, request.url);
  const handle = matches?.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.ssr) return null;

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(request.url, request.origin), { signal: request.signal }));
  if (context instanceof Response) throw new Error(`the routes answered ${context.status} without a page`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const failures: string[] = [];
  const client = new ApolloClient({
    ssrMode: true,
    cache: createApolloCache(),
    link: serverLink(request.execute, failures),
  });
  const collected: { meta?: PageMeta } = {};
  const sink = {
    origin: request.origin,
    collect: (m: PageMeta) => {
      collected.meta = m;
    },
  };
  const tree = (
    <StrictMode>
      <AppProvider client={client} meta={sink}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  const { result, aborted } = await prerenderStatic({
    tree,
    // Every Suspense boundary inline, however large: React would otherwise move big ones behind an
    // inline script, which the Content-Security-Policy forbids and a browser without JS never runs.
    renderFunction: (node) =>
      prerenderToNodeStream(node, { signal: request.signal, progressiveChunkSize: Number.POSITIVE_INFINITY }),
    signal: request.signal,
    maxRerenders: MAX_RENDERS,
  });
  if (aborted) throw new Error('the render was stopped before its data arrived');
  if (failures.length) throw new Error(`GraphQL errors: ${failures.join(' | ')}`);
  const page = collected.meta;
  if (!page) throw new Error('the page set no meta (usePageMeta)');

  const head = headTags(page, request.origin, context.location.pathname, templateDescription(request.template));
  const html = writeDocument(request.template, {
    head,
    app: result,
    state: client.extract(),
    modules: pageModules(request.manifest, handle.module),
  });
  return { status: page.notFound ? 404 : 200, html };
}
