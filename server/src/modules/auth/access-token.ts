import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AuthUser } from '../../common/context.js';
import { UnauthenticatedError } from '../../common/errors.js';

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256' as const;
const TYPE = 'access';
const INVALID = 'Invalid token. Please login again.';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The secret as a key object, made once per secret: given a string, jsonwebtoken first tries it as
 * a public key and makes the secret key only after that throws, on every token.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    // A process knows one or two secrets; test servers each bring their own, so the map stays small.
    if (keys.size >= 16) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** What a verified access token states: who, and which session (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Signs a short-lived access token carrying the user id, role, its type and its session (`sid`,
 * the id of the refresh-token family), so that it dies with its session rather than 15 minutes later.
 */
export function signAccessToken(user: AuthUser, sessionId: string, secret: string): string {
  return jwt.sign({ sub: String(user.id), role: user.role, typ: TYPE, sid: sessionId }, keyOf(secret), {
    algorithm: ALGORITHM,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/**
 * Verifies an access token with the pinned algorithm and its type, so that no other kind of token
 * (or `alg: none`) passes. A token must carry an expiry and a session id: one without could never
 * be ended. Throws UnauthenticatedError: 'Session expired. Please login again.' for an
 * expired token, INVALID for any other.
 */
export function verifyAccessToken(token: string, secret: string): AccessClaims {
  let payload: jwt.JwtPayload | string;
  try {
    payload = jwt.verify(token, keyOf(secret), { algorithms: [ALGORITHM] });
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new UnauthenticatedError('Session expired. Please login again.');
    throw new UnauthenticatedError(INVALID);
  }
  if (
    typeof payload === 'string' ||
    payload.typ !== TYPE ||
    typeof payload.exp !== 'number' ||
    typeof payload.sub !== 'string' ||
    !/^\d{1,10}$/.test(payload.sub) ||
    typeof payload.sid !== 'string' ||
    !UUID_RE.test(payload.sid)
  ) {
    throw new UnauthenticatedError(INVALID);
  }
  return { userId: Number(payload.sub), sessionId: payload.sid };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}
