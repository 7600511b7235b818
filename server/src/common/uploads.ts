import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { BadInputError, PayloadTooLargeError } from './errors.js';

/** Largest image accepted (spec: profile pictures; reused for tour photos). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Image must be at most 5 MB';
export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
// A small file can still decode to a huge bitmap (a "pixel flood"); refuse beyond ~50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** Reads a stream into memory, counting bytes, and stops with 'Image must be at most 5 MB' once it passes the limit. */
export async function readUpTo(stream: Readable, maxBytes: number = IMAGE_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** The image kind from the first bytes, whatever the file's name or declared type says. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = buf.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp' && /^avi[fs]$/.test(head.slice(8, 12))) return 'avif';
  return null;
}

export interface SavedImage {
  /** Public path, e.g. /uploads/profiles/4f…c1.webp */
  publicPath: string;
  width: number;
  height: number;
}

/**
 * Checks that the bytes are a raster image (by content: SVG, HTML, scripts are refused even when
 * named .png), then re-encodes it (EXIF orientation applied, metadata dropped, at most maxSide px)
 * under a generated name in DATA_DIR/uploads/<folder>. Re-encoding means what is served is always
 * an image the server produced, never the uploaded bytes.
 */
export async function saveImage(
  dataDir: string,
  folder: string,
  input: Buffer,
  opts: { maxSide: number; format?: 'webp' | 'jpeg' },
): Promise<SavedImage> {
  if (input.length === 0) throw new BadInputError(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  if (input.length > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(IMAGE_TOO_LARGE);
  const kind = sniffImage(input);
  if (!kind) throw new BadInputError(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  const format = opts.format ?? 'webp';
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const decoded = meta.format === 'heif' ? 'avif' : meta.format;
    if (decoded !== kind) throw new Error(`content is ${meta.format}, header says ${kind}`);
    const pipeline = image.rotate().resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true });
    out = await (format === 'webp' ? pipeline.webp({ quality: 82 }) : pipeline.jpeg({ quality: 85, mozjpeg: true })).toBuffer({ resolveWithObject: true });
  } catch {
    throw new BadInputError(NOT_AN_IMAGE, [{ field: 'file', message: NOT_AN_IMAGE }]);
  }
  const dir = path.join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${format === 'webp' ? 'webp' : 'jpg'}`;
  await writeFile(path.join(dir, name), out.data, { flag: 'wx' });
  return { publicPath: `/uploads/${folder}/${name}`, width: out.info.width, height: out.info.height };
}

/**
 * Deletes a file this module saved, given its public path. Anything that is not a generated name
 * under /uploads/<folder>/ (a demo image, an external URL, a crafted path) is left alone.
 */
export async function removeUpload(dataDir: string, folder: string, publicPath: string | null | undefined): Promise<boolean> {
  if (!publicPath) return false;
  const m = new RegExp(`^/uploads/${folder.replace(/[^\w-]/g, '')}/([0-9a-f-]{36}\\.(?:webp|jpg))$`).exec(publicPath);
  if (!m) return false;
  try {
    await unlink(path.join(dataDir, 'uploads', folder, m[1]!));
    return true;
  } catch {
    return false;
  }
}
