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

/**
 * The site's public origin in the browser: the one its server render wrote into the canonical link
 * (so a page shows the same addresses after hydration as in its HTML), else the page's own.
 */
function browserOrigin(): string {
  if (typeof window === 'undefined') return '';
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    if (canonical) return new URL(canonical).origin;
  } catch {
    // A malformed link: fall back to the page's own origin.
  }
  return window.location.origin;
}

/** In the browser: the site's origin, and meta goes only to document.title and the description. */
export const BROWSER_META_SINK: PageMetaSink = { origin: browserOrigin() };

export const PageMetaContext = createContext<PageMetaSink>(BROWSER_META_SINK);

/** The site's origin: the page's own in the browser, the public URL in a server render. */
export function useSiteOrigin(): string {
  return useContext(PageMetaContext).origin;
}
