/** Local storage keys of the session tokens. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface TokenPayload {
  sub?: string;
  role?: string;
  exp?: number;
  typ?: string;
  [k: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null unless it has three dot-separated parts and a JSON object payload. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token || typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** Valid shape: three parts and a decodable payload. */
export function isTokenWellFormed(token: string | null | undefined): boolean {
  return decodeToken(token) !== null;
}

/** Expired when exp (seconds) is before now; no exp is not expired; undecodable counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const p = decodeToken(token);
  if (!p) return true;
  if (p.exp == null) return false;
  if (typeof p.exp !== 'number') return true;
  return p.exp < nowMs / 1000;
}

/** Admin when the payload role equals admin. */
export function isAdminToken(token: string | null | undefined): boolean {
  return decodeToken(token)?.role === 'admin';
}

/** Role normalisation: admin stays admin, anything else becomes user. */
export function normalizeRole(role: unknown): 'admin' | 'user' {
  return role === 'admin' ? 'admin' : 'user';
}
