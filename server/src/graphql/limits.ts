import { type FieldNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { BadInputError } from '../common/errors.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSize } from '../common/pagination.js';
import { AVAILABILITY_DEFAULT_PAGE, AVAILABILITY_MAX_PAGE } from '../modules/bookings/availability.service.js';
import { TOUR_CHANGES_DEFAULT_PAGE, TOUR_CHANGES_MAX_PAGE } from '../modules/tours/tour-changes.service.js';

export const MAX_QUERY_DEPTH = 10;
/**
 * Selections under `__schema` or `__type` may nest deeper: the standard introspection query
 * (Apollo Sandbox, GraphQL Code Generator) follows a type reference's `ofType` 9 levels down and
 * reaches 15 levels. Its expensive shape, list fields of `__Type` nested in one another, is refused
 * by graphql-js's own MaxIntrospectionDepthRule (part of the standard validation rules).
 */
export const MAX_INTROSPECTION_DEPTH = 20;
export const MAX_QUERY_COST = 5000;
export const MAX_ALIASES = 30;
export const MAX_DIRECTIVES = 50;
/** Lexical tokens in one document, counted while parsing: a huge document stops being read early. */
export const MAX_TOKENS = 3000;
// Fields visited while measuring, fragment spreads expanded: a document that spreads fragments
// into one another many times over ("fragment bomb") is refused instead of walked forever.
const MAX_VISITS = 20_000;

interface Measure {
  depth: number;
  introspectionDepth: number;
  aliases: number;
  directives: number;
  visits: number;
}

function refuse(message: string): never {
  throw new BadInputError(message);
}

/** Fields whose pages differ from the usual 1..100 (default 20): partners' sync reads, in larger pages. */
const PAGE_SIZES: Record<string, { max: number; def: number }> = {
  availability: { max: AVAILABILITY_MAX_PAGE, def: AVAILABILITY_DEFAULT_PAGE },
  tourChanges: { max: TOUR_CHANGES_MAX_PAGE, def: TOUR_CHANGES_DEFAULT_PAGE },
};

/** The page size a field asks for (its `first` argument), checked like the services check it. */
function pageMultiplier(field: FieldNode, variables: Record<string, unknown>): number {
  const special = PAGE_SIZES[field.name.value];
  const arg = field.arguments?.find((a) => a.name.value === 'first');
  if (!arg) return special ? special.def : 1;
  const sizes = special ?? { max: MAX_PAGE_SIZE, def: DEFAULT_PAGE_SIZE };
  let value: unknown = null;
  if (arg.value.kind === Kind.INT) value = Number(arg.value.value);
  else if (arg.value.kind === Kind.VARIABLE) value = variables[arg.value.name.value];
  // An absent or null page size means the default page; anything else must be a valid one.
  return value == null ? sizes.def : pageSize(typeof value === 'number' ? value : Number.NaN, sizes.max, sizes.def);
}

function walk(
  set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, variables: Record<string, unknown>,
  depth: number, introspection: boolean, seen: Set<string>, m: Measure,
): number {
  let cost = 0;
  for (const sel of set.selections) {
    if (++m.visits > MAX_VISITS) refuse('Query is too complex: it expands to too many fields');
    m.directives += sel.directives?.length ?? 0;
    if (sel.kind === Kind.FIELD) {
      if (sel.alias) m.aliases++;
      const inIntrospection = introspection || sel.name.value === '__schema' || sel.name.value === '__type';
      if (inIntrospection) m.introspectionDepth = Math.max(m.introspectionDepth, depth);
      else m.depth = Math.max(m.depth, depth);
      if (sel.selectionSet) {
        const inner = walk(sel.selectionSet, fragments, variables, depth + 1, inIntrospection, seen, m);
        cost += 1 + pageMultiplier(sel, variables) * inner;
      } else {
        cost += 0.1;
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      cost += walk(sel.selectionSet, fragments, variables, depth, introspection, seen, m);
    } else {
      const frag = fragments.get(sel.name.value);
      if (!frag || seen.has(frag.name.value)) continue;
      m.directives += frag.directives?.length ?? 0;
      seen.add(frag.name.value);
      cost += walk(frag.selectionSet, fragments, variables, depth, introspection, seen, m);
      seen.delete(frag.name.value);
    }
  }
  return cost;
}

/**
 * Refuses (BAD_USER_INPUT) an operation nested deeper than MAX_QUERY_DEPTH (MAX_INTROSPECTION_DEPTH
 * under `__schema`/`__type`), with more than MAX_ALIASES aliases or MAX_DIRECTIVES directives, a page
 * size outside 1..100 (1..200 for availability and tourChanges), or an estimated cost above MAX_QUERY_COST (each object field 1, multiplied by
 * its page size). Introspection is measured like any other selection: only its depth allowance
 * differs. Runs on every request with its variables, since page sizes usually come from them.
 */
export function checkQueryLimits(operation: OperationDefinitionNode, fragmentList: readonly FragmentDefinitionNode[], variables: Record<string, unknown> = {}): void {
  const fragments = new Map(fragmentList.map((f) => [f.name.value, f]));
  const m: Measure = { depth: 0, introspectionDepth: 0, aliases: 0, directives: operation.directives?.length ?? 0, visits: 0 };
  const cost = walk(operation.selectionSet, fragments, variables, 1, false, new Set(), m);
  if (m.aliases > MAX_ALIASES) refuse(`Query uses ${m.aliases} aliases, at most ${MAX_ALIASES} allowed`);
  if (m.directives > MAX_DIRECTIVES) refuse(`Query uses ${m.directives} directives, at most ${MAX_DIRECTIVES} allowed`);
  if (m.depth > MAX_QUERY_DEPTH) refuse(`Query is too deep: ${m.depth} levels, at most ${MAX_QUERY_DEPTH} allowed`);
  if (m.introspectionDepth > MAX_INTROSPECTION_DEPTH) {
    refuse(`Introspection query is too deep: ${m.introspectionDepth} levels, at most ${MAX_INTROSPECTION_DEPTH} allowed`);
  }
  if (cost > MAX_QUERY_COST) refuse(`Query is too costly: ${Math.ceil(cost)} points, at most ${MAX_QUERY_COST} allowed`);
}
