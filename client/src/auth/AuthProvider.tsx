import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { decodeToken, isTokenExpired, isTokenWellFormed } from '@tembea/schema';
import { DELETE_ACCOUNT, LOGIN, LOGOUT, ME } from './api/auth.operations';
import { AUTH_MESSAGES } from './messages';
import { toSessionUser, type SessionUser } from './session-user';
import { useHydrated } from '../lib/hydration';
import { clearTokens, getAccessToken, getRefreshToken, setTokens, subscribeTokens } from './token-storage';

export type { SessionUser } from './session-user';

export interface AuthState {
  user: SessionUser | null;
  /** True until the start-up session check has ended. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Clears any stored session, logs in and stores both tokens; rejects with the server's message. */
  login(email: string, password: string): Promise<SessionUser>;
  /** Ends the session (server told when the token is still valid) and reloads on /login. */
  logout(): Promise<void>;
  /** Deletes the signed-in account, then reloads on /signup; rejects when the server refuses. */
  deleteAccount(): Promise<void>;
  /** Fetches the profile again (after a picture upload, for instance). */
  refreshUser(): Promise<SessionUser | null>;
}

const AuthContext = createContext<AuthState | null>(null);

function reloadAt(path: string): void {
  window.location.assign(path);
}

/**
 * Session state of the app. At start a stored token is checked by fetching the profile;
 * a failing check clears both tokens. Token changes in other tabs are followed.
 */
export function AuthProvider({
  children,
  onReload = reloadAt,
}: {
  children: ReactNode;
  onReload?: (path: string) => void;
}) {
  const client = useApolloClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [checking, setLoading] = useState(() => !!(getAccessToken() || getRefreshToken()));
  // A server render knows no stored session: hydration starts from the same logged-out state.
  const loading = useHydrated() && checking;
  const userRef = useRef<SessionUser | null>(null);
  userRef.current = user;

  const fetchMe = useCallback(async (): Promise<SessionUser | null> => {
    const { data } = await client.query({ query: ME, fetchPolicy: 'network-only' });
    return data?.me ? toSessionUser(data.me) : null;
  }, [client]);

  const refreshUser = useCallback(async () => {
    const next = await fetchMe();
    setUser(next);
    return next;
  }, [fetchMe]);

  useEffect(() => {
    if (!getAccessToken() && !getRefreshToken()) return;
    let live = true;
    fetchMe()
      .then((me) => {
        if (!me) clearTokens();
        if (live) setUser(me);
      })
      .catch(() => {
        clearTokens();
        if (live) setUser(null);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [fetchMe]);

  useEffect(
    () =>
      subscribeTokens(({ accessToken, refreshToken }, source) => {
        if (!accessToken && !refreshToken) {
          setUser(null);
          return;
        }
        // This tab's own logins and refreshes already know their user.
        if (source === 'local' || !accessToken) return;
        // Logged in (or as someone else) in another tab: load that profile here too.
        const sub = decodeToken(accessToken)?.sub;
        const current = userRef.current;
        if (!current || (sub && sub !== current.id)) {
          fetchMe().then(setUser, () => setUser(null));
        }
      }),
    [fetchMe],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      clearTokens();
      await client.clearStore();
      const { data } = await client.mutate({ mutation: LOGIN, variables: { input: { email, password } } });
      const result = data?.login;
      if (!result?.accessToken) throw new Error(AUTH_MESSAGES.accessTokenMissing);
      setTokens(result.accessToken, result.refreshToken);
      const next = toSessionUser(result.user);
      setUser(next);
      return next;
    },
    [client],
  );

  const logout = useCallback(async () => {
    const token = getAccessToken();
    if (token && isTokenWellFormed(token) && !isTokenExpired(token)) {
      try {
        await client.mutate({ mutation: LOGOUT, variables: { refreshToken: getRefreshToken() } });
      } catch {
        // The session ends locally whatever the server answers.
      }
    }
    clearTokens();
    setUser(null);
    await client.clearStore().catch(() => undefined);
    onReload('/login');
  }, [client, onReload]);

  const deleteAccount = useCallback(async () => {
    const id = userRef.current?.id;
    const { data } = await client.mutate({ mutation: DELETE_ACCOUNT, variables: { userId: id } });
    if (!data?.deleteAccount) throw new Error('Failed to delete account.');
    clearTokens();
    setUser(null);
    await client.clearStore().catch(() => undefined);
    onReload('/signup');
  }, [client, onReload]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      isAuthenticated: !!user,
      isAdmin: user?.role === 'admin',
      login,
      logout,
      deleteAccount,
      refreshUser,
    }),
    [user, loading, login, logout, deleteAccount, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
