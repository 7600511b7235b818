import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Config } from '../config.js';
import type { RequestContext } from '../common/context.js';
import { BadInputError, PayloadTooLargeError } from '../common/errors.js';
import { receiveUpload, type ReceivedUpload, type UploadLimits } from '../common/multipart.js';
import { requireUser } from '../common/guards.js';
import { holdUploadSlot } from '../common/upload-slots.js';
import {
  isPlainObject,
  mapField,
  operationField,
  UPLOAD_RULES,
  uploadLimitsOf,
  type UploadRule,
} from './upload-policy.js';

/** Largest GraphQL request body (JSON, or the `operations` field of a multipart request). */
export const GRAPHQL_BODY_MAX_BYTES = 100 * 1024;

/**
 * Limits of any GraphQL multipart request: those of the largest upload a mutation takes (tour
 * photos: up to 10 files of 10 MB). Each request gets its own operation's limits (UPLOAD_RULES)
 * before its first file is stored.
 */
const LARGEST_FILE = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxFileBytes));
export const GRAPHQL_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxFiles)),
  maxFileBytes: LARGEST_FILE,
  fileTooLarge: `A file must be at most ${LARGEST_FILE / (1024 * 1024)} MB`,
  maxFields: 2,
  maxFieldBytes: GRAPHQL_BODY_MAX_BYTES,
};

const SPEC = 'see the GraphQL multipart request spec';
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Puts an upload where the map says, only inside the operation's variables and never on a prototype. */
function placeUpload(operation: Record<string, unknown>, objectPath: string, upload: Upload): void {
  const keys = objectPath.split('.');
  if (keys.length < 2 || keys[0] !== 'variables' || keys.some((k) => k === '' || FORBIDDEN_KEYS.has(k))) {
    throw new BadInputError(`The map path '${objectPath.slice(0, 100)}' does not point into the variables`);
  }
  let target: unknown = operation;
  for (const key of keys.slice(0, -1)) {
    target =
      isPlainObject(target) || Array.isArray(target)
        ? Object.hasOwn(target, key)
          ? (target as Record<string, unknown>)[key]
          : undefined
        : undefined;
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
export function operationOf(
  upload: ReceivedUpload,
  maxFiles: number = GRAPHQL_UPLOAD_LIMITS.maxFiles,
): Record<string, unknown> {
  const operation = operationField(upload.fields);
  const entries = Object.entries(mapField(upload.fields));
  if (entries.length > maxFiles)
    throw new PayloadTooLargeError(`At most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} can be sent at once`);
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

/** Apollo's CSRF prevention asks a multipart request for one of these headers (a form post cannot send them). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * Multipart requests to /graphql, checked before any of the body is read: a signed-in caller (every
 * operation that takes a file needs one: 401), the header that Apollo's CSRF prevention asks for
 * (400 without it) and one of the account's upload slots (429). The body is then read into
 * temporary files under the limits of the operation its leading `operations` field names (see
 * uploadLimitsOf), and the request goes on to Apollo as an ordinary operation.
 */
export function graphqlMultipart(
  makeContext: (req: Request, res: Response) => Promise<RequestContext>,
  config: Config,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    const ctx = (req.ctx ??= await makeContext(req, res));
    const user = requireUser(ctx);
    if (!PREFLIGHT_HEADERS.some((h) => req.get(h))) {
      throw new BadInputError(
        `A multipart request needs the header ${PREFLIGHT_HEADERS.join(' or ')} (it keeps other sites' forms from posting here)`,
      );
    }
    holdUploadSlot(config, user.id, res);
    let rule: UploadRule | undefined;
    const upload = await receiveUpload(req, res, config, {
      ...GRAPHQL_UPLOAD_LIMITS,
      filesFor: (fields) => (rule ??= uploadLimitsOf(fields, ctx)),
    });
    req.body = operationOf(upload, rule?.maxFiles);
    next();
  };
}
