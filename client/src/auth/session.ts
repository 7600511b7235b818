import { print } from 'graphql';
import { isTokenExpired, isTokenWellFormed } from '@tembea/schema';
import { REFRESH_TOKEN } from './api/auth.operations';
import { AUTH_MESSAGES, NetworkError, SessionError } from './messages';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';

export const GRAPHQL_PATH = '/graphql';

/** The one refresh in flight; every caller that needs a new token while it runs shares it. */
let inflight: Promise<string> | null = null;

interface RefreshBody {
  data?: { refreshToken?: { accessToken?: string | null; refreshToken?: string | null } | null } | null;
  errors?: unknown[];
}

async function runRefresh(rejectedToken: string | null): Promise<string> {
  // Another tab (or an earlier refresh) may already have stored a newer token: use it as is.
  const current = getAccessToken();
  if (current && current !== rejectedToken && !isTokenExpired(current)) return current;

  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearTokens();
    throw new SessionError(AUTH_MESSAGES.noRefreshToken);
  }
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ operationName: 'RefreshToken', query: print(REFRESH_TOKEN), variables: { refreshToken } }),
    });
  } catch {
    // Offline is not a refused session: keep the tokens so the next attempt can still succeed.
    throw new NetworkError();
  }
  let body: RefreshBody;
  try {
    body = (await response.json()) as RefreshBody;
  } catch {
    clearTokens();
    throw new SessionError(AUTH_MESSAGES.refreshFailed);
  }
  if (!response.ok || body.errors?.length || !body.data?.refreshToken) {
    clearTokens();
    throw new SessionError(AUTH_MESSAGES.refreshFailed);
  }
  const { accessToken, refreshToken: nextRefresh } = body.data.refreshToken;
  if (!accessToken) {
    clearTokens();
    throw new SessionError(AUTH_MESSAGES.noAccessTokenInRefresh);
  }
  setTokens(accessToken, nextRefresh ?? refreshToken);
  return accessToken;
}

/**
 * A new access token from the stored refresh token. Only one refresh runs at a time: concurrent
 * callers share its result, so a rotated refresh token is never presented twice.
 * Rejects with SessionError (tokens cleared) or NetworkError (tokens kept).
 * `rejectedToken` is the access token the server just refused, if any.
 */
export function refreshAccessToken(rejectedToken: string | null = null): Promise<string> {
  inflight ??= runRefresh(rejectedToken).finally(() => {
    inflight = null;
  });
  return inflight;
}

export interface PreparedAuth {
  /** Bearer token to send, or null to send the operation anonymously. */
  token: string | null;
  /** Why a session was just lost, to explain an 'authentication required' answer. */
  lostSession: string | null;
}

/**
 * The access token to send with the next request: a malformed one is dropped with the tokens, an
 * expired one is refreshed first when a refresh token exists.
 */
export async function prepareAuth(): Promise<PreparedAuth> {
  const token = getAccessToken();
  if (!token) {
    // A refresh token without an access token (e.g. cleared by hand) can still restore the session.
    if (!getRefreshToken()) return { token: null, lostSession: null };
    return refreshOrLose(null);
  }
  if (!isTokenWellFormed(token)) {
    clearTokens();
    return { token: null, lostSession: AUTH_MESSAGES.invalidToken };
  }
  if (!isTokenExpired(token)) return { token, lostSession: null };
  if (!getRefreshToken()) {
    clearTokens();
    return { token: null, lostSession: AUTH_MESSAGES.sessionExpired };
  }
  return refreshOrLose(token);
}

async function refreshOrLose(rejected: string | null): Promise<PreparedAuth> {
  try {
    return { token: await refreshAccessToken(rejected), lostSession: null };
  } catch (e) {
    if (e instanceof SessionError) return { token: null, lostSession: AUTH_MESSAGES.sessionExpired };
    throw e;
  }
}
