import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { travellerToday } from '@tembea/schema';
import type { CatalogueCache } from './catalogue-cache.js';
import type { RequestContext } from './context.js';

/**
 * Serving anonymous catalogue answers from the catalogue cache (common/catalogue-cache.ts), on
 * GraphQL and REST alike. Only a request without credentials whose principal is anonymous, or one
 * from a partner's API key (which reads the same catalogue as a visitor), is served from it or fills
 * it: a signed-in user, an admin, or a refused token or key always gets a fresh answer, and nothing
 * read for them is kept. Only 200 answers without GraphQL errors are kept.
 * Keys hold the traveller's today, since departures' status and quotes depend on it.
 */

/** Root fields whose answers are the same for every anonymous visitor. */
const CATALOGUE_FIELDS = new Set(['tours', 'tour', 'tourFilters', 'departures', 'quote', '__typename']);

/** REST paths of the catalogue under /api. */
const CATALOGUE_PATH = /^\/tours(\/filters|\/\d{1,9}(\/departures)?)?\/?$/i;

const MEMO_MAX = 1_000;
const catalogueDocuments = new Map<string, boolean>();

function chosenOperation(doc: DocumentNode, operationName: string | undefined): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
}

/** Whether the operation a request runs is a query of catalogue fields only (remembered per document text). */
export function isCatalogueQuery(query: string, operationName: string | undefined): boolean {
  const memo = `${operationName ?? ''}\u0000${query}`;
  let known = catalogueDocuments.get(memo);
  if (known === undefined) {
    let op: OperationDefinitionNode | undefined;
    try {
      op = chosenOperation(parse(query, { maxTokens: 3_000 }), operationName);
    } catch {
      op = undefined;
    }
    known = !!op && op.operation === 'query'
      && op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CATALOGUE_FIELDS.has(s.name.value));
    if (catalogueDocuments.size >= MEMO_MAX) catalogueDocuments.clear();
    catalogueDocuments.set(memo, known);
  }
  return known;
}

function hashed(kind: string, parts: unknown[]): string {
  return `${kind}:${travellerToday()}:${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}`;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The key of a GraphQL catalogue query, or null for anything else. A request Apollo's CSRF
 * prevention would refuse (a GET without a preflight header, a POST that is not JSON) is left to it.
 */
function graphqlKey(req: Request): string | null {
  let op: { query?: string; operationName?: string; variables?: unknown; extensions?: unknown };
  if (req.method === 'GET') {
    const preflighted = req.get('apollo-require-preflight') || req.get('x-apollo-operation-name') || req.is('application/json');
    if (!preflighted) return null;
    op = { query: text(req.query.query), operationName: text(req.query.operationName), variables: text(req.query.variables), extensions: text(req.query.extensions) };
  } else if (req.method === 'POST' && req.is('application/json') && req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    const b = req.body as Record<string, unknown>;
    op = { query: text(b.query), operationName: text(b.operationName), variables: b.variables, extensions: b.extensions };
  } else {
    return null;
  }
  if (!op.query || !isCatalogueQuery(op.query, op.operationName)) return null;
  // The Accept header picks the answer's content type.
  return hashed('gql', [req.method, req.get('accept') ?? '', op.operationName ?? null, op.query, op.variables ?? null, op.extensions ?? null]);
}

function restKey(req: Request): string | null {
  return req.method === 'GET' && CATALOGUE_PATH.test(req.path) ? hashed('rest', [req.originalUrl]) : null;
}

/** A GraphQL answer is kept only without errors; a REST answer only with status 200. */
function graphqlComplete(body: string): boolean {
  try {
    return !('errors' in (JSON.parse(body) as object));
  } catch {
    return false;
  }
}

function readsPublicCatalogue(ctx: RequestContext, req: Request): boolean {
  const p = ctx.principal;
  return p.kind === 'partner' || (p.kind === 'anonymous' && !p.refusal && !req.get('authorization') && !req.get('x-api-key'));
}

function cachedAnswers(keyOf: (req: Request) => string | null, complete: (body: string) => boolean): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const ctx: RequestContext | undefined = req.ctx;
    const key = ctx && readsPublicCatalogue(ctx, req) ? keyOf(req) : null;
    if (!ctx || !key) return next();
    // The generation is read before the answer reads the database: the rule in catalogue-cache.ts.
    const found = await ctx.catalogue.lookup(key);
    if (!found) return next();
    const hit = found.hit;
    if (hit) {
      res.setHeader('X-Catalogue-Cache', 'hit');
      res.setHeader('Content-Type', hit.contentType);
      if (hit.etag) res.setHeader('ETag', hit.etag);
      res.status(200).send(hit.body);
      return;
    }
    res.setHeader('X-Catalogue-Cache', 'miss');
    const send = res.send;
    res.send = function sendAndKeep(this: Response, body?: unknown) {
      res.send = send;
      const status = res.statusCode;
      const out = send.call(this, body);
      if (status === 200 && typeof body === 'string' && complete(body)) {
        const etag = res.getHeader('etag');
        void ctx.catalogue.store(key, found.generation, {
          contentType: String(res.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          etag: typeof etag === 'string' ? etag : '',
          body,
        });
      }
      return out;
    };
    next();
  };
}

/** On /graphql, after the body parser and once the request's context is set. */
export const cachedGraphqlAnswers = (): RequestHandler => cachedAnswers(graphqlKey, graphqlComplete);

/** On /api, after the context middleware. */
export const cachedRestAnswers = (): RequestHandler => cachedAnswers(restKey, () => true);

/**
 * An operation run in process for an anonymous page render, answered from the catalogue cache when
 * it is a catalogue query whose answer is kept, else by `run` (and kept when it has no errors). The
 * answer is the operation's result object, as `run` gives it.
 */
export async function cachedOperation<R extends object>(
  catalogue: CatalogueCache,
  op: { query: string; variables?: unknown; operationName?: string },
  run: () => Promise<R>,
): Promise<R> {
  if (!isCatalogueQuery(op.query, op.operationName)) return run();
  const key = hashed('op', [op.operationName ?? null, op.query, op.variables ?? null]);
  // The generation is read before the answer reads the database: the rule in catalogue-cache.ts.
  const found = await catalogue.lookup(key);
  if (found?.hit) return JSON.parse(found.hit.body) as R;
  const answer = await run();
  if (found && !('errors' in answer && answer.errors)) {
    await catalogue.store(key, found.generation, { contentType: 'application/json', etag: '', body: JSON.stringify(answer) });
  }
  return answer;
}
