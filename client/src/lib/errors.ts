import { CombinedGraphQLErrors } from '@apollo/client';

/** The message of a failed call: the server's first error (or the network text), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The failing fields of a BAD_USER_INPUT answer (extensions.fields: [{ field, message }]). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors) {
    const fields = e.extensions?.fields;
    if (!Array.isArray(fields)) continue;
    for (const f of fields as { field?: unknown; message?: unknown }[]) {
      if (typeof f.field === 'string' && typeof f.message === 'string' && !out[f.field]) out[f.field] = f.message;
    }
  }
  return out;
}

/** An error asking the user to sign in: 'Authentication required' / 'Please login' in its text. */
export function isLoginError(message: string): boolean {
  return /authentication required|please login/i.test(message);
}

/** A failed call that needs a signed-in user: an UNAUTHENTICATED answer or a text asking to log in. */
export function needsLogin(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED'))
    return true;
  return error instanceof Error && isLoginError(error.message);
}

/** A failure as '{what failed}. {why}' with the server's reason when it gave one, else the bare text. */
export function failureWithReason(error: unknown, failed: string): string {
  const reason = errorMessage(error, '');
  return reason && reason !== failed ? `${failed} ${reason}` : failed;
}
