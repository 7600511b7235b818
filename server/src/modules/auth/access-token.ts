import jwt from 'jsonwebtoken';
import { normalizeRole } from '@tembea/schema';
import type { AuthUser } from '../../common/context.js';
import { UnauthenticatedError } from '../../common/errors.js';

/** Access tokens live 15 minutes (issue 4). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256' as const;
const TYPE = 'access';

/** Signs a short-lived access token carrying the user id, role and its type. */
export function signAccessToken(user: AuthUser, secret: string): string {
  return jwt.sign({ sub: String(user.id), role: user.role, typ: TYPE }, secret, {
    algorithm: ALGORITHM,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/**
 * Verifies an access token with the pinned algorithm and its type, so that no other kind of token
 * (or `alg: none`) passes. Throws UnauthenticatedError with the spec's texts.
 */
export function verifyAccessToken(token: string, secret: string): AuthUser {
  let payload: jwt.JwtPayload | string;
  try {
    payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new UnauthenticatedError('Session expired. Please login again.');
    throw new UnauthenticatedError('Invalid token. Please login again.');
  }
  if (typeof payload === 'string' || payload.typ !== TYPE || typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) {
    throw new UnauthenticatedError('Invalid token. Please login again.');
  }
  return { id: Number(payload.sub), role: normalizeRole(payload.role) };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}
