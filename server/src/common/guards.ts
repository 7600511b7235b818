import type { AuthUser, PartnerCaller, RequestContext } from './context.js';
import { ForbiddenError, UnauthenticatedError } from './errors.js';

const LOGIN_REQUIRED = 'Authentication required. Please login.';

/**
 * The signed-in user, or null for an anonymous caller without credentials. A refused token is
 * UNAUTHENTICATED with the refusal's own text ('Invalid token…', 'Session expired…'); any other
 * kind of caller (the system) is FORBIDDEN, since it acts for no user.
 */
export function optionalUser(ctx: RequestContext): AuthUser | null {
  const p = ctx.principal;
  switch (p.kind) {
    case 'user':
      return { id: p.id, role: p.role };
    case 'anonymous':
      if (p.refusal) throw p.refusal;
      return null;
    case 'system':
      throw new ForbiddenError('This action needs a signed-in user');
    case 'partner':
      throw new ForbiddenError(
        'An API key reads the catalogue and availability only; this action needs a signed-in user',
      );
    default: {
      const unknown: never = p;
      throw new ForbiddenError(`Unknown caller ${String((unknown as { kind?: string }).kind)}`);
    }
  }
}

/**
 * The signed-in user, or UNAUTHENTICATED: 'Authentication required. Please login.' without a token,
 * the refusal's own text for a bad one.
 */
export function requireUser(ctx: RequestContext): AuthUser {
  const user = optionalUser(ctx);
  if (!user) throw new UnauthenticatedError(LOGIN_REQUIRED);
  return user;
}

/** The signed-in admin, or UNAUTHENTICATED (no/bad token) / FORBIDDEN (signed in without the role). */
export function requireAdmin(ctx: RequestContext): AuthUser {
  const user = requireUser(ctx);
  if (user.role !== 'admin') throw new ForbiddenError('Admin access required');
  return user;
}

/** The partner whose API key made the call, or FORBIDDEN for any other caller. */
export function requirePartner(ctx: RequestContext): PartnerCaller {
  const p = ctx.principal;
  if (p.kind === 'partner') return { keyId: p.keyId, partnerName: p.partnerName };
  if (p.kind === 'anonymous' && p.refusal) throw p.refusal;
  throw new ForbiddenError('This action needs a partner API key');
}
