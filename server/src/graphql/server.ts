import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { type FragmentDefinitionNode, type GraphQLFormattedError, Kind } from 'graphql';
import { GENERIC_ERROR_MESSAGE } from '@tembea/schema';
import type { GraphQLContext } from './context.js';
import { AppError, BadInputError, databaseAppError, loggableError } from '../common/errors.js';
import { log } from '../common/logger.js';
import { refuseMalformedText } from '../common/well-formed-text.js';
import { checkQueryLimits, MAX_TOKENS } from './limits.js';
import { getSchema } from './schema.js';

/** Apollo's own request failures (parse, validation, variable coercion) become BAD_USER_INPUT. */
const APOLLO_INPUT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * The original error behind each masked answer, until the request's answer is sent: the plugin below
 * then logs it with the request id (which formatError cannot see) and adds that id to the answer.
 */
const maskedErrors = new WeakMap<GraphQLFormattedError, unknown>();

/** Keeps known errors, turns validation failures into BAD_USER_INPUT and masks everything else. */
function formatKnownError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  // An AppError arrives wrapped by graphql-js when a resolver threw it, as itself when a plugin did.
  const original = error instanceof AppError ? error : (error as { originalError?: unknown })?.originalError;
  if (original instanceof AppError) {
    // `http` sets Apollo's answer status and stays on the server.
    const { http: _http, ...extensions } = original.extensions;
    return { message: original.message, locations: formatted.locations, path: formatted.path, extensions };
  }
  const code = formatted.extensions?.code;
  // Apollo's own refusals of a request carry a 4xx status, some without a code (a persisted query whose hash does not match).
  const httpStatus = (error as { extensions?: { http?: { status?: number } } })?.extensions?.http?.status;
  const refused =
    (typeof code === 'string' && APOLLO_INPUT_CODES.has(code)) ||
    (httpStatus !== undefined && httpStatus >= 400 && httpStatus < 500);
  if (!original && refused) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: 'BAD_USER_INPUT' } };
  }
  // type-graphql and graphql-js raise plain GraphQLErrors for bad scalar values (e.g. a malformed date).
  if (
    original &&
    (original as Error).name === 'GraphQLError' &&
    !(original as { originalError?: unknown }).originalError
  ) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'BAD_USER_INPUT' },
    };
  }
  const dbError = databaseAppError(original);
  if (dbError) {
    log.warn(dbError.code === 'TIMEOUT' ? 'database statement timed out' : 'database unavailable', {
      path: formatted.path,
      error: loggableError(original, { stack: false }),
    });
    return {
      message: dbError.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: dbError.code },
    };
  }
  const masked = {
    message: GENERIC_ERROR_MESSAGE,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
  maskedErrors.set(masked, original ?? formatted.message);
  return masked;
}

/**
 * Tells the request log the resolved operation name, and for every masked error logs the original
 * with its stack and the request id, and gives the client that id to quote.
 */
const observabilityPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ contextValue }) {
    return {
      async didResolveOperation({ operationName }) {
        contextValue.res.locals.graphqlOperation = operationName ?? '';
      },
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        for (const formatted of response.body.singleResult.errors ?? []) {
          if (!maskedErrors.has(formatted)) continue;
          const original = maskedErrors.get(formatted) as Error | string;
          maskedErrors.delete(formatted);
          // After a request timed out its answer is sent: a resolver still writing to it fails, as expected.
          const timedOut = Boolean(contextValue.res.locals.timedOut);
          (timedOut ? log.warn : log.error)(
            timedOut ? 'GraphQL error after the request timed out' : 'unexpected GraphQL error',
            {
              requestId: contextValue.requestId,
              path: formatted.path,
              error: loggableError(original, { stack: !timedOut }),
            },
          );
          (formatted.extensions as Record<string, unknown>).requestId = contextValue.requestId;
        }
      },
    };
  },
};

/**
 * The error formatter: in production, "Did you mean …?" hints are dropped from every message
 * (validation and variable errors alike), so the schema's field and enum names cannot be guessed
 * from them; introspection itself stays open for partners who generate clients from it.
 */
export function createFormatError(
  production: boolean,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  if (!production) return formatKnownError;
  return (formatted, error) => {
    const out = formatKnownError(formatted, error);
    const message = out.message.replace(/ ?Did you mean .+\?$/s, '');
    // A masked answer must stay the very object the logging plugin looks up; it carries no hint anyway.
    return message === out.message ? out : { ...out, message };
  };
}

/**
 * An operation of a kind the schema has no root type for (a subscription: this API has none) is the
 * caller's mistake, a 400; graphql-js would only find out while executing it and fail as a 500.
 */
const operationKindPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, response, schema }) {
        if (!operation || schema.getRootType(operation.operation)) return;
        response.http.status = 400;
        throw new BadInputError(`This API has no ${operation.operation} operations: send a query or a mutation`);
      },
    };
  },
};

/**
 * A text in the variables that is not whole Unicode (half of a surrogate pair, as JSON's "\ud800"
 * writes it) is the caller's mistake, a 400 naming it: graphql-js passes it on, and PostgreSQL would
 * refuse it deep inside a write as a 500. (The parser already refuses one written in the query.)
 */
const wellFormedTextPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, response }) {
        try {
          if (request.variables) refuseMalformedText(request.variables, 'variables');
        } catch (e) {
          if (e instanceof BadInputError) response.http.status = 400;
          throw e;
        }
      },
    };
  },
};

/**
 * Query limits on every operation, introspection included, before it runs: a refusal is an HTTP
 * 400 with BAD_USER_INPUT (a plugin error is otherwise answered as a 500).
 */
const limitsPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, operation, request, response, schema }) {
        if (!operation) return;
        const fragments = document.definitions.filter(
          (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
        );
        try {
          checkQueryLimits(schema, operation, fragments, request.variables ?? {});
        } catch (e) {
          if (e instanceof BadInputError) response.http.status = 400;
          throw e;
        }
      },
    };
  },
};

/**
 * The Apollo Server over the type-graphql schema (Sandbox landing page outside production). The
 * query limits are always on in the running product; only the throughput benchmark turns them off.
 */
export async function createApolloServer(
  production: boolean,
  opts: { queryLimits?: boolean } = {},
): Promise<ApolloServer<GraphQLContext>> {
  const server = new ApolloServer<GraphQLContext>({
    schema: await getSchema(),
    // Partners generate their clients from the schema; the query limits bound what it costs.
    introspection: true,
    formatError: createFormatError(production),
    csrfPrevention: true,
    // One operation per request: a JSON array body is refused with 400.
    allowBatchedHttpRequests: false,
    parseOptions: { maxTokens: MAX_TOKENS },
    // main.ts owns SIGTERM/SIGINT and stops Apollo with everything else; Apollo's own handler would
    // re-send the signal after stopping itself and cut the clean shutdown short.
    stopOnTerminationSignals: false,
    plugins: [
      operationKindPlugin,
      wellFormedTextPlugin,
      ...(opts.queryLimits === false ? [] : [limitsPlugin]),
      observabilityPlugin,
      // No cache hints are used; the plugin would wrap every field resolver of every request.
      ApolloServerPluginCacheControlDisabled(),
      production
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false }),
    ],
  });
  await server.start();
  return server;
}
