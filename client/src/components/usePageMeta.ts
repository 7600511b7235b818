import { useContext, useEffect } from 'react';
import { PageMetaContext, type PageMeta } from './page-meta';

export const SITE_NAME = 'Tembea';
export const JSON_LD_ID = 'page-json-ld';
// The description index.html ships, restored on pages that give none of their own.
const SITE_DESCRIPTION =
  typeof document === 'undefined'
    ? ''
    : (document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '');

function setMetaDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/**
 * Sets the page's title, meta description and (optionally) a schema.org JSON-LD block in the
 * head. The JSON-LD is a data block, never executed, so the server's script-src CSP allows it.
 * In a server render the meta goes to the render instead, which writes it into the head with the
 * canonical link and the link-preview tags.
 */
export function usePageMeta(
  title: string,
  description?: string,
  extra: Omit<PageMeta, 'title' | 'description'> = {},
): void {
  const { collect } = useContext(PageMetaContext);
  collect?.({ title, description, ...extra });
  const ld = extra.jsonLd ? JSON.stringify(extra.jsonLd) : null;
  useEffect(() => {
    document.title = `${title} – ${SITE_NAME}`;
    setMetaDescription(description ?? SITE_DESCRIPTION);
  }, [title, description]);
  useEffect(() => {
    if (!ld) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = JSON_LD_ID;
    // '<' is escaped so a tour text can never close the script element.
    script.textContent = ld.replace(/</g, '\\u003c');
    document.getElementById(JSON_LD_ID)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [ld]);
}
