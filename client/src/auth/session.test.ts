import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { prepareAuth, refreshAccessToken } from './session';

/** A JWT-shaped token whose payload carries the given expiry (seconds). */
function jwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}
const now = () => Math.floor(Date.now() / 1000);
const expired = jwt({ sub: '1', role: 'user', exp: now() - 60 });
const fresh = jwt({ sub: '1', role: 'user', exp: now() + 900 });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('refresh coordinator', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs one refresh for concurrent callers and gives them all its token', async () => {
    localStorage.setItem(TOKEN_KEY, expired);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const answer = deferred<Response>();
    const fetchMock = vi.fn(() => answer.promise);
    vi.stubGlobal('fetch', fetchMock);

    const callers = [refreshAccessToken(expired), refreshAccessToken(expired), prepareAuth(), prepareAuth()];
    answer.resolve(jsonResponse({ data: { refreshToken: { accessToken: fresh, refreshToken: 'refresh-2' } } }));
    const [a, b, c, d] = await Promise.all(callers);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.variables).toEqual({ refreshToken: 'refresh-1' });
    expect(body.query).toContain('refreshToken(refreshToken: $refreshToken)');
    expect([a, b]).toEqual([fresh, fresh]);
    expect(c).toEqual({ token: fresh, lostSession: null });
    expect(d).toEqual({ token: fresh, lostSession: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('starts a new refresh once the previous one has ended', async () => {
    localStorage.setItem(TOKEN_KEY, expired);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetchMock = vi.fn(async () =>
      jsonResponse({ data: { refreshToken: { accessToken: fresh, refreshToken: 'refresh-2' } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await refreshAccessToken(expired);
    await refreshAccessToken(fresh);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('clears both tokens and fails every waiting caller when the server refuses the refresh', async () => {
    localStorage.setItem(TOKEN_KEY, expired);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'stolen');
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        errors: [{ message: 'Invalid token. Please login again.', extensions: { code: 'UNAUTHENTICATED' } }],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const results = await Promise.allSettled([refreshAccessToken(expired), refreshAccessToken(expired)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason.message).toBe('Token refresh failed');
    }
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('says why the session ended: no refresh token, or no access token in the answer', async () => {
    localStorage.setItem(TOKEN_KEY, expired);
    const fetchMock = vi.fn(async () =>
      jsonResponse({ data: { refreshToken: { accessToken: null, refreshToken: 'r' } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshAccessToken(expired)).rejects.toThrow('No refresh token available');
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem(TOKEN_KEY, expired);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    await expect(refreshAccessToken(expired)).rejects.toThrow('No access token in refresh response');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('keeps the tokens when the server cannot be reached', async () => {
    localStorage.setItem(TOKEN_KEY, expired);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(refreshAccessToken(expired)).rejects.toThrow(
      'Network error. Please check your connection and try again.',
    );
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('prepareAuth: sends a valid token as is, drops a malformed one, ends an expired one without refresh token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(TOKEN_KEY, fresh);
    expect(await prepareAuth()).toEqual({ token: fresh, lostSession: null });

    localStorage.setItem(TOKEN_KEY, 'not-a-jwt');
    expect(await prepareAuth()).toEqual({ token: null, lostSession: 'Invalid token. Please login again.' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    localStorage.setItem(TOKEN_KEY, expired);
    expect(await prepareAuth()).toEqual({ token: null, lostSession: 'Session expired. Please login again.' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
