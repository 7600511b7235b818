import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Kind, parse, print, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { travellerToday } from '@tembea/schema';
import { ANY_SEATS, CATALOGUE, seatsOf, type CatalogueCache } from './catalogue-cache.js';
import type { RequestContext } from './context.js';
import { parseId } from './ids.js';

/**
 * Serving anonymous catalogue answers from the catalogue cache (common/catalogue-cache.ts), on
 * GraphQL and REST alike. Only a request without credentials whose principal is anonymous, or one
 * from a partner's API key (which reads the same catalogue as a visitor), is served from it or fills
 * it: a signed-in user, an admin, or a refused token or key always gets a fresh answer, and nothing
 * read for them is kept. Only 200 answers without GraphQL errors are kept.
 * Keys hold the traveller's today, since departures' status and quotes depend on it.
 *
 * Each answer also names the scopes it reads (catalogue-cache.ts): every one reads the catalogue,
 * and those about seats (departures and quotes) read the seats of the tour their request names, so
 * a booking makes only its own tour's seat answers obsolete.
 */

/** Root fields whose answers are the same for every anonymous visitor. */
const CATALOGUE_FIELDS = new Set(['tours', 'tour', 'tourFilters', 'departures', 'quote', '__typename']);
/** Of those, the ones whose answers show seats, each of the tour its `tourId` argument names. */
const SEAT_FIELDS = new Set(['departures', 'quote']);
/** Past this many tours' seats in one answer, it is taken to read every tour's. */
const SEAT_SCOPES_MAX = 5;

/** A keyed answer and the scopes it reads (CATALOGUE first). */
export interface CacheKey {
  key: string;
  scopes: string[];
}

/** How a seat field names its tour: a literal id, or the variable holding it (null: neither, so any tour). */
type TourArgument = { literal: string } | { variable: string } | null;

/** REST paths of the catalogue under /api: the list, its filter options, a tour, its departures. */
const CATALOGUE_PATH = /^\/tours(?:\/(filters)|\/(\d{1,9})(\/departures)?)?\/?$/i;

/**
 * Whether a path under /api is one of the public catalogue's (the paths above): the only REST
 * answers the same for every anonymous caller, so the only ones a browser or proxy may keep.
 */
export function isCataloguePath(path: string): boolean {
  return CATALOGUE_PATH.test(path);
}

/** The query parameters each catalogue REST path reads: its answers are keyed by these alone. */
export interface CatalogueRestParams {
  /** GET /api/tours. */
  tours: readonly string[];
  /** GET /api/tours/:id/departures. */
  departures: readonly string[];
}

/**
 * A catalogue query as its answer depends on it: the document printed (so spacing and comments do
 * not matter) and the names of the variables the operation declares (the others are ignored).
 */
interface CatalogueOperation {
  /** A digest of the document as graphql-js prints it: equal for documents that differ only in layout. */
  digest: string;
  variables: string[];
  /** The tour each seat field of the operation reads. */
  seatTours: TourArgument[];
}

function tourArgument(field: FieldNode): TourArgument {
  const arg = field.arguments?.find((a) => a.name.value === 'tourId');
  if (!arg) return null;
  const v = arg.value;
  if (v.kind === Kind.VARIABLE) return { variable: v.name.value };
  if (v.kind === Kind.STRING || v.kind === Kind.INT) return { literal: v.value };
  return null;
}

/** The scopes an operation's answer reads, with the variables sent. */
function scopesOf(op: CatalogueOperation, vars: Record<string, unknown>): string[] {
  if (!op.seatTours.length) return [CATALOGUE];
  const ids = new Set<number>();
  for (const t of op.seatTours) {
    const raw = t && ('literal' in t ? t.literal : vars[t.variable]);
    const id = typeof raw === 'string' || typeof raw === 'number' ? parseId(raw) : null;
    // An id that is none reads no seats (its answer is an error, not kept); any tour is the safe side.
    if (id === null) return [CATALOGUE, ANY_SEATS];
    ids.add(id);
  }
  return ids.size > SEAT_SCOPES_MAX ? [CATALOGUE, ANY_SEATS] : [CATALOGUE, ...[...ids].map(seatsOf)];
}

const MEMO_MAX = 1_000;
const catalogueDocuments = new Map<string, CatalogueOperation | null>();

function chosenOperation(doc: DocumentNode, operationName: string | undefined): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
}

/** The operation a request runs when it is a query of catalogue fields only, else null (remembered per document text). */
function catalogueOperation(query: string, operationName: string | undefined): CatalogueOperation | null {
  const memo = `${operationName ?? ''}\u0000${query}`;
  let known = catalogueDocuments.get(memo);
  if (known === undefined) {
    known = null;
    try {
      const doc = parse(query, { maxTokens: 3_000 });
      const op = chosenOperation(doc, operationName);
      if (
        op &&
        op.operation === 'query' &&
        op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CATALOGUE_FIELDS.has(s.name.value))
      ) {
        known = {
          // Digested once per document text, so a cache key hashes a few bytes of it rather than all of it.
          digest: createHash('sha1').update(print(doc)).digest('base64url'),
          variables: (op.variableDefinitions ?? []).map((v) => v.variable.name.value).sort(),
          seatTours: op.selectionSet.selections
            .filter((f): f is FieldNode => f.kind === Kind.FIELD && SEAT_FIELDS.has(f.name.value))
            .map(tourArgument),
        };
      }
    } catch {
      known = null;
    }
    if (catalogueDocuments.size >= MEMO_MAX) catalogueDocuments.clear();
    catalogueDocuments.set(memo, known);
  }
  return known;
}

/** JSON with every object's keys sorted: equal values give equal text whatever order they were sent in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The variables an operation declares, from those sent (an object, or JSON text on a GET); null when they cannot be read. */
function declaredVariables(op: CatalogueOperation, sent: unknown): Record<string, unknown> | null {
  let vars = sent ?? {};
  if (typeof vars === 'string') {
    try {
      vars = JSON.parse(vars);
    } catch {
      return null;
    }
  }
  if (!vars || typeof vars !== 'object' || Array.isArray(vars)) return null;
  const given = vars as Record<string, unknown>;
  return Object.fromEntries(op.variables.filter((n) => given[n] !== undefined).map((n) => [n, given[n]]));
}

function hashed(kind: string, parts: unknown[]): string {
  return `${kind}:${travellerToday()}:${createHash('sha1').update(canonical(parts)).digest('base64url')}`;
}

/** The key of a catalogue operation and its variables, or null when it is not one or its variables cannot be read. */
function operationKey(
  kind: string,
  head: unknown[],
  query: string | undefined,
  operationName: string | undefined,
  variables: unknown,
): CacheKey | null {
  const op = query ? catalogueOperation(query, operationName) : null;
  const vars = op && declaredVariables(op, variables);
  if (!op || !vars) return null;
  return { key: hashed(kind, [...head, operationName ?? null, op.digest, vars]), scopes: scopesOf(op, vars) };
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The answer types Apollo Server chooses from by the Accept header (an HTML preference gets its landing page). */
const GRAPHQL_ANSWER_TYPES = ['application/json', 'application/graphql-response+json', 'text/html'];

/**
 * The key of a GraphQL catalogue query, or null for anything else. A request Apollo's CSRF
 * prevention would refuse (a GET without a preflight header, a POST that is not JSON) is left to it.
 * Extensions are left out of the key: none changes a catalogue answer.
 */
function graphqlKey(req: Request): CacheKey | null {
  // The content type the answer will have, not the header as sent.
  const head = [req.method, req.accepts(GRAPHQL_ANSWER_TYPES) || 'none'];
  if (req.method === 'GET') {
    const preflighted =
      req.get('apollo-require-preflight') || req.get('x-apollo-operation-name') || req.is('application/json');
    if (!preflighted) return null;
    return operationKey('gql', head, text(req.query.query), text(req.query.operationName), req.query.variables);
  }
  if (
    req.method === 'POST' &&
    req.is('application/json') &&
    req.body &&
    typeof req.body === 'object' &&
    !Array.isArray(req.body)
  ) {
    const b = req.body as Record<string, unknown>;
    return operationKey('gql', head, text(b.query), text(b.operationName), b.variables);
  }
  return null;
}

/**
 * The key of a catalogue REST read: its path and the parameters the path reads, sorted; others are
 * ignored. Of these paths only a tour's departures show seats.
 */
function restKey(params: CatalogueRestParams): (req: Request) => CacheKey | null {
  return (req) => {
    const m = req.method === 'GET' ? CATALOGUE_PATH.exec(req.path) : null;
    if (!m) return null;
    const [, filters, id, departures] = m;
    const read = filters || (id && !departures) ? [] : departures ? params.departures : params.tours;
    const query = req.query as Record<string, unknown>;
    const values = [...read]
      .sort()
      .filter((p) => query[p] !== undefined)
      .map((p) => [p, query[p]]);
    const tourId = id ? parseId(id) : null;
    return {
      key: hashed('rest', [filters ? 'filters' : id ? `${id}${departures ? '/departures' : ''}` : 'list', values]),
      scopes: departures ? [CATALOGUE, tourId === null ? ANY_SEATS : seatsOf(tourId)] : [CATALOGUE],
    };
  };
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
  return (
    p.kind === 'partner' || (p.kind === 'anonymous' && !p.refusal && !req.get('authorization') && !req.get('x-api-key'))
  );
}

function cachedAnswers(keyOf: (req: Request) => CacheKey | null, complete: (body: string) => boolean): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const ctx: RequestContext | undefined = req.ctx;
    const keyed = ctx?.catalogue.enabled && readsPublicCatalogue(ctx, req) ? keyOf(req) : null;
    if (!ctx || !keyed) return next();
    const { key, scopes } = keyed;
    // The generations are read before the answer reads the database: the rule in catalogue-cache.ts.
    const found = await ctx.catalogue.lookup(key, scopes);
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

/** On /api, after the context middleware; `params` are the query parameters each catalogue path reads. */
export const cachedRestAnswers = (params: CatalogueRestParams): RequestHandler =>
  cachedAnswers(restKey(params), () => true);

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
  const keyed = catalogue.enabled ? operationKey('op', [], op.query, op.operationName, op.variables) : null;
  if (!keyed) return run();
  const { key, scopes } = keyed;
  // The generations are read before the answer reads the database: the rule in catalogue-cache.ts.
  const found = await catalogue.lookup(key, scopes);
  if (found?.hit) return JSON.parse(found.hit.body) as R;
  const answer = await run();
  if (found && !('errors' in answer && answer.errors)) {
    await catalogue.store(key, found.generation, {
      contentType: 'application/json',
      etag: '',
      body: JSON.stringify(answer),
    });
  }
  return answer;
}
