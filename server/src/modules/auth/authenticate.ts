import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeRole } from '@tembea/schema';
import type { AuthUser } from '../../common/context.js';
import { AppError, UnauthenticatedError } from '../../common/errors.js';
import { User } from '../users/user.entity.js';
import { bearerToken, verifyAccessToken } from './access-token.js';

/**
 * The caller of a request from its Authorization header. A valid signature is not enough: the
 * account must still exist (a deleted user's token is refused at once, not after 15 minutes) and
 * its role is read from the database, so a demoted admin loses the rights with the next request.
 */
export async function authenticate(
  em: EntityManager,
  authorization: string | undefined,
  secret: string,
): Promise<{ user: AuthUser | null; authError: AppError | null }> {
  const token = bearerToken(authorization);
  if (!token) return { user: null, authError: null };
  let claims: AuthUser;
  try {
    claims = verifyAccessToken(token, secret);
  } catch (e) {
    return { user: null, authError: e as AppError };
  }
  const row = await em.findOne(User, { id: claims.id });
  if (!row) return { user: null, authError: new UnauthenticatedError('Session expired. Please login again.') };
  return { user: { id: row.id, role: normalizeRole(row.role) }, authError: null };
}
