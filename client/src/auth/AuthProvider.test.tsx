import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';
import { useAuth } from './AuthProvider';
import { fakeJwt, mockClient, Providers, TEST_USER } from '../test/auth';

function Probe() {
  const { user, loading, isAdmin } = useAuth();
  return <p>{loading ? 'checking' : user ? `${user.name} ${isAdmin ? 'admin' : 'user'}` : 'logged out'}</p>;
}

const token = fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 });

describe('AuthProvider', () => {
  afterEach(cleanup);
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('useAuth outside its provider throws the exact text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('becomes authenticated from a stored token by fetching the profile', async () => {
    localStorage.setItem(TOKEN_KEY, token);
    const { client, calls } = mockClient(() => ({ data: { me: { ...TEST_USER, role: 'admin' } } }));
    render(
      <Providers client={client}>
        <Probe />
      </Providers>,
    );
    expect(screen.getByText('checking')).toBeTruthy();
    await screen.findByText('Amani Mushi Kileo admin');
    expect(calls[0]!.operationName).toBe('Me');
    expect(calls[0]!.authorization).toBe(`Bearer ${token}`);
  });

  it('clears both tokens and is logged out when the profile check fails', async () => {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh');
    const { client } = mockClient(() => ({
      errors: [{ message: 'Account not found', extensions: { code: 'NOT_FOUND' } }],
    }));
    render(
      <Providers client={client}>
        <Probe />
      </Providers>,
    );
    await screen.findByText('logged out');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('is logged out at once without a stored token', async () => {
    const { client, calls } = mockClient(() => ({ data: { me: TEST_USER } }));
    render(
      <Providers client={client}>
        <Probe />
      </Providers>,
    );
    expect(screen.getByText('logged out')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
