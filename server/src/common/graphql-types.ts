import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
import { type ClassType, Field, Int, ObjectType } from 'type-graphql';
import type { Connection as ConnectionShape, PageInfo as PageInfoShape } from './pagination.js';

/** Relay-style page information shared by every connection. */
@ObjectType({
  description: 'Where a page sits in a list: pass endCursor as `after` to get the next page.',
  simpleResolvers: true,
})
export class PageInfo implements PageInfoShape {
  @Field({ description: 'True when more items follow this page.' })
  hasNextPage!: boolean;

  @Field({ description: 'True when items precede this page.' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first item of the page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the page; pass it as `after`.' })
  endCursor!: string | null;
}

/** How a connection type reads in the schema. */
export interface ConnectionTypeOptions {
  /** Name of the edge type (e.g. TourEdge). */
  edge: string;
  edgeDescription: string;
  /** One item and several, as the descriptions name them: 'tour', 'tours'. */
  noun: string;
  plural: string;
  /** Adds the `nodes` field (the items without their cursors). */
  nodes?: boolean;
  pageInfoDescription?: string;
  /** Adds `totalCount` with this description. */
  totalCount?: string;
  /** Adds `totalCountIsEstimate` with this description (with totalCount). */
  totalCountIsEstimate?: string;
}

/**
 * The base class of a connection type: its edge type (cursor and node), edges, pageInfo and the
 * optional nodes and totalCount fields. The subclass names the type and describes it; resolvers fill
 * it with toConnection() (common/pagination.ts).
 */
export function ConnectionType<N extends object>(nodeType: ClassType<N>, o: ConnectionTypeOptions) {
  @ObjectType(o.edge, { description: o.edgeDescription, simpleResolvers: true })
  class Edge {
    @Field(() => String, { description: `Cursor of this ${o.noun}: pass it as \`after\` to continue after it.` })
    cursor!: string;

    @Field(() => nodeType, { description: `The ${o.noun}.` })
    node!: N;
  }

  // An object type so that the subclass inherits its fields; never referenced, so never in the schema.
  @ObjectType({ simpleResolvers: true })
  abstract class Connection implements ConnectionShape<N> {
    nodes!: N[];

    @Field(() => [Edge], { description: `The ${o.plural} of this page with their cursors.` })
    edges!: Edge[];

    @Field(() => PageInfo, { description: o.pageInfoDescription ?? 'Paging information.' })
    pageInfo!: PageInfo;

    totalCount?: Promise<number>;

    totalCountIsEstimate?: Promise<boolean>;
  }

  if (o.nodes) Field(() => [nodeType], { description: `The ${o.plural} of this page.` })(Connection.prototype, 'nodes');
  if (o.totalCount) Field(() => Int, { description: o.totalCount })(Connection.prototype, 'totalCount');
  if (o.totalCountIsEstimate)
    Field(() => Boolean, { description: o.totalCountIsEstimate })(Connection.prototype, 'totalCountIsEstimate');
  return Connection;
}

/**
 * Whether the field being resolved selects any of `names` among its own fields, through fragments
 * too: a connection's resolver asks it whether its count will be read. A field left out by @skip or
 * @include still counts as selected: the answer may then cost work that is not shown, never miss any.
 */
export function selectsAnyOf(info: GraphQLResolveInfo, names: readonly string[]): boolean {
  const selects = (set: SelectionSetNode | undefined): boolean =>
    !!set &&
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return names.includes(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return selects(s.selectionSet);
      return selects(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => selects(node.selectionSet));
}
