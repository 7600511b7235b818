import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import busboy from 'busboy';
import { AppError, BadInputError, PayloadTooLargeError, TimeoutError } from './errors.js';
import { log } from './logger.js';

/** How many files one request may bring, and how large each. */
export interface FileLimits {
  maxFiles: number;
  maxFileBytes: number;
  /** The refusal of a file over maxFileBytes (413). */
  fileTooLarge: string;
}

/** What one upload path accepts. Every count and size is bounded: busboy has no limits by default. */
export interface UploadLimits extends FileLimits {
  /** Form fields that may carry a file; a file under another name is skipped unread. Omitted: any name. */
  fileFields?: readonly string[];
  /** Plain (non-file) form fields, each at most maxFieldBytes. */
  maxFields?: number;
  maxFieldBytes?: number;
  /**
   * Judges the fields sent before a file, when each file part begins and before any of its bytes
   * is stored: returns this request's own file limits (within the ones above), or throws the
   * AppError that refuses the request. Lets a path decide from a leading field (the operation of
   * a GraphQL multipart request) who may send files, and how many.
   */
  filesFor?: (fields: Readonly<Record<string, string>>) => FileLimits;
}

/** Where and how long an upload may take: from the configuration. */
export interface UploadSettings {
  dataDir: string;
  /** The whole multipart body must have arrived this many ms after reading began. */
  uploadBodyTimeoutMs: number;
}

/** A received file, complete on disk under DATA_DIR/tmp/uploads until the request is answered. */
export interface ReceivedFile {
  field: string;
  filename: string;
  /** As the sender declared it: never trusted (the image checks judge the content). */
  mimetype: string;
  size: number;
  path: string;
  open(): ReadStream;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

const DEFAULT_MAX_FIELDS = 20;
const DEFAULT_MAX_FIELD_BYTES = 100 * 1024;
// A temporary file older than this belongs to no request still running (requests time out well before).
const STALE_TEMP_MS = 60 * 60 * 1000;

export const UPLOAD_INCOMPLETE = 'The upload is incomplete: the multipart body ended before its closing boundary';
export const MULTIPART_MALFORMED = 'The multipart body is malformed';
export const UPLOAD_INTERRUPTED = 'The upload was interrupted';

/** Where uploads wait, as temporary files, until the request that brought them is answered. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/** Creates the temporary folder and removes what a stopped process left there. */
export async function prepareUploadTempDir(dataDir: string): Promise<void> {
  const dir = uploadTempDir(dataDir);
  await mkdir(dir, { recursive: true });
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true, recursive: true });
  }
}

/** The AppError of a parser or file-stream failure; a file-system fault stays as it is (a logged 500). */
function parseFailure(err: unknown): Error {
  if (err instanceof AppError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.syscall) return e;
  if (/^Unexpected end of (form|file)/.test(e?.message ?? '')) return new BadInputError(UPLOAD_INCOMPLETE);
  return new BadInputError(MULTIPART_MALFORMED);
}

/** Passes a file's bytes through, failing with a 413 once they pass maxBytes. */
function byteLimit(maxBytes: number, tooLarge: string): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) done(new PayloadTooLargeError(tooLarge));
      else done(null, chunk);
    },
  });
}

const filesAtOnce = (n: number) => `At most ${n} ${n === 1 ? 'file' : 'files'} can be sent at once`;

/**
 * Reads a multipart/form-data request with busboy under the given limits, streaming each accepted
 * file to a temporary file (never whole files in memory). Resolves once every file is complete on
 * disk; rejects with a 400/413 AppError on a malformed, truncated or oversized body, or an
 * interrupted upload, and with a 503 TIMEOUT when the body has not arrived whole within
 * uploadBodyTimeoutMs. Every temporary file is removed when the request is answered or the
 * connection drops, and at once on failure. Whatever fails, every stream has an error listener:
 * a broken upload is a refused request, never a crashed process.
 */
export function receiveUpload(
  req: Request,
  res: Response,
  settings: UploadSettings,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  const dir = uploadTempDir(settings.dataDir);
  // Synchronous, so that the request's listeners are attached before anything else can happen to it.
  mkdirSync(dir, { recursive: true });
  const maxFields = limits.maxFields ?? DEFAULT_MAX_FIELDS;

  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  const tempPaths: string[] = [];
  const discard = async () => {
    await Promise.allSettled(writes);
    const paths = tempPaths.splice(0);
    await Promise.all(
      paths.map((p) =>
        rm(p, { force: true }).catch((e: unknown) =>
          log.warn('temporary upload not removed', { path: p, error: String(e) }),
        ),
      ),
    );
  };
  res.once('close', () => void discard());

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          files: limits.maxFiles,
          // busboy reports 'limit' on reaching fileSize, so a file of exactly maxFileBytes needs one more.
          fileSize: limits.maxFileBytes + 1,
          fields: maxFields,
          fieldSize: limits.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES,
          // busboy reports 'partsLimit' on reaching the count, not on passing it: a form with every
          // file and field allowed needs one more.
          parts: limits.maxFiles + maxFields + 1,
          headerPairs: 20,
        },
      });
    } catch {
      reject(
        new BadInputError('Send the upload as multipart/form-data with a boundary', [
          { field: limits.fileFields?.[0] ?? 'file', message: 'Expected a multipart/form-data upload' },
        ]),
      );
      return;
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let failed = false;
    let accepted = 0;
    // A sender may not keep the connection and its temporary files for Node's 5-minute request timeout.
    const deadline = setTimeout(() => {
      fail(
        new TimeoutError(
          `The upload did not arrive within ${settings.uploadBodyTimeoutMs / 1000} s: try again on a faster connection, or with fewer or smaller files`,
        ),
      );
    }, settings.uploadBodyTimeoutMs);
    const fail = (e: Error | AppError) => {
      clearTimeout(deadline);
      if (failed) return;
      failed = true;
      // Stop parsing: the error answer's lingering close reads and drops the rest, up to a bound.
      req.unpipe(bb);
      // busboy reports limits from inside its own parsing loop and goes on using its state after the
      // event: destroying it there throws inside busboy. Destroying it on the next turn also ends the
      // file stream being written, so its write settles and its temporary file can be removed.
      setImmediate(() => {
        bb.destroy();
        void discard();
      });
      reject(e);
    };

    bb.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
      stream.on('error', () => undefined);
      if (failed || (limits.fileFields && !limits.fileFields.includes(field))) {
        stream.resume();
        return;
      }
      let own: FileLimits = limits;
      try {
        if (limits.filesFor) own = limits.filesFor(fields);
        if (++accepted > Math.min(own.maxFiles, limits.maxFiles))
          throw new PayloadTooLargeError(filesAtOnce(Math.min(own.maxFiles, limits.maxFiles)));
      } catch (e) {
        stream.resume();
        fail(parseFailure(e));
        return;
      }
      const tempPath = path.join(dir, randomUUID());
      tempPaths.push(tempPath);
      stream.on('limit', () => fail(new PayloadTooLargeError(limits.fileTooLarge)));
      const out = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      const written =
        own.maxFileBytes < limits.maxFileBytes
          ? pipeline(stream, byteLimit(own.maxFileBytes, own.fileTooLarge), out)
          : pipeline(stream, out);
      const write = written.then(
        () => {
          files.push({
            field,
            filename: info.filename ?? '',
            mimetype: info.mimeType,
            size: out.bytesWritten,
            path: tempPath,
            open: () => createReadStream(tempPath),
          });
        },
        (e: unknown) => fail(parseFailure(e)),
      );
      writes.push(write);
    });
    bb.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (info.valueTruncated) fail(new PayloadTooLargeError(`The form field "${name.slice(0, 40)}" is too long`));
      else fields[name] = value;
    });
    bb.on('filesLimit', () => fail(new PayloadTooLargeError(filesAtOnce(limits.maxFiles))));
    bb.on('fieldsLimit', () => fail(new BadInputError('The form has too many fields')));
    bb.on('partsLimit', () => fail(new BadInputError('The form has too many parts')));
    bb.on('error', (e: unknown) => fail(parseFailure(e)));
    bb.on('close', () => {
      clearTimeout(deadline);
      void Promise.allSettled(writes).then(() => {
        if (failed) return;
        // Files in the order they were sent, whatever order their writes finished in.
        files.sort((a, b) => tempPaths.indexOf(a.path) - tempPaths.indexOf(b.path));
        resolve({ fields, files });
      });
    });
    req.on('error', () => fail(new BadInputError(UPLOAD_INTERRUPTED)));
    req.on('close', () => {
      if (!req.complete) fail(new BadInputError(UPLOAD_INTERRUPTED));
      else clearTimeout(deadline);
    });
    req.pipe(bb);
  });
}
