import { isReference, type FieldPolicy, type Reference, type StoreObject } from '@apollo/client';

/**
 * A connection with the next page's nodes appended, each node once: rows can shift between pages
 * when something is added meanwhile, and a repeated row would show twice.
 */
export function appendPage<C extends { nodes: readonly { id: string }[] }>(loaded: C, next: C): C {
  return { ...next, nodes: appendOnce(loaded.nodes, next.nodes, (n) => n.id) };
}

function appendOnce<T>(loaded: readonly T[], next: readonly T[], idOf: (item: T) => unknown): T[] {
  const seen = new Set(loaded.map(idOf));
  return [...loaded, ...next.filter((n) => !seen.has(idOf(n)))];
}

/** A connection as the cache holds it: nodes are references once their type is normalised. */
interface CachedConnection {
  nodes?: readonly (Reference | StoreObject)[];
  edges?: readonly { node: Reference | StoreObject }[];
  [field: string]: unknown;
}

/**
 * The field policy of a cursor-paged connection field: one cached list per set of arguments other
 * than `after` (a new filter, search, sort or page size starts a new list). A page read with
 * `after` is appended to its list, each node once (see appendPage), and brings the latest pageInfo
 * and totalCount; a page read without it (a first load, a refetch) replaces the list. So a hook
 * loads more with `fetchMore({ variables: { after } })` alone.
 */
export function cursorPaging(keyArgs: string[]): FieldPolicy<CachedConnection> {
  return {
    keyArgs,
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.after) return incoming;
      const idOf = (node: Reference | StoreObject): unknown => (isReference(node) ? node.__ref : readField('id', node));
      const merged: CachedConnection = { ...incoming };
      if (existing.nodes && incoming.nodes) merged.nodes = appendOnce(existing.nodes, incoming.nodes, idOf);
      if (existing.edges && incoming.edges)
        merged.edges = appendOnce(existing.edges, incoming.edges, (e) => idOf(e.node));
      return merged;
    },
  };
}
