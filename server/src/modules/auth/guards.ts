import type { AuthUser, RequestContext } from '../../common/context.js';
import { ForbiddenError, UnauthenticatedError } from '../../common/errors.js';

/**
 * The signed-in user, or UNAUTHENTICATED: 'Authentication required. Please login.' without a token,
 * the refusal's own text ('Invalid token…', 'Session expired…') for a bad one.
 */
export function requireUser(ctx: RequestContext): AuthUser {
  if (ctx.user) return ctx.user;
  if (ctx.authError) throw ctx.authError;
  throw new UnauthenticatedError('Authentication required. Please login.');
}

/** The signed-in admin, or UNAUTHENTICATED (no/bad token) / FORBIDDEN (signed in without the role). */
export function requireAdmin(ctx: RequestContext): AuthUser {
  const user = requireUser(ctx);
  if (user.role !== 'admin') throw new ForbiddenError('Admin access required');
  return user;
}
