import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Device tokens: proof that a browser (or any client keeping cookies) has signed in to an account
 * before. Issued at each successful login as an HttpOnly cookie, bound to the account's email and
 * signed, so it cannot be forged nor moved to another account. A login from such a device skips the
 * limits that guessing from many addresses triggers, and an owner is never slowed down by strangers.
 */
export const DEVICE_COOKIE = 'tembea_device';
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;
const VERSION = 'd1';

function mac(secret: string, email: string, issuedAt: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`tembea device token|${VERSION}|${email}|${issuedAt}|${nonce}`).digest();
}

/** A new device token for the account of `email`. */
export function signDeviceToken(email: string, secret: string, now = Date.now()): string {
  const issuedAt = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('base64url');
  return `${VERSION}.${issuedAt}.${nonce}.${mac(secret, email, issuedAt, nonce).toString('base64url')}`;
}

/**
 * The id of a device token when it was issued for this email by this server and has not expired,
 * else null (a missing, forged, tampered, expired or other account's token all count as no device).
 */
export function verifyDeviceToken(
  token: string | null | undefined,
  email: string,
  secret: string,
  now = Date.now(),
): string | null {
  if (!token || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, issuedAt, nonce, sig] = parts as [string, string, string, string];
  if (!/^\d{1,12}$/.test(issuedAt) || !/^[\w-]{22}$/.test(nonce)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, email, issuedAt, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now / 1000 - Number(issuedAt);
  if (age > DEVICE_TOKEN_TTL_SECONDS || age < -300) return null;
  return nonce;
}

/** The device token a request carries in its cookie, or null. */
export function deviceTokenOf(req: Pick<Request, 'get'>): string | null {
  const header = req.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * Hands a device token to the client: HttpOnly (scripts never see it), SameSite=Strict, Secure over
 * HTTPS, kept 180 days.
 */
export function setDeviceCookie(res: Response, token: string): void {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: res.req.secure,
    path: '/',
    maxAge: DEVICE_TOKEN_TTL_SECONDS * 1000,
  });
}
