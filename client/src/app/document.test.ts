import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, PAGE_MODULES_ID, type ClientManifest } from '@tembea/schema';
import { headTags, pageModules, writeDocument } from './document';

const manifest: ClientManifest = {
  'index.html': {
    file: 'assets/index-A.js',
    css: ['assets/index-A.css'],
    isEntry: true,
    imports: ['_runtime-R.js'],
    dynamicImports: ['_react-E.js', '_app-F.js'],
  },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_react-E.js': { file: 'assets/react-E.js', imports: ['_runtime-R.js'] },
  '_app-F.js': {
    file: 'assets/app-F.js',
    imports: ['_runtime-R.js', '_react-E.js'],
    dynamicImports: ['src/features/tours/ToursPage.tsx', 'src/features/admin/AdminPage.tsx'],
  },
  '_shared-B.js': { file: 'assets/shared-B.js', imports: ['_app-F.js'], css: ['assets/shared-B.css'] },
  'src/features/tours/ToursPage.tsx': {
    file: 'assets/ToursPage-C.js',
    imports: ['_app-F.js', '_shared-B.js', '_list-D.js'],
  },
  'src/features/admin/AdminPage.tsx': { file: 'assets/AdminPage-G.js', imports: ['_app-F.js'] },
  '_list-D.js': { file: 'assets/list-D.js', imports: ['_shared-B.js'] },
};

/** The entry and what it loads on every page, in order. */
const BOOT = ['/assets/index-A.js', '/assets/runtime-R.js', '/assets/react-E.js', '/assets/app-F.js'];

describe('pageModules', () => {
  it("lists the entry, what the entry loads, then the page's screen chunk and every chunk it imports, once each", () => {
    expect(pageModules(manifest, 'src/features/tours/ToursPage.tsx')).toEqual([
      ...BOOT,
      '/assets/ToursPage-C.js',
      '/assets/shared-B.js',
      '/assets/list-D.js',
    ]);
  });

  it('lists no screen the page does not show, nor one for a module it does not know; nothing without a manifest', () => {
    expect(pageModules(manifest, 'src/features/nope.tsx')).toEqual(BOOT);
    expect(pageModules(manifest, undefined)).toEqual(BOOT);
    expect(pageModules(undefined, 'src/features/tours/ToursPage.tsx')).toEqual([]);
  });
});

describe('writeDocument', () => {
  const template = [
    '<html><head><title>x</title>',
    '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/runtime-R.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/elsewhere-X.js">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const parts = { head: '', app: '<p>hi</p>', state: { a: 1 } };

  it("moves the template's entry script after the page: a list of the modules and the loader that fetches them", () => {
    const html = writeDocument(template, {
      ...parts,
      modules: ['/assets/index-A.js', '/assets/runtime-R.js', '/assets/ToursPage-C.js'],
    });
    expect(html).not.toContain('<script type="module"');
    // What the loader fetches is not fetched before the first paint: a listed chunk loses its preload tag.
    expect(html).not.toContain('href="/assets/runtime-R.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/elsewhere-X.js">');
    expect(html).toContain(
      `<script type="application/json" id="${PAGE_MODULES_ID}">["/assets/index-A.js","/assets/runtime-R.js","/assets/ToursPage-C.js"]</script>`,
    );
    expect(html).toContain(`<script>${AFTER_PAINT_LOADER}</script>`);
    expect(html.indexOf(AFTER_PAINT_LOADER)).toBeGreaterThan(html.indexOf('<p>hi</p>'));
  });

  it("keeps the template's own script when it has no tag for the listed entry, or no modules are given", () => {
    for (const modules of [['/assets/other.js'], [], undefined]) {
      const html = writeDocument(template, { ...parts, modules });
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
      expect(html).not.toContain(PAGE_MODULES_ID);
      expect(html).not.toContain(AFTER_PAINT_LOADER);
    }
  });
});

describe('headTags link preview', () => {
  const meta = (image?: string) => ({ title: 'T', image });
  const imageOf = (html: string) => /property="og:image" content="([^"]*)"/.exec(html)?.[1];

  it('uses a raster page picture as it is, and the site JPEG (with its size) without one or for an SVG', () => {
    expect(imageOf(headTags(meta('https://x.example/uploads/tours/a.webp'), 'https://x.example', '/tour/1', ''))).toBe(
      'https://x.example/uploads/tours/a.webp',
    );
    for (const html of [
      headTags(meta(), 'https://x.example', '/', ''),
      headTags(meta('https://x.example/uploads/demo/a.svg'), 'https://x.example', '/tour/1', ''),
    ]) {
      expect(imageOf(html)).toBe('https://x.example/og-image.jpg');
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toContain('<meta name="twitter:image" content="https://x.example/og-image.jpg" />');
    }
  });
});
