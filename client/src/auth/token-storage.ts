import { REFRESH_TOKEN_KEY, TOKEN_KEY } from '@tembea/schema';

/** Session tokens in localStorage under the keys `token` and `refreshToken`. */
export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** 'local': changed by this tab; 'storage': changed by another tab. */
export type TokenChangeSource = 'local' | 'storage';
type Listener = (tokens: StoredTokens, source: TokenChangeSource) => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as logged out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function getTokens(): StoredTokens {
  return { accessToken: getAccessToken(), refreshToken: getRefreshToken() };
}

function notify(): void {
  const tokens = getTokens();
  for (const l of listeners) l(tokens, 'local');
}

/** Stores both tokens; a missing refresh token keeps the one already stored. */
export function setTokens(accessToken: string, refreshToken?: string | null): void {
  try {
    localStorage.setItem(TOKEN_KEY, accessToken);
    if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  } finally {
    notify();
  }
}

export function clearTokens(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    /* nothing stored that could be removed */
  } finally {
    notify();
  }
}

/**
 * Calls the listener whenever the tokens change, in this tab (setTokens/clearTokens) or in another
 * tab (the storage event), so that every tab follows a login or logout.
 */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === REFRESH_TOKEN_KEY) listener(getTokens(), 'storage');
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
