import { describe, expect, it } from 'vitest';
import {
  decodeToken,
  isAdminToken,
  isTokenExpired,
  isTokenWellFormed,
  normalizeRole,
  REFRESH_TOKEN_KEY,
  TOKEN_KEY,
} from './tokens.js';

/** A JWT-shaped token with the given payload (the signature is never checked on the client). */
function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function jwt(payload: unknown): string {
  const part = (v: unknown) => b64url(JSON.stringify(v));
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

const NOW_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

describe('token storage keys', () => {
  it('are token and refreshToken', () => {
    expect(TOKEN_KEY).toBe('token');
    expect(REFRESH_TOKEN_KEY).toBe('refreshToken');
  });
});

describe('token shape', () => {
  it('is valid with three dot-separated parts and a decodable payload', () => {
    const t = jwt({ sub: '7', role: 'user' });
    expect(isTokenWellFormed(t)).toBe(true);
    expect(decodeToken(t)).toMatchObject({ sub: '7', role: 'user' });
  });

  it('decodes base64url payloads with non-ASCII text and no padding', () => {
    const t = jwt({ sub: '1', name: 'Zuhura Mwanaidi – Kilimanjaro ✓' });
    expect(decodeToken(t)?.name).toBe('Zuhura Mwanaidi – Kilimanjaro ✓');
  });

  it('is invalid with two or four parts, an empty payload, or no token at all', () => {
    const [h, p, s] = jwt({ sub: '1' }).split('.');
    expect(isTokenWellFormed(`${h}.${p}`)).toBe(false);
    expect(isTokenWellFormed(`${h}.${p}.${s}.${s}`)).toBe(false);
    expect(isTokenWellFormed(`${h}..${s}`)).toBe(false);
    expect(isTokenWellFormed('')).toBe(false);
    expect(isTokenWellFormed(null)).toBe(false);
    expect(isTokenWellFormed(undefined)).toBe(false);
  });

  it('is invalid when the payload is not base64 JSON or not an object', () => {
    expect(isTokenWellFormed('a.%%%.c')).toBe(false);
    expect(isTokenWellFormed(`a.${b64url('not json')}.c`)).toBe(false);
    expect(isTokenWellFormed(jwt([1, 2, 3]))).toBe(false);
    expect(isTokenWellFormed(jwt('text'))).toBe(false);
    expect(isTokenWellFormed(jwt(null))).toBe(false);
  });
});

describe('token expiry, compared in seconds', () => {
  it('is expired when exp is before now', () => {
    expect(isTokenExpired(jwt({ exp: NOW_S - 1 }), NOW_MS)).toBe(true);
    expect(isTokenExpired(jwt({ exp: NOW_S - 3600 }), NOW_MS)).toBe(true);
  });

  it('is not expired when exp is now or later', () => {
    expect(isTokenExpired(jwt({ exp: NOW_S }), NOW_MS)).toBe(false);
    expect(isTokenExpired(jwt({ exp: NOW_S + 900 }), NOW_MS)).toBe(false);
  });

  it('reads exp as seconds, not milliseconds', () => {
    // 15 minutes ahead in seconds is valid; the same instant misread as ms would be in 1970.
    expect(isTokenExpired(jwt({ exp: Math.floor(NOW_MS / 1000) + 900 }), NOW_MS)).toBe(false);
    expect(isTokenExpired(jwt({ exp: Math.floor(NOW_MS / 1000) - 900 }), NOW_MS)).toBe(true);
  });

  it('counts a token without exp as not expired', () => {
    expect(isTokenExpired(jwt({ sub: '1' }), NOW_MS)).toBe(false);
  });

  it('counts an undecodable token (or none) as expired', () => {
    expect(isTokenExpired('garbage', NOW_MS)).toBe(true);
    expect(isTokenExpired('a.b', NOW_MS)).toBe(true);
    expect(isTokenExpired(null, NOW_MS)).toBe(true);
    expect(isTokenExpired(jwt({ exp: 'tomorrow' }), NOW_MS)).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isTokenExpired(jwt({ exp: Math.floor(Date.now() / 1000) + 600 }))).toBe(false);
    expect(isTokenExpired(jwt({ exp: Math.floor(Date.now() / 1000) - 600 }))).toBe(true);
  });
});

describe('admin check', () => {
  it('requires the payload role to equal admin', () => {
    expect(isAdminToken(jwt({ role: 'admin' }))).toBe(true);
    expect(isAdminToken(jwt({ role: 'user' }))).toBe(false);
    expect(isAdminToken(jwt({ role: 'Admin' }))).toBe(false);
    expect(isAdminToken(jwt({ role: 'administrator' }))).toBe(false);
    expect(isAdminToken(jwt({ sub: '1' }))).toBe(false);
  });

  it('is false for an undecodable token', () => {
    expect(isAdminToken('x.y.z')).toBe(false);
    expect(isAdminToken(null)).toBe(false);
  });
});

describe('role normalisation', () => {
  it('keeps admin and turns anything else into user', () => {
    expect(normalizeRole('admin')).toBe('admin');
    expect(normalizeRole('user')).toBe('user');
    expect(normalizeRole('superuser')).toBe('user');
    expect(normalizeRole(undefined)).toBe('user');
    expect(normalizeRole(42)).toBe('user');
  });
});
