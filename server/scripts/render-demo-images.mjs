// Renders the demo catalogue's illustrations (assets/tours/*.svg, the sources) to the WebP files
// the product serves: `<name>.webp` at a stored photo's full width and `<name>-thumb.webp` at its
// small copy's, the two sizes the upload pipeline keeps of an admin's photo. Written to
// assets/tours (the demo tours' images) and to the client's public/art (the home page's art).
//
//   npm run demo-images -w server      (after editing or adding an SVG; commit the output)
//
// Served as SVG, every illustration on a page was a document of its own that the browser parsed,
// styled and laid out on the main thread; a WebP decodes off it, as a real photo does.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { TOUR_IMAGE_RULES } from '@tembea/schema';

const SOURCES = path.resolve(import.meta.dirname, '../assets/tours');
const TARGETS = [SOURCES, path.resolve(import.meta.dirname, '../../client/public/art')];
const SIZES = [
  { suffix: '', width: TOUR_IMAGE_RULES.maxSide, quality: 82 },
  { suffix: '-thumb', width: TOUR_IMAGE_RULES.thumbSide, quality: 75 },
];

for (const file of readdirSync(SOURCES).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(path.join(SOURCES, file));
  const { width } = await sharp(svg).metadata();
  for (const size of SIZES) {
    // Rasterised at the target width (density scales the vector drawing), not scaled from a bitmap.
    const webp = await sharp(svg, { density: (72 * size.width) / width })
      .resize({ width: size.width })
      .webp({ quality: size.quality })
      .toBuffer();
    const name = file.replace(/\.svg$/, `${size.suffix}.webp`);
    for (const dir of TARGETS) writeFileSync(path.join(dir, name), webp);
  }
  console.log(file);
}
