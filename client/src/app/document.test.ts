import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '@tembea/schema';
import { bootScriptTag, headTags, screenStyleTags, writeDocument } from './document';

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-A.js', css: ['assets/index-A.css'], isEntry: true },
  'src/boot.ts': { file: 'assets/boot-E.js', isEntry: true },
  '_shared-B.js': { file: 'assets/shared-B.js', imports: ['index.html'], css: ['assets/shared-B.css'] },
  'src/features/tours/ToursPage.tsx': {
    file: 'assets/ToursPage-C.js',
    imports: ['index.html', '_shared-B.js', '_list-D.js'],
  },
  '_list-D.js': { file: 'assets/list-D.js', imports: ['_shared-B.js'] },
};

describe("a page's screen", () => {
  it("adds the style sheets of its chunk and every chunk it imports, but not the entry's", () => {
    expect(screenStyleTags(manifest, 'src/features/tours/ToursPage.tsx')).toBe(
      '    <link rel="stylesheet" crossorigin href="/assets/shared-B.css" />\n',
    );
  });

  it('has the boot script fetch the entry, then its chunk and every chunk it imports once', () => {
    expect(bootScriptTag(manifest, 'src/features/tours/ToursPage.tsx')).toBe(
      '<script type="module" crossorigin src="/assets/boot-E.js" ' +
        'data-modules="/assets/index-A.js /assets/ToursPage-C.js /assets/shared-B.js /assets/list-D.js"></script>',
    );
  });

  it('adds no style sheet without a manifest or for a module it does not know, and no boot script without a manifest', () => {
    expect(screenStyleTags(undefined, 'src/features/tours/ToursPage.tsx')).toBe('');
    expect(screenStyleTags(manifest, 'src/features/nope.tsx')).toBe('');
    expect(screenStyleTags(manifest, undefined)).toBe('');
    expect(bootScriptTag(undefined, 'src/features/tours/ToursPage.tsx')).toBeNull();
    expect(bootScriptTag(manifest, undefined)).toBe(
      '<script type="module" crossorigin src="/assets/boot-E.js" data-modules="/assets/index-A.js"></script>',
    );
  });

  it("replaces index.html's entry script with the boot script", () => {
    const template =
      '<html><head>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n  </head>' +
      '<body><div id="root"></div></body></html>';
    const script = bootScriptTag(manifest, 'src/features/tours/ToursPage.tsx');
    const html = writeDocument(template, { head: '', app: '<p>x</p>', state: {}, script });
    expect(html).toContain(script);
    expect(html).not.toContain('src="/assets/index-A.js"');
    expect(writeDocument(template, { head: '', app: '<p>x</p>', state: {} })).toContain('src="/assets/index-A.js"');
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
