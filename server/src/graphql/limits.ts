import { type DocumentNode, type FieldNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 5000;
export const MAX_ALIASES = 30;

interface Walk {
  depth: number;
  cost: number;
  aliases: number;
}

function listMultiplier(field: FieldNode, variables: Record<string, unknown>): number {
  for (const arg of field.arguments ?? []) {
    if (arg.name.value !== 'first' && arg.name.value !== 'limit') continue;
    if (arg.value.kind === Kind.INT) return Math.max(1, Number(arg.value.value));
    if (arg.value.kind === Kind.VARIABLE) {
      const v = variables[arg.value.name.value];
      if (typeof v === 'number') return Math.max(1, v);
    }
    return 20;
  }
  return 1;
}

function walk(
  set: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>,
  depth: number, seen: Set<string>, acc: Walk,
): number {
  let cost = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.alias) acc.aliases++;
      acc.depth = Math.max(acc.depth, depth);
      if (sel.selectionSet) {
        const inner = walk(sel.selectionSet, fragments, variables, depth + 1, seen, acc);
        cost += 1 + listMultiplier(sel, variables) * inner;
      } else {
        cost += sel.name.value.startsWith('__') ? 0 : 0.1;
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      cost += walk(sel.selectionSet, fragments, variables, depth, seen, acc);
    } else {
      const frag = fragments[sel.name.value];
      if (!frag || seen.has(frag.name.value)) continue;
      seen.add(frag.name.value);
      cost += walk(frag.selectionSet, fragments, variables, depth, seen, acc);
      seen.delete(frag.name.value);
    }
  }
  return cost;
}

/**
 * Why an operation is refused, or null: nested deeper than MAX_QUERY_DEPTH, more than MAX_ALIASES
 * aliases, or an estimated cost (each object field 1, multiplied by its page size) above MAX_QUERY_COST.
 */
export function queryLimitViolation(doc: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> = {}): string | null {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  for (const op of doc.definitions) {
    if (op.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName && op.name?.value !== operationName) continue;
    // Introspection (Apollo Sandbox, codegen) nests type references deeply but costs little.
    if (op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))) continue;
    const acc: Walk = { depth: 0, cost: 0, aliases: 0 };
    acc.cost = walk(op.selectionSet, fragments, variables, 1, new Set(), acc);
    if (acc.depth > MAX_QUERY_DEPTH) return `Query is too deep: ${acc.depth} levels, at most ${MAX_QUERY_DEPTH} allowed`;
    if (acc.aliases > MAX_ALIASES) return `Query uses ${acc.aliases} aliases, at most ${MAX_ALIASES} allowed`;
    if (acc.cost > MAX_QUERY_COST) return `Query is too costly: ${Math.ceil(acc.cost)} points, at most ${MAX_QUERY_COST} allowed`;
  }
  return null;
}
