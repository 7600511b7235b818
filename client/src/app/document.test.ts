import { describe, expect, it } from 'vitest';
import type { ClientManifest } from '@tembea/schema';
import { headTags, moduleTags } from './document';

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-A.js', css: ['assets/index-A.css'], isEntry: true },
  '_shared-B.js': { file: 'assets/shared-B.js', imports: ['index.html'], css: ['assets/shared-B.css'] },
  'src/features/tours/ToursPage.tsx': {
    file: 'assets/ToursPage-C.js',
    imports: ['index.html', '_shared-B.js', '_list-D.js'],
  },
  '_list-D.js': { file: 'assets/list-D.js', imports: ['_shared-B.js'] },
};

describe('moduleTags', () => {
  it("fetches a page's screen chunk and every chunk it imports once, with their styles, but not the entry's", () => {
    expect(moduleTags(manifest, 'src/features/tours/ToursPage.tsx')).toBe(
      [
        '<link rel="stylesheet" crossorigin href="/assets/shared-B.css" />',
        '<link rel="modulepreload" crossorigin href="/assets/ToursPage-C.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/shared-B.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/list-D.js" />',
      ]
        .map((t) => `    ${t}\n`)
        .join(''),
    );
  });

  it('adds nothing without a manifest or for a module it does not know', () => {
    expect(moduleTags(undefined, 'src/features/tours/ToursPage.tsx')).toBe('');
    expect(moduleTags(manifest, 'src/features/nope.tsx')).toBe('');
    expect(moduleTags(manifest, undefined)).toBe('');
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
