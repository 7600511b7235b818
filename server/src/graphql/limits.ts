import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql';
import {
  AGE_BANDS,
  BOOKING_TYPES,
  FEE_ROWS_MAX,
  PARK_AREAS_MAX,
  PARK_FEE_SCHEDULES_MAX,
  PEAK_SEASONS_MAX,
  RESIDENCY_CATEGORIES,
  TOUR_IMAGE_RULES,
  TOUR_LIMITS,
  TOUR_TIER_OPTIONS,
  WEBHOOK_EVENTS,
} from '@tembea/schema';
import { BadInputError } from '../common/errors.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSize } from '../common/pagination.js';
import { AVAILABILITY_DEFAULT_PAGE, AVAILABILITY_MAX_PAGE } from '../modules/bookings/availability.service.js';
import { BOOKINGS_DEFAULT_PAGE, MY_BOOKINGS_MAX } from '../modules/bookings/booking.service.js';
import { DEPARTURE_MAX_CAPACITY, DEPARTURES_MAX_DAYS } from '../modules/bookings/departure.service.js';
import { PARK_FEE_CHANGES_MAX } from '../modules/park-fees/park-fee-change.service.js';
import { PARTNER_KEYS_MAX, USAGE_DAYS } from '../modules/partners/partner-key.service.js';
import { PAYMENT_ENTRIES_SHOWN, PAYMENT_TOTALS_MAX } from '../modules/payments/payment.service.js';
import { TOUR_CHANGES_DEFAULT_PAGE, TOUR_CHANGES_MAX_PAGE } from '../modules/tours/tour-changes.service.js';
import { TOUR_FILTER_VALUES_MAX } from '../modules/tours/tour.service.js';
import { PERMISSIONS_MAX } from '../modules/users/user.mapper.js';
import {
  ALL_WEBHOOKS_MAX,
  DELIVERIES_DEFAULT_PAGE,
  DELIVERIES_MAX_PAGE,
  WEBHOOKS_PER_KEY,
} from '../modules/webhooks/webhook.service.js';

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

/**
 * Paged fields (those with a `first` argument): the page they answer without `first`, and the
 * largest one. The `nodes` and `edges` of their connection hold at most that many items.
 */
export const PAGE_SIZES: Record<string, { max: number; def: number }> = {
  'Query.tours': { max: MAX_PAGE_SIZE, def: DEFAULT_PAGE_SIZE },
  'Query.bookings': { max: MAX_PAGE_SIZE, def: BOOKINGS_DEFAULT_PAGE },
  'Query.webhookDeliveries': { max: DELIVERIES_MAX_PAGE, def: DELIVERIES_DEFAULT_PAGE },
  'Query.availability': { max: AVAILABILITY_MAX_PAGE, def: AVAILABILITY_DEFAULT_PAGE },
  'Query.tourChanges': { max: TOUR_CHANGES_MAX_PAGE, def: TOUR_CHANGES_DEFAULT_PAGE },
  'Query.payments': { max: MAX_PAGE_SIZE, def: 50 },
};

const TOUR_LIST = TOUR_LIMITS.listItemsMax;
/** Every other list field: the most items it can hold, by the rule that holds it to that. */
export const LIST_BOUNDS: Record<string, number> = {
  // One departure per tour and day, in a window of at most DEPARTURES_MAX_DAYS days.
  'Query.departures': DEPARTURES_MAX_DAYS,
  'Query.myBookings': MY_BOOKINGS_MAX,
  'Query.partnerKeys': PARTNER_KEYS_MAX,
  'Query.allWebhooks': ALL_WEBHOOKS_MAX,
  'Query.webhooks': WEBHOOKS_PER_KEY,
  'Tour.images': TOUR_IMAGE_RULES.maxPerTour,
  'Tour.itinerary': TOUR_LIMITS.itineraryMax,
  'Tour.tiers': TOUR_TIER_OPTIONS.length,
  'Tour.features': TOUR_LIST,
  'Tour.categories': TOUR_LIST,
  'Tour.included': TOUR_LIST,
  'Tour.notIncluded': TOUR_LIST,
  'TourFilters.destinations': TOUR_FILTER_VALUES_MAX,
  'TourFilters.travelTypes': TOUR_FILTER_VALUES_MAX,
  'TourFilters.tiers': TOUR_FILTER_VALUES_MAX,
  'TourFilters.bookingTypes': TOUR_FILTER_VALUES_MAX,
  // A price per booking type and tier.
  'DepartureAvailability.prices': BOOKING_TYPES.length * TOUR_TIER_OPTIONS.length,
  'PartnerKey.usage': USAGE_DAYS,
  'User.permissions': PERMISSIONS_MAX,
  'Webhook.events': WEBHOOK_EVENTS.length,
  'Query.parkFeeSchedules': PARK_FEE_SCHEDULES_MAX,
  'Query.parkFeeChanges': PARK_FEE_CHANGES_MAX,
  'ParkFeeSchedule.peakSeasons': PEAK_SEASONS_MAX,
  'ParkFeeSchedule.areas': PARK_AREAS_MAX,
  'ParkAreaFees.fees': FEE_ROWS_MAX,
  // One person per place booked, and a booking holds at most a departure's largest capacity.
  'BookingTravellers.travellers': DEPARTURE_MAX_CAPACITY,
  'BookingTravellers.missing': DEPARTURE_MAX_CAPACITY,
  'ParkFeesQuote.areas': PARK_AREAS_MAX,
  // Equal charges are grouped, so at most one item per itinerary day, kind of charge (the day, its
  // night, a visit), residency category and age band.
  'ParkFeesQuote.items': TOUR_LIMITS.itineraryMax * 3 * RESIDENCY_CATEGORIES.length * AGE_BANDS.length,
  'ParkFeesQuote.unpricedDays': TOUR_LIMITS.itineraryMax,
  'BookingPayment.entries': PAYMENT_ENTRIES_SHOWN,
  // Three mobile-money services.
  'OfflinePaymentInstructions.mobileMoney': 3,
  'Query.paymentTotals': PAYMENT_TOTALS_MAX,
};
/** A list field missing from LIST_BOUNDS (a test keeps every one of them there) counts as the largest page. */
const UNKNOWN_LIST_BOUND = Math.max(MAX_PAGE_SIZE, ...Object.values(LIST_BOUNDS));

/** The page size a paged field asks for (its `first` argument, else its default), checked like the services check it. */
function pageOf(sizes: { max: number; def: number }, field: FieldNode, variables: Record<string, unknown>): number {
  const arg = field.arguments?.find((a) => a.name.value === 'first');
  let value: unknown = null;
  if (arg?.value.kind === Kind.INT) value = Number(arg.value.value);
  else if (arg?.value.kind === Kind.VARIABLE) value = variables[arg.value.name.value];
  // An absent or null page size means the default page; anything else must be a valid one.
  return value == null ? sizes.def : pageSize(typeof value === 'number' ? value : Number.NaN, sizes.max, sizes.def);
}

/*
 * Types are told apart by their shape, not with graphql-js's isObjectType and the like: those
 * refuse a schema built by another copy of graphql-js (type-graphql's, in some module graphs).
 */

/** The definition of a selected field on its parent type, meta fields included; undefined when unknown. */
function fieldDef(parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === '__schema') return SchemaMetaFieldDef;
  if (name === '__type') return TypeMetaFieldDef;
  if (name === '__typename') return TypeNameMetaFieldDef;
  return parent && 'getFields' in parent
    ? (parent.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name]
    : undefined;
}

/** A field's type without its non-null and list wrappers. */
function namedType(type: GraphQLOutputType): GraphQLNamedType {
  let t: GraphQLOutputType = type;
  while ('ofType' in t && t.ofType) t = t.ofType as GraphQLOutputType;
  return t as GraphQLNamedType;
}

/** Whether a field returns a list (of anything, nullable or not). */
const returnsList = (type: GraphQLOutputType) => /^\[/.test(String(type));

/**
 * How many items a list field holds at most: a connection's `nodes` or `edges` its page, any other
 * list its bound. Introspection's lists count as one item: the schema's size bounds them, and
 * graphql-js refuses their expensive nesting. Null for a field that is not a list.
 */
function listBound(
  parent: GraphQLNamedType | undefined,
  def: GraphQLField<unknown, unknown> | undefined,
  page: number | null,
): number | null {
  if (!parent || !def) return null;
  if (!returnsList(def.type) || parent.name.startsWith('__')) return null;
  if (page !== null && parent.name.endsWith('Connection')) return page;
  return LIST_BOUNDS[`${parent.name}.${def.name}`] ?? UNKNOWN_LIST_BOUND;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  seen: Set<string>;
  m: Measure;
}

/**
 * The cost of a selection on `parent`: 1 for an object field, 0.1 for a leaf, and a list's items
 * each counted: a list of n objects costs 1 + n * (1 + what is selected in each), a list of n
 * leaves n * 0.1. `page` is the page of the paged field whose connection this is.
 */
function walk(
  set: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  page: number | null,
  depth: number,
  introspection: boolean,
  w: Walk,
): number {
  const { m } = w;
  let cost = 0;
  for (const sel of set.selections) {
    if (++m.visits > MAX_VISITS) refuse('Query is too complex: it expands to too many fields');
    m.directives += sel.directives?.length ?? 0;
    if (sel.kind === Kind.FIELD) {
      if (sel.alias) m.aliases++;
      const inIntrospection = introspection || sel.name.value === '__schema' || sel.name.value === '__type';
      if (inIntrospection) m.introspectionDepth = Math.max(m.introspectionDepth, depth);
      else m.depth = Math.max(m.depth, depth);
      const def = fieldDef(parent, sel.name.value);
      const sizes =
        parent && def?.args.some((a) => a.name === 'first')
          ? (PAGE_SIZES[`${parent.name}.${def.name}`] ?? { max: MAX_PAGE_SIZE, def: DEFAULT_PAGE_SIZE })
          : null;
      const items = listBound(parent, def, page);
      if (sel.selectionSet) {
        const inner = walk(
          sel.selectionSet,
          def && namedType(def.type),
          sizes ? pageOf(sizes, sel, w.variables) : null,
          depth + 1,
          inIntrospection,
          w,
        );
        cost += items === null ? 1 + inner : 1 + items * (1 + inner);
      } else {
        cost += 0.1 * (items ?? 1);
      }
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? (w.schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
      cost += walk(sel.selectionSet, on, page, depth, introspection, w);
    } else {
      const frag = w.fragments.get(sel.name.value);
      if (!frag || w.seen.has(frag.name.value)) continue;
      m.directives += frag.directives?.length ?? 0;
      w.seen.add(frag.name.value);
      cost += walk(
        frag.selectionSet,
        w.schema.getType(frag.typeCondition.name.value) ?? parent,
        page,
        depth,
        introspection,
        w,
      );
      w.seen.delete(frag.name.value);
    }
  }
  return cost;
}

/**
 * Refuses (BAD_USER_INPUT) an operation nested deeper than MAX_QUERY_DEPTH (MAX_INTROSPECTION_DEPTH
 * under `__schema`/`__type`), with more than MAX_ALIASES aliases or MAX_DIRECTIVES directives, a page
 * size outside its field's range (PAGE_SIZES), or an estimated cost above MAX_QUERY_COST (see walk:
 * every list counts as many items as it can hold, its page or its bound in LIST_BOUNDS, asked for
 * or not). Introspection is measured like any other selection: only its depth allowance differs.
 * Runs on every request with its variables, since page sizes usually come from them.
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragmentList: readonly FragmentDefinitionNode[],
  variables: Record<string, unknown> = {},
): void {
  const m: Measure = {
    depth: 0,
    introspectionDepth: 0,
    aliases: 0,
    directives: operation.directives?.length ?? 0,
    visits: 0,
  };
  const w: Walk = {
    schema,
    fragments: new Map(fragmentList.map((f) => [f.name.value, f])),
    variables,
    seen: new Set(),
    m,
  };
  const cost = walk(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined, null, 1, false, w);
  if (m.aliases > MAX_ALIASES) refuse(`Query uses ${m.aliases} aliases, at most ${MAX_ALIASES} allowed`);
  if (m.directives > MAX_DIRECTIVES) refuse(`Query uses ${m.directives} directives, at most ${MAX_DIRECTIVES} allowed`);
  if (m.depth > MAX_QUERY_DEPTH) refuse(`Query is too deep: ${m.depth} levels, at most ${MAX_QUERY_DEPTH} allowed`);
  if (m.introspectionDepth > MAX_INTROSPECTION_DEPTH) {
    refuse(
      `Introspection query is too deep: ${m.introspectionDepth} levels, at most ${MAX_INTROSPECTION_DEPTH} allowed`,
    );
  }
  if (cost > MAX_QUERY_COST)
    refuse(`Query is too costly: ${Math.ceil(cost)} points, at most ${MAX_QUERY_COST} allowed`);
}
