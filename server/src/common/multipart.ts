import type { Request } from 'express';
import busboy from 'busboy';
import { BadInputError, PayloadTooLargeError } from './errors.js';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from './uploads.js';

export interface MultipartFile {
  field: string;
  filename: string;
  /** As the sender declared it: never trusted (saveImage judges the content). */
  mimetype: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface MultipartOptions {
  /** Form fields that may carry files; files under other names are drained and ignored. */
  fileFields: string[];
  maxFiles?: number;
  maxFileBytes?: number;
}

/**
 * Reads a multipart/form-data request of the REST shims with busboy, with the same limits as
 * /graphql uploads: each file at most 5 MB (counted while streaming; a larger one stops the parse
 * with 413 'Image must be at most 5 MB'), a bounded number of files and fields.
 */
export function parseMultipart(req: Request, opts: MultipartOptions): Promise<MultipartBody> {
  const maxFiles = opts.maxFiles ?? 10;
  const maxFileBytes = opts.maxFileBytes ?? IMAGE_MAX_BYTES;
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes, files: maxFiles, fields: 200, fieldSize: 1_000_000, parts: maxFiles + 200 },
      });
    } catch {
      reject(new BadInputError('Send the file as multipart/form-data', [{ field: opts.fileFields[0] ?? 'file', message: 'Expected a multipart/form-data upload' }]));
      return;
    }
    const body: MultipartBody = { fields: {}, files: [] };
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      req.resume();
      reject(e);
    };
    bb.on('file', (field, stream, info) => {
      if (failed || !opts.fileFields.includes(field)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(new PayloadTooLargeError(IMAGE_TOO_LARGE)));
      stream.on('end', () => {
        if (!stream.truncated) body.files.push({ field, filename: info.filename ?? '', mimetype: info.mimeType, data: Buffer.concat(chunks) });
      });
    });
    bb.on('field', (name, value) => {
      body.fields[name] = value;
    });
    bb.on('filesLimit', () => fail(new PayloadTooLargeError(`At most ${maxFiles} files can be sent at once`)));
    bb.on('fieldsLimit', () => fail(new BadInputError('Too many form fields')));
    bb.on('error', () => fail(new BadInputError('The multipart body is malformed')));
    bb.on('close', () => {
      if (!failed) resolve(body);
    });
    req.on('aborted', () => fail(new BadInputError('The upload was interrupted')));
    req.pipe(bb);
  });
}
