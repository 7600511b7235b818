import { gql } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { fakeJwt, mockClient, type Call } from '../test/auth';
import { sessionLink } from './apollo';

const PROBE = gql`
  query Probe {
    me {
      id
    }
  }
`;
const exp = (s: number) => Math.floor(Date.now() / 1000) + s;
const oldToken = fakeJwt({ sub: '7', role: 'user', exp: exp(600) });
const expiredToken = fakeJwt({ sub: '7', role: 'user', exp: exp(-60) });
const newToken = fakeJwt({ sub: '7', role: 'user', exp: exp(900), n: 2 });

const unauthenticated = {
  errors: [{ message: 'Session expired. Please login again.', extensions: { code: 'UNAUTHENTICATED' } }],
};
const ok = { data: { me: { __typename: 'User', id: '7' } } };

function refreshAnswer(body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
}

/** The server side: accepts only the new token. */
const server = (call: Call) => (call.authorization === `Bearer ${newToken}` ? ok : unauthenticated);

describe('session link', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes and retries once after an UNAUTHENTICATED answer', async () => {
    localStorage.setItem(TOKEN_KEY, oldToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetchMock = refreshAnswer({ data: { refreshToken: { accessToken: newToken, refreshToken: 'refresh-2' } } });
    vi.stubGlobal('fetch', fetchMock);
    const { client, calls } = mockClient(server, [sessionLink]);

    const { data } = await client.query({ query: PROBE, fetchPolicy: 'no-cache' });
    expect(data).toEqual(ok.data);
    expect(calls.map((c) => c.authorization)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('refreshes an expired token before sending, once for concurrent operations', async () => {
    localStorage.setItem(TOKEN_KEY, expiredToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    const fetchMock = refreshAnswer({ data: { refreshToken: { accessToken: newToken, refreshToken: 'refresh-2' } } });
    vi.stubGlobal('fetch', fetchMock);
    const { client, calls } = mockClient(server, [sessionLink]);

    await Promise.all(
      [1, 2, 3].map(() =>
        client.query({ query: PROBE, fetchPolicy: 'no-cache', context: { queryDeduplication: false } }),
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.authorization)).toEqual(Array(3).fill(`Bearer ${newToken}`));
  });

  it('ends the session with the spec text when the refresh is refused', async () => {
    localStorage.setItem(TOKEN_KEY, oldToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    vi.stubGlobal('fetch', refreshAnswer({ errors: [{ message: 'Invalid token. Please login again.' }] }));
    const { client, calls } = mockClient(server, [sessionLink]);

    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow(
      'Session expired. Please login again.',
    );
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('answers a refused token without refresh token with the spec text and clears it', async () => {
    localStorage.setItem(TOKEN_KEY, oldToken);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { client } = mockClient(server, [sessionLink]);
    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow(
      'Authentication failed. Please login again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('turns a failed connection into the network message', async () => {
    const { client } = mockClient(() => new TypeError('Failed to fetch'), [sessionLink]);
    await expect(client.query({ query: PROBE, fetchPolicy: 'no-cache' })).rejects.toThrow(
      'Network error. Please check your connection and try again.',
    );
  });
});
