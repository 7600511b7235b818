import { createContext, useContext } from 'react';

/** What a page says about itself: the head tags of its server render and the title in the browser. */
export interface PageMeta {
  title: string;
  description?: string;
  /** schema.org data of the page (a data block in the head, never executed). */
  jsonLd?: object | null;
  /** Absolute URL of the page's picture for link previews (Open Graph, Twitter cards). */
  image?: string;
  /** The page shows that what was asked for does not exist: a server render answers 404. */
  notFound?: boolean;
}

export interface PageMetaSink {
  /** The site's origin: canonical links and absolute image URLs. */
  origin: string;
  /** Receives the page's meta while a server render runs; the last call wins. */
  collect?: (meta: PageMeta) => void;
}

/** In the browser: the page's own origin, and meta goes only to document.title and the description. */
export const BROWSER_META_SINK: PageMetaSink = { origin: typeof window === 'undefined' ? '' : window.location.origin };

export const PageMetaContext = createContext<PageMetaSink>(BROWSER_META_SINK);

/** The site's origin: the page's own in the browser, the public URL in a server render. */
export function useSiteOrigin(): string {
  return useContext(PageMetaContext).origin;
}
