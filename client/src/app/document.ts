import { AFTER_PAINT_LOADER, escapeHtml, PAGE_MODULES_ID, SSR_STATE_ID, type ClientManifest } from '@tembea/schema';
import type { PageMeta } from '../components/page-meta';
import { JSON_LD_ID, SITE_NAME } from '../components/usePageMeta';

const ROOT = '<div id="root"></div>';
/**
 * The link-preview picture of a page without one of its own, or whose own is an SVG (crawlers often
 * ignore SVG): a JPEG of the first hero slide at the Open Graph size (scripts/og-image.mjs).
 */
export const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 };
// The head tags a page replaces: index.html's own title and description.
const TEMPLATE_HEAD = [/<title>[^<]*<\/title>\s*/, /<meta name="description"[^>]*>\s*/];

/** JSON inside a script element: `<` escaped, so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The head tags of a server-rendered page: title, description, canonical link, Open Graph and
 * Twitter card tags (the picture as an absolute URL, a raster image) and the page's schema.org data.
 */
export function headTags(meta: PageMeta, origin: string, pathname: string, fallbackDescription: string): string {
  const title = `${meta.title} – ${SITE_NAME}`;
  const description = meta.description ?? fallbackDescription;
  const url = `${origin}${pathname}`;
  const own = meta.image && !/\.svg(?:[?#]|$)/i.test(meta.image) ? meta.image : null;
  const image = own ?? `${origin}${OG_IMAGE.path}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(own
      ? []
      : [
          `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
          `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
        ]),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  if (meta.jsonLd)
    tags.push(`<script type="application/ld+json" id="${JSON_LD_ID}">${scriptJson(meta.jsonLd)}</script>`);
  return tags.map((t) => `    ${t}\n`).join('');
}

/**
 * The scripts a server-rendered page runs, as site paths: the app's entry first, then every chunk
 * the entry imports, with or without import() (React and the app, which it evaluates in turn), and
 * the page's lazily loaded screen with each chunk it imports: all fetched together with the entry,
 * not one after another. Without a manifest, none: the page then keeps the template's own script tag.
 */
export function pageModules(manifest: ClientManifest | undefined, module: string | undefined): string[] {
  if (!manifest) return [];
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  const files = entries.map(([, c]) => c.file);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!files.includes(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, entry] of entries) {
    visit(key);
    for (const loaded of entry.dynamicImports ?? []) visit(loaded);
  }
  if (module) visit(module);
  return files.map((f) => `/${f}`);
}

/**
 * The template without the tags that fetch `modules` at load: the script tag of the entry (the
 * first), which it must have (else null), and the build's module preloads of any of them (the
 * chunks the entry imports), which the loader adds itself once the page is drawn.
 */
function withoutModuleTags(template: string, modules: readonly string[]): string | null {
  const [entry] = modules;
  const tag = [...template.matchAll(/\s*<script type="module"[^>]*><\/script>/g)].find((m) =>
    m[0].includes(` src="${entry}"`),
  );
  if (!tag) return null;
  return template
    .replace(tag[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]* href="([^"]*)"[^>]*>/g, (link, href: string) =>
      modules.includes(href) ? '' : link,
    );
}

/**
 * Writes a server render into the built index.html: the page's head tags in place of the
 * template's title and description, its markup in #root and the Apollo cache it was rendered from
 * as a JSON data block. With the page's `modules` (the entry first), the template's entry script
 * tag gives way to a list of them and the loader that fetches them once the page is drawn (the one
 * inline script, which the Content-Security-Policy admits by its hash).
 */
export function writeDocument(
  template: string,
  parts: { head: string; app: string; state: unknown; modules?: readonly string[] },
): string {
  if (!template.includes(ROOT) || !template.includes('</head>'))
    throw new Error('index.html has no <div id="root"></div> or </head>');
  let html = template;
  // Functions as replacements throughout: a `$` in the page's text is inserted as it is.
  for (const re of TEMPLATE_HEAD) html = html.replace(re, '');
  // Resources React hoists out of the page (image preloads) open its markup: they belong in the head.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(parts.app)![0];
  html = html.replace(/\s*<\/head>/, () => `\n${hoisted ? `    ${hoisted}\n` : ''}${parts.head}  </head>`);
  const app = parts.app.slice(hoisted.length);
  let scripts = `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(parts.state)}</script>`;
  const withoutEntry = parts.modules?.[0] ? withoutModuleTags(html, parts.modules) : null;
  if (withoutEntry) {
    html = withoutEntry;
    scripts +=
      `\n    <script type="application/json" id="${PAGE_MODULES_ID}">${scriptJson(parts.modules)}</script>` +
      `\n    <script>${AFTER_PAINT_LOADER}</script>`;
  }
  return html.replace(ROOT, () => `<div id="root">${app}</div>\n    ${scripts}`);
}

/** The description index.html ships, for pages that give none of their own. */
export function templateDescription(template: string): string {
  const m = /<meta name="description" content="([^"]*)"/.exec(template);
  return m?.[1]
    ? m[1]
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : '';
}
