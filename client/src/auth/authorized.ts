import { AUTH_MESSAGES, NetworkError, SessionError } from './messages';
import { prepareAuth, refreshAccessToken } from './session';
import { clearTokens, getRefreshToken } from './token-storage';

/**
 * Runs a request outside Apollo with the session's bearer token, by the same rule as the Apollo
 * session link: an expired token is refreshed first, and an answer that refuses the token
 * (`refused`) is retried once after a refresh. Throws SessionError, with the text saying why,
 * when the session cannot go on.
 */
export async function withSession<T>(send: (token: string | null) => Promise<T>, refused: (answer: T) => boolean): Promise<T> {
  const auth = await prepareAuth();
  const answer = await send(auth.token);
  if (!refused(answer)) return answer;
  if (!auth.token) {
    if (auth.lostSession) throw new SessionError(auth.lostSession);
    return answer;
  }
  if (!getRefreshToken()) {
    clearTokens();
    throw new SessionError(AUTH_MESSAGES.authFailed);
  }
  let fresh: string;
  try {
    fresh = await refreshAccessToken(auth.token);
  } catch (e) {
    if (e instanceof SessionError) throw new SessionError(AUTH_MESSAGES.sessionExpired);
    throw e;
  }
  return send(fresh);
}

/** fetch() of the app's REST API with the session's bearer token, refreshed once on a 401. */
export function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return withSession(
    async (token) => {
      const headers = new Headers(init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      try {
        return await fetch(url, { ...init, headers });
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') throw e;
        throw new NetworkError();
      }
    },
    (res) => res.status === 401,
  );
}
