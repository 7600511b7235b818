import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TOURS } from './demo-tours.js';

const ASSETS = path.resolve(import.meta.dirname, '../../../assets/tours');
const ART = path.resolve(import.meta.dirname, '../../../../client/public/art');
const sources = readdirSync(ASSETS).filter((f) => f.endsWith('.svg'));

// The WebP files are rendered from the SVG sources by `npm run demo-images -w server` and committed.
describe('the demo images', () => {
  it('has both widths of every illustration, the same for the demo tours and the home page', () => {
    expect(sources.length).toBeGreaterThan(0);
    for (const svg of sources) {
      for (const webp of [svg.replace(/\.svg$/, '.webp'), svg.replace(/\.svg$/, '-thumb.webp')]) {
        const tours = readFileSync(path.join(ASSETS, webp));
        expect(tours.subarray(8, 12).toString(), webp).toBe('WEBP');
        expect(readFileSync(path.join(ART, webp)).equals(tours), `client/public/art/${webp}`).toBe(true);
      }
    }
  });

  it('gives every demo tour an image that ships with the repository', () => {
    for (const tour of DEMO_TOURS) expect(existsSync(path.join(ASSETS, tour.image)), tour.image).toBe(true);
  });
});
