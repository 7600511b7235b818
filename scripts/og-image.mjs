// Writes client/public/og-image.jpg, the link-preview picture of pages without their own
// (crawlers often ignore SVG): the first hero slide's art at 1200×630, the size Open Graph and
// Twitter cards show. Run again after changing that art: node scripts/og-image.mjs
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'client/public/art/kilimanjaro-dawn.svg');
const target = path.join(root, 'client/public/og-image.jpg');
const info = await sharp(source, { density: 216 })
  .resize(1200, 630, { fit: 'cover' })
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(target);
console.log(`${path.relative(root, target)}: ${info.width}×${info.height}, ${info.size} bytes`);
