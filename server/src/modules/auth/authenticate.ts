import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { normalizeRole } from '@tembea/schema';
import type { Principal } from '../../common/context.js';
import { AppError, UnauthenticatedError } from '../../common/errors.js';
import { User } from '../users/user.entity.js';
import { bearerToken, verifyAccessToken, type AccessClaims } from './access-token.js';
import { SESSION_EXPIRED } from './session.service.js';

/**
 * The caller of a request from its Authorization header: a user, or anonymous (with the refusal
 * when a token was presented but is not valid). A valid signature is not enough: the
 * token's session must still be open (not logged out, not revoked for reuse or by a password reset,
 * not past its absolute expiry) and the account must still exist. Both are checked by the one
 * statement that loads the user, whose role is read from the database, so a demoted admin loses
 * the rights with the next request. The user is loaded as an entity into the request's unit of
 * work, so services asking for it again cost no second statement.
 */
export async function authenticate(
  em: EntityManager,
  authorization: string | undefined,
  secret: string,
): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'anonymous' };
  let claims: AccessClaims;
  try {
    claims = verifyAccessToken(token, secret);
  } catch (e) {
    return { kind: 'anonymous', refusal: e as AppError };
  }
  const row = await em.findOne(User, {
    id: claims.userId,
    [raw(
      (alias: string) =>
        `exists (select 1 from "refresh_tokens" t where t."family_id" = ? and t."user_id" = ${alias}."id" and t."revoked_at" is null and t."expires_at" > now())`,
      [claims.sessionId],
    )]: [],
  });
  if (!row) return { kind: 'anonymous', refusal: new UnauthenticatedError(SESSION_EXPIRED) };
  return { kind: 'user', id: row.id, role: normalizeRole(row.role) };
}
