import {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  ServerError,
  type NormalizedCacheObject,
} from '@apollo/client';
import type { GraphQLFormattedError } from 'graphql';
import { catchError, from, lastValueFrom, of, throwError, type Observable } from 'rxjs';
import { withSession } from '../auth/authorized';
import { AUTH_MESSAGES, NetworkError, SessionError } from '../auth/messages';
import { GRAPHQL_PATH } from '../auth/session';
import { getAccessToken } from '../auth/token-storage';
import { cursorPaging } from './paging';

/** Base path of the REST API (same origin), so a server render and the browser build the same URLs. */
export const API_BASE = '/api';

/** Operations that manage the session themselves: no refresh-and-retry around them. */
const SESSION_OPERATIONS = new Set(['Login', 'Register', 'RefreshToken', 'Logout', 'ForgotPassword', 'ResetPassword']);

type Result = ApolloLink.Result;

function isUnauthenticated(result: Result): boolean {
  return !!result.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/** The same answer with its authentication errors explained by why the session ended. */
function explain(result: Result, message: string): Result {
  const errors: GraphQLFormattedError[] = (result.errors ?? []).map((e) =>
    e.extensions?.code === 'UNAUTHENTICATED' ? { ...e, message } : e,
  );
  return { ...result, errors };
}

/** An HTTP 401 (e.g. refused before any resolver ran) as an ordinary UNAUTHENTICATED answer. */
function http401AsResult(error: unknown): Observable<Result> {
  if (ServerError.is(error) && error.statusCode === 401) {
    let message: string = AUTH_MESSAGES.authRequired;
    try {
      const body = JSON.parse(error.bodyText) as { message?: string; errors?: { message?: string }[] };
      message = body.errors?.[0]?.message ?? body.message ?? message;
    } catch {
      /* not JSON: keep the default text */
    }
    return of({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
  }
  return throwError(() => error);
}

/** A failure to reach the server surfaces as the network message ('Network error…'). */
function networkFailure(error: unknown): Observable<never> {
  const known = error instanceof SessionError || ServerError.is(error) || CombinedGraphQLErrors.is(error);
  const aborted = error instanceof DOMException && error.name === 'AbortError';
  if (!known && !aborted && (error instanceof TypeError || error instanceof NetworkError)) {
    return throwError(() => new NetworkError());
  }
  return throwError(() => error);
}

/**
 * Session link: the operation goes through the app's one authorised request (withSession): the
 * bearer token, an expired token refreshed before the operation, and on an UNAUTHENTICATED answer
 * one refresh and retry. A session that cannot go on ends (tokens cleared) and the answer's
 * authentication errors say why ('Session expired. Please login again.').
 */
export const sessionLink = new ApolloLink((operation, forward) => {
  const send = (token: string | null): Observable<Result> => {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => {
      const { authorization: _drop, ...rest } = headers;
      return { headers: token ? { ...rest, authorization: `Bearer ${token}` } : rest };
    });
    return forward(operation).pipe(catchError(http401AsResult));
  };

  if (SESSION_OPERATIONS.has(operation.operationName ?? '')) {
    return send(getAccessToken()).pipe(catchError(networkFailure));
  }

  return from(withSession((token) => lastValueFrom(send(token)), isUnauthenticated, explain)).pipe(
    catchError(networkFailure),
  );
});

/** The cache of the app's Apollo Client, in the browser and in a server render alike. */
export function createApolloCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Tour: { keyFields: ['id'] },
      // Every connection the app loads more of: "load more" pages are appended here, not in the hooks.
      Query: {
        fields: {
          tours: cursorPaging(['filter', 'search', 'sort', 'first', 'updatedSince']),
          bookings: cursorPaging(['filter', 'first']),
          payments: cursorPaging(['filter', 'first']),
          webhookDeliveries: cursorPaging(['status', 'first']),
        },
      },
    },
  });
}

/**
 * The one Apollo Client of the app; `serverState` is the cache a server render embedded in the
 * page, so hydration renders from the same data without asking again.
 */
export function createApolloClient(serverState?: NormalizedCacheObject): ApolloClient {
  const cache = createApolloCache();
  if (serverState) cache.restore(serverState);
  return new ApolloClient({
    link: ApolloLink.from([sessionLink, new HttpLink({ uri: GRAPHQL_PATH })]),
    cache,
  });
}
