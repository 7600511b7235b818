import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import type { RequestContext } from '../common/context.js';
import { BadInputError, PayloadTooLargeError } from '../common/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadLimits } from '../common/multipart.js';
import { requireUser } from '../common/guards.js';

/** Largest GraphQL request body (JSON, or the `operations` field of a multipart request). */
export const GRAPHQL_BODY_MAX_BYTES = 100 * 1024;

/**
 * Limits of a GraphQL multipart request: those of the largest upload any mutation takes (tour
 * images: up to 10 files of 10 MB). Each mutation's service enforces its own, smaller limits
 * (a profile picture is at most 5 MB) when it reads the file.
 */
export const GRAPHQL_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  fileTooLarge: 'A file must be at most 10 MB',
  maxFields: 2,
  maxFieldBytes: GRAPHQL_BODY_MAX_BYTES,
};

const SPEC = 'see the GraphQL multipart request spec';
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function parseJsonField(upload: ReceivedUpload, name: 'operations' | 'map'): unknown {
  const raw = upload.fields[name];
  if (raw === undefined) throw new BadInputError(`The multipart field '${name}' is missing (${SPEC})`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadInputError(`The multipart field '${name}' is not valid JSON`);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Puts an upload where the map says, only inside the operation's variables and never on a prototype. */
function placeUpload(operation: Record<string, unknown>, objectPath: string, upload: Upload): void {
  const keys = objectPath.split('.');
  if (keys.length < 2 || keys[0] !== 'variables' || keys.some((k) => k === '' || FORBIDDEN_KEYS.has(k))) {
    throw new BadInputError(`The map path '${objectPath.slice(0, 100)}' does not point into the variables`);
  }
  let target: unknown = operation;
  for (const key of keys.slice(0, -1)) {
    target = isPlainObject(target) || Array.isArray(target) ? (Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined) : undefined;
    if (!isPlainObject(target) && !Array.isArray(target)) {
      throw new BadInputError(`The map path '${objectPath.slice(0, 100)}' does not point into the variables`);
    }
  }
  (target as Record<string, unknown>)[keys[keys.length - 1]!] = upload;
}

/**
 * The GraphQL operation of a multipart request (fields `operations` and `map`, then the files):
 * each mapped file becomes an Upload that the `Upload` scalar hands to the resolver, reading the
 * complete temporary file. One operation per request: a batch is refused like a JSON array.
 */
export function operationOf(upload: ReceivedUpload): Record<string, unknown> {
  const operation = parseJsonField(upload, 'operations');
  if (Array.isArray(operation)) throw new BadInputError('Batched operations are not accepted: send one operation per request');
  if (!isPlainObject(operation)) throw new BadInputError(`The multipart field 'operations' must be a JSON object (${SPEC})`);
  const map = parseJsonField(upload, 'map');
  if (!isPlainObject(map)) throw new BadInputError(`The multipart field 'map' must be a JSON object (${SPEC})`);
  const entries = Object.entries(map);
  if (entries.length > GRAPHQL_UPLOAD_LIMITS.maxFiles) {
    throw new PayloadTooLargeError(`At most ${GRAPHQL_UPLOAD_LIMITS.maxFiles} files can be sent at once`);
  }
  for (const [field, paths] of entries) {
    const file = upload.files.find((f) => f.field === field);
    if (!file) throw new BadInputError(`The file '${field.slice(0, 40)}' named in the map is missing from the request`);
    if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string')) {
      throw new BadInputError(`The map entry '${field.slice(0, 40)}' must be a list of paths (${SPEC})`);
    }
    const fileUpload: FileUpload = {
      fieldName: file.field,
      filename: file.filename,
      mimetype: file.mimetype,
      encoding: '7bit',
      createReadStream: () => file.open(),
    };
    const value = new Upload();
    (value as Upload & { resolve(f: FileUpload): void }).resolve(fileUpload);
    for (const p of paths as string[]) placeUpload(operation, p, value);
  }
  return operation;
}

/**
 * Multipart requests to /graphql: every operation that takes a file needs a signed-in user, so the
 * caller is checked before any of the body is read (an anonymous or expired-token upload is
 * refused with 401 and its connection closed). The body is then read into temporary files under
 * the upload limits, and the request goes on to Apollo as an ordinary operation.
 */
export function graphqlMultipart(makeContext: (req: Request, res: Response) => Promise<RequestContext>, dataDir: string): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    req.ctx ??= await makeContext(req, res);
    requireUser(req.ctx);
    req.body = operationOf(await receiveUpload(req, res, dataDir, GRAPHQL_UPLOAD_LIMITS));
    next();
  };
}
