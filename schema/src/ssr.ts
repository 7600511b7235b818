/**
 * What the server and the client's server-render entry agree on. The server loads the built entry
 * (client/dist-ssr/entry-server.js) and calls its `render`; the entry runs the page's GraphQL
 * operations through `execute`, which the server answers in process with its own schema.
 */

/** One GraphQL operation of a server render. */
export interface SsrOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** The answer to an operation, as the GraphQL endpoint would send it. */
export interface SsrOperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

export interface SsrRequest {
  /** Path and query of the page (`/tour/3?x=1`). */
  url: string;
  /** The site's public origin (PUBLIC_URL): canonical links and absolute image URLs. */
  origin: string;
  /** The built index.html the page is written into. */
  template: string;
  /** The client build's manifest (dist/.vite/manifest.json): the page's own chunks are listed in its head. */
  manifest?: ClientManifest;
  execute(operation: SsrOperation): Promise<SsrOperationResult>;
  /** Stops waiting for data; the render then fails. */
  signal?: AbortSignal;
}

/** One chunk of the client build's manifest, keyed there by its source file (`src/features/x/Page.tsx`). */
export interface ClientManifestChunk {
  file: string;
  /** Keys of the chunks this one imports statically. */
  imports?: string[];
  /** Keys of the chunks this one imports with import(). */
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type ClientManifest = Record<string, ClientManifestChunk>;

export interface SsrResult {
  /** 200, or 404 when the page says that what it shows does not exist. */
  status: number;
  /** The whole document: the page's head tags, its markup in #root and the data it was rendered from. */
  html: string;
}

/**
 * The module the client's SSR build emits. `render` answers null for pages rendered in the browser
 * only (account and admin screens), and rejects when the page cannot be rendered.
 */
export interface SsrEntry {
  render(request: SsrRequest): Promise<SsrResult | null>;
  /**
   * The name of every GraphQL operation the client sends (its generated documents, public and
   * admin): the server's metrics give these series of their own and count any other name as `other`.
   */
  operationNames?: readonly string[];
}

/** The id of the JSON data block that carries the Apollo cache of a server-rendered page. */
export const SSR_STATE_ID = '__APOLLO_STATE__';

/** The id of the JSON data block listing a server-rendered page's scripts: the entry first, then the page's own chunks. */
export const PAGE_MODULES_ID = '__PAGE_MODULES__';

/**
 * The one inline script of a server-rendered page; the Content-Security-Policy admits exactly this
 * text by its SHA-256 hash. Once the browser has recorded the first contentful paint of the
 * server's HTML, it preloads the page's own chunks and imports the entry, which hydrates the page.
 * Asked for in the head, the app's scripts share a slow connection with the HTML and the stylesheet
 * and hold back the first paint, though the page needs none of them to be read.
 *
 * The first frame's callback alone comes too early: the frame is presented, and its paint recorded,
 * a few milliseconds after it, so the scripts' requests were already on the wire when the page
 * first showed its text, and a slow link counts them in the first paint. So the loader waits for
 * the paint itself, as the Paint Timing API reports it; where that API is missing it starts after
 * the first frame, and in any case half a second after it (a page that never paints content must
 * still get its app). A page opened in a background tab draws no frame until it is shown, so there
 * it starts at once.
 */
export const AFTER_PAINT_LOADER = `(() => {
  const modules = JSON.parse(document.getElementById('${PAGE_MODULES_ID}').textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules.slice(1)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(modules[0]);
  };
  if (document.visibilityState === 'hidden') return start();
  const paintTiming =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (paintTiming)
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => setTimeout(start, paintTiming ? 500 : 0));
})();`;
