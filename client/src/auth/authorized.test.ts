import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { authorizedFetch } from './authorized';
import { SessionError } from './messages';
import { fakeJwt } from '../test/auth';

const exp = (s: number) => Math.floor(Date.now() / 1000) + s;
const oldToken = fakeJwt({ sub: '7', role: 'admin', exp: exp(600) });
const newToken = fakeJwt({ sub: '7', role: 'admin', exp: exp(900), n: 2 });

/** A fetch whose REST API accepts only `accepted` and whose GraphQL refresh answers `refresh`. */
function server(accepted: string, refresh: unknown) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/graphql')
      return new Response(JSON.stringify(refresh), { status: 200, headers: { 'content-type': 'application/json' } });
    const auth = new Headers(init?.headers).get('authorization');
    return auth === `Bearer ${accepted}`
      ? new Response('Booking,Status\n', { status: 200, headers: { 'content-type': 'text/csv' } })
      : new Response(JSON.stringify({ message: 'Authentication required. Please login.' }), { status: 401 });
  });
}

describe('authorizedFetch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, and on a 401 refreshes once and retries', async () => {
    localStorage.setItem(TOKEN_KEY, oldToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetchMock = server(newToken, {
      data: { refreshToken: { accessToken: newToken, refreshToken: 'refresh-2' } },
    });
    vi.stubGlobal('fetch', fetchMock);

    const res = await authorizedFetch('/api/bookings/admin/manifest?tourId=1&date=2030-01-01');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Booking,Status\n');
    const sent = fetchMock.mock.calls.map(
      ([url, init]) => `${url} ${new Headers(init?.headers).get('authorization') ?? ''}`,
    );
    expect(sent).toEqual([
      `/api/bookings/admin/manifest?tourId=1&date=2030-01-01 Bearer ${oldToken}`,
      '/graphql ',
      `/api/bookings/admin/manifest?tourId=1&date=2030-01-01 Bearer ${newToken}`,
    ]);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it("ends the session with 'Session expired. Please login again.' when the refresh is refused", async () => {
    localStorage.setItem(TOKEN_KEY, oldToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    vi.stubGlobal('fetch', server(newToken, { errors: [{ message: 'Invalid refresh token' }] }));

    const failure = await authorizedFetch('/api/x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SessionError);
    expect((failure as Error).message).toBe('Session expired. Please login again.');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('answers a logged-out 401 as it is', async () => {
    const fetchMock = server(newToken, {});
    vi.stubGlobal('fetch', fetchMock);
    const res = await authorizedFetch('/api/x');
    expect(res.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
