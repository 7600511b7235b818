/**
 * A connection with the next page's nodes appended, each node once: rows can shift between pages
 * when something is added meanwhile, and a repeated row would show twice.
 */
export function appendPage<C extends { nodes: readonly { id: string }[] }>(loaded: C, next: C): C {
  const seen = new Set(loaded.nodes.map((n) => n.id));
  return { ...next, nodes: [...loaded.nodes, ...next.nodes.filter((n) => !seen.has(n.id))] };
}
