import type { NextFunction, Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeRole } from '@tembea/schema';
import type { Principal } from '../../common/context.js';
import { AppError, UnauthenticatedError } from '../../common/errors.js';
import { queryRows, sql } from '../../common/sql.js';
import { partnerKeyService } from '../partners/partner-key.service.js';
import { User } from '../users/user.entity.js';
import { bearerToken, verifyAccessToken, type AccessClaims } from './access-token.js';
import { SESSION_EXPIRED } from './session.service.js';

/** The credentials a request may carry: its Authorization header and its X-Api-Key header. */
export interface Credentials {
  authorization?: string;
  apiKey?: string;
}

/**
 * An Authorization header of the ApiKey scheme: `ApiKey` alone or followed by whitespace. The
 * scheme is matched case-insensitively, as HTTP authentication schemes are; whatever follows it is
 * the key as presented, so a missing key or one followed by more words is refused as malformed
 * rather than ignored.
 */
const API_KEY_SCHEME = /^ApiKey(?:\s|$)/i;
const BOTH_CREDENTIALS =
  'Send one credential: an API key (Authorization: ApiKey <key> or X-Api-Key) or a bearer token, not both.';

/** The key after `ApiKey` in an Authorization header ('' when none follows), or undefined for another scheme or no header. */
function authorizationKey(authorization: string | undefined): string | undefined {
  const auth = authorization?.trim() ?? '';
  return API_KEY_SCHEME.test(auth) ? auth.slice('ApiKey'.length).trim() : undefined;
}

/**
 * Whether a request presents a partner's API key: an Authorization header of the ApiKey scheme, or
 * an X-Api-Key header, even an empty or malformed one (which is then refused, never ignored).
 */
export function presentsApiKey(c: Credentials): boolean {
  return c.apiKey !== undefined || authorizationKey(c.authorization) !== undefined;
}

/**
 * The API key a request presents (`Authorization: ApiKey <key>` or `X-Api-Key: <key>`) as sent,
 * malformed or not (the key check refuses those), null for none, or a refusal when the two headers
 * disagree or a key comes with another Authorization header (a bearer token).
 */
function apiKeyOf(c: Credentials): string | null | AppError {
  const header = c.apiKey?.trim();
  const scheme = authorizationKey(c.authorization);
  if (header !== undefined && c.authorization?.trim() && header !== scheme)
    return new UnauthenticatedError(BOTH_CREDENTIALS);
  return header ?? scheme ?? null;
}

/**
 * On /graphql and /api, a request whose API key was refused (unknown, revoked, malformed) is
 * answered 401 UNAUTHENTICATED whatever it asks for: a partner must learn that its key does not
 * work, not be served the catalogue as an anonymous visitor.
 */
export function refuseRefusedApiKeys(req: Request, _res: Response, next: NextFunction): void {
  const p = req.ctx?.principal;
  if (
    p?.kind === 'anonymous' &&
    p.refusal &&
    presentsApiKey({ authorization: req.get('authorization'), apiKey: req.get('x-api-key') })
  )
    throw p.refusal;
  next();
}

/**
 * The caller of a request from its credentials: a partner for a valid API key (see
 * partnerKeyService.authenticate), a user for a bearer token, or anonymous (with the refusal
 * when a key or token was presented but is not valid). A valid signature is not enough: the
 * token's session must still be open (not logged out, not revoked for reuse or by a password reset,
 * not past its absolute expiry) and the account must still exist. Both are checked by the one
 * statement that loads the user, whose role is read from the database, so a demoted admin loses
 * the rights with the next request. The user is loaded as an entity into the request's unit of
 * work (`unitOfWork()`, forked only when needed), so services asking for it again cost no second statement.
 */
export async function authenticate(
  unitOfWork: () => EntityManager,
  credentials: Credentials,
  secret: string,
): Promise<Principal> {
  const key = apiKeyOf(credentials);
  if (key instanceof AppError) return { kind: 'anonymous', refusal: key };
  if (key !== null) return partnerKeyService.authenticate(unitOfWork(), key);
  const token = bearerToken(credentials.authorization);
  if (!token) return { kind: 'anonymous' };
  let claims: AccessClaims;
  try {
    claims = verifyAccessToken(token, secret);
  } catch (e) {
    return { kind: 'anonymous', refusal: e as AppError };
  }
  // A plain statement, mapped into the unit of work: building it through the query builder cost
  // more of the server's time than the statement itself, on every signed-in request.
  const em = unitOfWork();
  const [found] = await queryRows<Record<string, unknown>>(
    em,
    sql`
    select u.id, u.name, u.email, u.phone, u.role, u.profile_image, u.last_login_at, u.created_at, u.updated_at
      from "users" u
     where u.id = ${claims.userId}
       and exists (select 1 from "refresh_tokens" t
                    where t.family_id = ${claims.sessionId} and t.user_id = u.id and t.revoked_at is null and t.expires_at > now())`,
  );
  const row = found && em.map(User, found);
  if (!row) return { kind: 'anonymous', refusal: new UnauthenticatedError(SESSION_EXPIRED) };
  return { kind: 'user', id: row.id, role: normalizeRole(row.role) };
}
