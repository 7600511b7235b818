import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { normalizeRole } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { queryRows, sql } from '../../common/sql.js';
import { UnauthenticatedError } from '../../common/errors.js';
import { log } from '../../common/logger.js';
import type { User } from '../users/user.entity.js';
import { signAccessToken } from './access-token.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { RefreshToken } from './refresh-token.entity.js';
import { randomToken, tokenHash } from './secrets.js';

/** A session lives at most 30 days from its login, however often it is refreshed. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
export const SESSION_EXPIRED = 'Session expired. Please login again.';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

function clientInfo(ctx: RequestContext) {
  return { ip: ctx.ip || null, userAgent: ctx.userAgent };
}

function dateOf(v: unknown): Date {
  return v instanceof Date ? v : new Date(String(v));
}

/** The unit of work a helper writes in: a request context, a transaction context, or a bare one (the seed). */
type UnitOfWorkOf = Pick<RequestContext, 'em'>;

type Rotation = { ok: true; tokens: Tokens } | { ok: false; reusedFamily: string | null };

/** Refresh-token sessions: issued at login, rotated on each use, revoked as a family on reuse. */
export const sessionService = {
  /** Starts a new session family for a user who just proved who they are. */
  async start(ctx: RequestContext, user: Pick<User, 'id' | 'role'>): Promise<Tokens> {
    const refreshToken = randomToken();
    const familyId = randomUUID();
    await ctx.em.insert(RefreshToken, {
      user: user.id,
      familyId,
      tokenHash: tokenHash(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      ...clientInfo(ctx),
    });
    const accessToken = signAccessToken(
      { id: user.id, role: normalizeRole(user.role) },
      familyId,
      ctx.config.jwtSecret,
    );
    return { accessToken, refreshToken };
  },

  /**
   * Exchanges a refresh token for a new pair. The token is marked used by one conditional UPDATE in
   * a transaction together with the insert of its successor, so of parallel requests with the same
   * token exactly one wins on PostgreSQL (the others wait for its row lock, then find it used). A
   * used or revoked token presented again means it was copied: its whole family is revoked.
   */
  async rotate(ctx: RequestContext, presented: string): Promise<Tokens> {
    const hash = tokenHash(presented);
    const info = clientInfo(ctx);
    const result = await ctx.transaction(async ({ em }): Promise<Rotation> => {
      const [row] = await queryRows<{ user_id: number; family_id: string; expires_at: unknown; role: string }>(
        em,
        sql`
        update "refresh_tokens" t set "used_at" = now()
          from "users" u
         where t."token_hash" = ${hash} and t."used_at" is null and t."revoked_at" is null and t."expires_at" > now()
           and u."id" = t."user_id"
        returning t."user_id", t."family_id", t."expires_at", u."role"`,
      );
      if (!row) {
        const [seen] = await queryRows<{ family_id: string; used_at: unknown; revoked_at: unknown }>(
          em,
          sql`
          select "family_id", "used_at", "revoked_at" from "refresh_tokens" where "token_hash" = ${hash}`,
        );
        return { ok: false, reusedFamily: seen && (seen.used_at || seen.revoked_at) ? seen.family_id : null };
      }
      const refreshToken = randomToken();
      await em.insert(RefreshToken, {
        user: row.user_id,
        familyId: row.family_id,
        tokenHash: tokenHash(refreshToken),
        expiresAt: dateOf(row.expires_at),
        ...info,
      });
      // The session id stays the family's: the new access token ends with the same session.
      const accessToken = signAccessToken(
        { id: row.user_id, role: normalizeRole(row.role) },
        row.family_id,
        ctx.config.jwtSecret,
      );
      return { ok: true, tokens: { accessToken, refreshToken } };
    });
    if (result.ok) return result.tokens;
    if (result.reusedFamily) {
      const revoked = await revokeFamily(ctx.em, result.reusedFamily);
      log.warn('refresh token reused: session family revoked', { requestId: ctx.requestId, ip: ctx.ip, revoked });
    }
    throw new UnauthenticatedError(SESSION_EXPIRED);
  },

  /** Ends the session a refresh token belongs to (unknown tokens are ignored: logging out twice is fine). */
  async endByToken(ctx: RequestContext, presented: string): Promise<void> {
    const [row] = await queryRows<{ family_id: string }>(
      ctx.em,
      sql`
      select "family_id" from "refresh_tokens" where "token_hash" = ${tokenHash(presented)}`,
    );
    if (row) await revokeFamily(ctx.em, row.family_id);
  },

  /** Ends every session of a user (logout without a refresh token); their access tokens die too. */
  async endAll({ em }: UnitOfWorkOf, userId: number): Promise<number> {
    return em.nativeUpdate(RefreshToken, { user: userId, revokedAt: null }, { revokedAt: new Date() });
  },

  /**
   * Ends every session and voids every unused reset link of a user, so that only someone who knows
   * the password set now can get in (a password reset, an account taken over as the operator's admin).
   */
  async endAllAndResetLinks(
    { em }: UnitOfWorkOf,
    userId: number,
  ): Promise<{ refreshTokens: number; resetLinks: number }> {
    const refreshTokens = await sessionService.endAll({ em }, userId);
    const resetLinks = await em.nativeUpdate(
      PasswordResetToken,
      { user: userId, usedAt: null },
      { usedAt: new Date() },
    );
    return { refreshTokens, resetLinks };
  },

  /** Removes a user's sessions and reset tokens (account deletion). */
  async purge({ em }: UnitOfWorkOf, userId: number): Promise<void> {
    await em.nativeDelete(RefreshToken, { user: userId });
    await em.nativeDelete(PasswordResetToken, { user: userId });
  },
};

async function revokeFamily(em: EntityManager, familyId: string): Promise<number> {
  return em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: new Date() });
}
