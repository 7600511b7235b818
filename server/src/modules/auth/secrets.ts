import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token: 32 random bytes (256 bits), base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (a leaked table gives no usable token). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
