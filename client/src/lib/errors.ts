import { CombinedGraphQLErrors } from '@apollo/client';

/** The message of a failed call: the server's first error (or the network text), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
