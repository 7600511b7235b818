import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { imageKindOf, NOT_AN_IMAGE } from '@tembea/schema';
import { BadInputError, PayloadTooLargeError } from './errors.js';
import type { FileStore } from './file-store.js';

/** Largest image accepted: a profile picture, and each tour photo. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Image must be at most 5 MB';
// A small file can still decode to a huge bitmap (a "pixel flood"); refuse beyond ~50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000;

/** An uploaded file as a service receives it, whichever API brought it. */
export interface IncomingFile {
  /**
   * The form field or GraphQL argument the file came under: a refusal of the file names it, so a
   * form can show the message next to the control the file was chosen in.
   */
  field: string;
  /** Opens the file's bytes (a complete temporary file under DATA_DIR/tmp/uploads). */
  open(): Readable | Promise<Readable>;
}

/** Where saveImage keeps an image: users' profile pictures apart from tour photos. */
export type ImageFolder = 'profiles' | 'tours';

/** Reads a stream into memory, counting bytes, and stops with a 413 once it passes the limit. */
export async function readUpTo(
  stream: Readable,
  maxBytes: number = IMAGE_MAX_BYTES,
  tooLarge = IMAGE_TOO_LARGE,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new PayloadTooLargeError(tooLarge);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export interface SavedImage {
  /** Public path, e.g. /uploads/tours/4f…c1.webp */
  publicPath: string;
  /** A small copy for lists and cards (…-thumb.webp), when one was asked for. */
  thumbnailPath: string | null;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** The field a refusal names: the one the file came under (IncomingFile.field). */
  field: string;
  /** Longest side of the stored image, in pixels. */
  maxSide: number;
  /** Longest side of a thumbnail to store beside it; none when omitted. */
  thumbSide?: number;
  maxBytes?: number;
  tooLarge?: string;
}

/** The thumbnail of a stored image's public path ('…/<uuid>.webp' -> '…/<uuid>-thumb.webp'). */
export function thumbnailPath(publicPath: string): string {
  return publicPath.replace(/\.webp$/, '-thumb.webp');
}

/**
 * Checks that the bytes are a raster image (by content: SVG, HTML, scripts are refused even when
 * named .png; a decompression bomb past ~50 megapixels is refused before it is decoded), then
 * re-encodes it to WebP (EXIF orientation applied, metadata dropped, at most maxSide px) under a
 * generated name in the store, with a thumbnail when asked. What is served is always an image the
 * server produced, never the uploaded bytes.
 */
export async function saveImage(
  store: FileStore,
  folder: ImageFolder,
  input: Buffer,
  opts: ImageOptions,
): Promise<SavedImage> {
  const refuse = () => new BadInputError(NOT_AN_IMAGE, [{ field: opts.field, message: NOT_AN_IMAGE }]);
  if (input.length === 0) throw refuse();
  if (input.length > (opts.maxBytes ?? IMAGE_MAX_BYTES))
    throw new PayloadTooLargeError(opts.tooLarge ?? IMAGE_TOO_LARGE);
  const kind = imageKindOf(input);
  if (!kind) throw refuse();
  let main: { data: Buffer; info: sharp.OutputInfo };
  let thumb: Buffer | null = null;
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const decoded = meta.format === 'heif' ? 'avif' : meta.format;
    if (decoded !== kind) throw new Error(`content is ${meta.format}, header says ${kind}`);
    const oriented = image.rotate();
    main = await oriented
      .clone()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (opts.thumbSide) {
      thumb = await oriented
        .clone()
        .resize({ width: opts.thumbSide, height: opts.thumbSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
    }
  } catch {
    throw refuse();
  }
  const key = `${folder}/${randomUUID()}`;
  const publicPath = await store.put(`${key}.webp`, main.data);
  let thumbnail: string | null = null;
  if (thumb) {
    try {
      thumbnail = await store.put(`${key}-thumb.webp`, thumb);
    } catch (e) {
      await store.remove(publicPath);
      throw e;
    }
  }
  return { publicPath, thumbnailPath: thumbnail, width: main.info.width, height: main.info.height };
}

/**
 * The folder of an image saveImage stored (its main file, not a thumbnail), or null for anything
 * else: a demo image, an external URL, a crafted path.
 */
export function storedImageFolder(store: FileStore, publicPath: string): ImageFolder | null {
  const m = /^(profiles|tours)\/[^/]+\.webp$/.exec(store.keyOf(publicPath) ?? '');
  return m && !publicPath.endsWith('-thumb.webp') ? (m[1] as ImageFolder) : null;
}

/** Deletes a stored image and its thumbnail; demo images, external URLs and crafted paths are left alone. */
export async function removeImage(store: FileStore, publicPath: string | null | undefined): Promise<void> {
  if (!publicPath || !store.keyOf(publicPath)) return;
  await Promise.all([store.remove(publicPath), store.remove(thumbnailPath(publicPath))]);
}
