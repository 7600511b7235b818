import type { ApolloClient, ApolloCache } from '@apollo/client';
import { ME } from '../../../auth/api/auth.operations';
import { clearTokens } from '../../../auth/token-storage';
import { errorMessage } from '../../../lib/errors';

/** What a fresh profile fetch says about the caller's admin rights. */
export type AdminCheck =
  { status: 'admin' } | { status: 'not-admin'; role: string } | { status: 'failed'; message: string };

/**
 * Fetches the profile from the server (never the cache), because rights may have changed since the
 * page loaded: admin, signed in without admin rights, or no valid session.
 */
export async function verifyAdmin(client: ApolloClient): Promise<AdminCheck> {
  try {
    const { data } = await client.query({ query: ME, fetchPolicy: 'network-only' });
    const me = data?.me;
    if (!me) return { status: 'failed', message: 'Not signed in' };
    const role = (me.role ?? '').toLowerCase();
    return role === 'admin' ? { status: 'admin' } : { status: 'not-admin', role: me.role ?? 'none' };
  } catch (e) {
    return { status: 'failed', message: errorMessage(e, 'Session verification failed') };
  }
}

/** Texts of the admin list and its delete flow. */
export const ADMIN_TEXTS = {
  privilegesChanged: 'Your session expired or privileges changed. Please login again.',
  sessionExpired: 'Session expired. Please login again.',
  verificationFailed: 'Session verification failed',
  invalidId: 'Invalid tour ID',
  deleteFailed: 'Failed to delete tour',
  deleting: 'Deleting tour...',
  loaded: 'Tours loaded successfully',
  loadFailed: 'Failed to load tours',
} as const;

const LOST_RIGHTS = /403|401|unauthori[sz]ed|admin access|unauthenticated|forbidden/i;

/**
 * A failure of an admin call as the dashboard shows it: one that says the session or the admin
 * rights are gone ends the session (token removed) and asks to log in again; any other keeps the
 * server's message, else the fallback.
 */
export function adminFailure(error: unknown, fallback: string): { message: string; lostRights: boolean } {
  const message = errorMessage(error, fallback);
  const code = codeOf(error);
  if (LOST_RIGHTS.test(message) || code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') {
    clearTokens();
    return { message: ADMIN_TEXTS.privilegesChanged, lostRights: true };
  }
  return { message, lostRights: false };
}

/** The error code the server gave (extensions.code), if any. */
export function codeOf(error: unknown): string | undefined {
  const errors = (error as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  const code = errors?.[0]?.extensions?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * After a tour is saved or deleted the public lists, filters and detail pages must show the change
 * at once: their cached answers are dropped so the next visit asks the server.
 */
export function forgetTourLists(cache: ApolloCache, deletedId?: string): void {
  for (const fieldName of ['tours', 'tourFilters', 'tour', 'departures', 'quote'])
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  if (deletedId) cache.evict({ id: cache.identify({ __typename: 'Tour', id: deletedId }) });
  cache.gc();
}
