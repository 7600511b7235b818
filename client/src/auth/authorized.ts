import { AUTH_MESSAGES, NetworkError, SessionError } from './messages';
import { prepareAuth, refreshAccessToken } from './session';
import { clearTokens, getRefreshToken } from './token-storage';

/** What to answer when the session cannot go on: by default a SessionError with the reason. */
export type SessionLost<T> = (answer: T, message: string) => T;

const throwSessionError = (_answer: unknown, message: string): never => {
  throw new SessionError(message);
};

/**
 * The one authorised request of the app, used by the Apollo session link, the REST calls and the
 * uploads: sends the session's bearer token (an expired one is refreshed first), and when the
 * answer refuses the token (`refused`) refreshes once and sends again. When the session cannot go
 * on (no refresh token, a refused refresh), the tokens are cleared and `lost` turns the refused
 * answer and the reason into the result; by default it throws SessionError with that reason.
 */
export async function withSession<T>(
  send: (token: string | null) => Promise<T>,
  refused: (answer: T) => boolean,
  lost: SessionLost<T> = throwSessionError,
): Promise<T> {
  const auth = await prepareAuth();
  const answer = await send(auth.token);
  if (!refused(answer)) return answer;
  if (!auth.token) return auth.lostSession ? lost(answer, auth.lostSession) : answer;
  if (!getRefreshToken()) {
    clearTokens();
    return lost(answer, AUTH_MESSAGES.authFailed);
  }
  let fresh: string;
  try {
    fresh = await refreshAccessToken(auth.token);
  } catch (e) {
    if (e instanceof SessionError) return lost(answer, AUTH_MESSAGES.sessionExpired);
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
