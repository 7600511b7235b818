import { clearTokens } from '../../../../auth/token-storage';
import { codeOf } from '../../shared/admin-session';
import { errorMessage } from '../../../../lib/errors';

export const SAVE_TEXTS = {
  sessionExpired: 'Your session has expired. Please login again.',
  noPermission: "You don't have permission to edit tours. Admin access is required.",
  notLoggedIn: 'You are not logged in. Please login to continue.',
  invalidSession: 'Your login session is invalid. Please login again.',
  saveError: 'Error saving tour',
} as const;

/** The message a failed save shows; the session ones also drop the stored token, which no longer works. */
export function saveErrorMessage(error: unknown, fallback: string): string {
  const message = errorMessage(error, fallback);
  const code = codeOf(error);
  const end = (text: string) => {
    clearTokens();
    return text;
  };
  if (/expired/i.test(message)) return end(SAVE_TEXTS.sessionExpired);
  if (/admin privileges|admin access|\b403\b|forbidden/i.test(message) || code === 'FORBIDDEN')
    return SAVE_TEXTS.noPermission;
  if (/invalid token|authentication failed/i.test(message)) return end(SAVE_TEXTS.invalidSession);
  if (
    /no authentication token|authentication required|unauthori[sz]ed|not logged in|\b401\b/i.test(message) ||
    code === 'UNAUTHENTICATED'
  ) {
    return end(SAVE_TEXTS.notLoggedIn);
  }
  return message;
}

/** A failed profile check before saving: a refused one (401/403) means the session is over. */
export function profileCheckMessage(message: string): string {
  if (/\b40[13]\b|unauthori[sz]ed|forbidden|expired|not signed in/i.test(message)) {
    clearTokens();
    return SAVE_TEXTS.sessionExpired;
  }
  return saveErrorMessage(new Error(message), SAVE_TEXTS.saveError);
}
