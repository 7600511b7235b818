import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
}

export interface AuthState {
  user: SessionUser | null;
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

/** Session state of the app (filled in by the accounts issue). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthState>(() => ({ user: null, loading: false, isAuthenticated: false, isAdmin: false }), []);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
