import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import type { RequestContext } from '../common/context.js';
import { BadInputError, PayloadTooLargeError } from '../common/errors.js';
import { requireAdmin, requireUser } from '../common/guards.js';
import type { FileLimits } from '../common/multipart.js';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../common/uploads.js';
import { TOUR_IMAGE_MAX_BYTES, TOUR_MAX_IMAGES } from '../modules/tours/tour-admin.service.js';
import { MAX_TOKENS } from './limits.js';

/** Who may send the files of one mutation, and how many of what size. */
export interface UploadRule extends FileLimits {
  who: 'user' | 'admin';
}

const TOUR_PHOTOS: UploadRule = {
  who: 'admin',
  maxFiles: TOUR_MAX_IMAGES,
  maxFileBytes: TOUR_IMAGE_MAX_BYTES,
  fileTooLarge: 'An image must be at most 10 MB',
};

/**
 * Every mutation that takes an Upload argument, with the files it accepts. A multipart request is
 * judged by its operation before any file byte is stored: a mutation missing here takes no files.
 */
export const UPLOAD_RULES: Readonly<Record<string, UploadRule>> = {
  createTour: TOUR_PHOTOS,
  updateTour: TOUR_PHOTOS,
  // One's own picture: any signed-in account.
  uploadProfileImage: { who: 'user', maxFiles: 1, maxFileBytes: IMAGE_MAX_BYTES, fileTooLarge: IMAGE_TOO_LARGE },
};

const SPEC = 'see the GraphQL multipart request spec';
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A multipart field holding JSON, parsed; a missing or malformed one is a 400. */
export function parseJsonField(fields: Readonly<Record<string, string>>, name: 'operations' | 'map'): unknown {
  const raw = fields[name];
  if (raw === undefined) throw new BadInputError(`The multipart field '${name}' is missing (${SPEC})`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadInputError(`The multipart field '${name}' is not valid JSON`);
  }
}

/** The `operations` field as one operation object; a batch or anything else is a 400. */
export function operationField(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const operation = parseJsonField(fields, 'operations');
  if (Array.isArray(operation))
    throw new BadInputError('Batched operations are not accepted: send one operation per request');
  if (!isPlainObject(operation))
    throw new BadInputError(`The multipart field 'operations' must be a JSON object (${SPEC})`);
  return operation;
}

/** The `map` field as an object; anything else is a 400. */
export function mapField(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const map = parseJsonField(fields, 'map');
  if (!isPlainObject(map)) throw new BadInputError(`The multipart field 'map' must be a JSON object (${SPEC})`);
  return map;
}

/** Names of the root fields an operation selects, through its fragments (each fragment visited once). */
function rootFields(
  selections: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] {
  const names: string[] = [];
  for (const sel of selections.selections) {
    if (sel.kind === Kind.FIELD) names.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) names.push(...rootFields(sel.selectionSet, fragments, seen));
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = fragments.get(sel.name.value);
      if (fragment) names.push(...rootFields(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}

/** The upload-taking mutation an operation names, or null when it names none; more than one is a 400. */
export function uploadMutationOf(operation: Record<string, unknown>): string | null {
  if (typeof operation.query !== 'string') throw new BadInputError(`The operation has no query text (${SPEC})`);
  let doc: DocumentNode;
  try {
    doc = parse(operation.query, { maxTokens: MAX_TOKENS, noLocation: true });
  } catch {
    throw new BadInputError('The operation is not valid GraphQL');
  }
  const name = typeof operation.operationName === 'string' ? operation.operationName : null;
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen =
    name === null && operations.length === 1 ? operations[0] : operations.find((d) => d.name?.value === name);
  if (!chosen)
    throw new BadInputError(
      name ? `The document has no operation named '${name.slice(0, 40)}'` : 'Name the operation to run (operationName)',
    );
  if (chosen.operation !== 'mutation') return null;
  const fragments = new Map(
    doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const uploading = rootFields(chosen.selectionSet, fragments).filter((f) => Object.hasOwn(UPLOAD_RULES, f));
  if (uploading.length > 1) throw new BadInputError('Send one upload mutation per request');
  return uploading[0] ?? null;
}

/**
 * The file limits of a GraphQL multipart request, decided from its `operations` and `map` fields
 * (which the multipart request spec puts before the files) when its first file arrives: only an
 * operation that takes files may bring any, only its callers (an admin for tour photos, the
 * signed-in owner for a profile picture), and no more or larger ones than it takes. Refuses with
 * 400, 401, 403 or 413 before any file byte is stored.
 */
export function uploadLimitsOf(fields: Readonly<Record<string, string>>, ctx: RequestContext): UploadRule {
  if (fields.operations === undefined || fields.map === undefined) {
    throw new BadInputError(`The multipart fields 'operations' and 'map' must come before the files (${SPEC})`);
  }
  const mutation = uploadMutationOf(operationField(fields));
  if (!mutation) throw new BadInputError('This operation takes no files');
  const rule = UPLOAD_RULES[mutation]!;
  if (rule.who === 'admin') requireAdmin(ctx);
  else requireUser(ctx);
  const mapped = Object.keys(mapField(fields)).length;
  if (mapped > rule.maxFiles)
    throw new PayloadTooLargeError(
      `${mutation} takes at most ${rule.maxFiles} ${rule.maxFiles === 1 ? 'file' : 'files'}`,
    );
  return rule;
}
