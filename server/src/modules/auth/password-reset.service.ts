import type { RequestContext } from '../../common/context.js';
import { queryRows, sql } from '../../common/sql.js';
import { BadInputError, RateLimitedError } from '../../common/errors.js';
import { escapeHtml, type MailMessage } from '../../common/mail.js';
import { User } from '../users/user.entity.js';
import { hashPassword } from './password.js';
import { validateEmail, validateReset } from './auth.validation.js';
import { loginProtection } from './login-protection.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { randomToken, tokenHash } from './secrets.js';
import { sessionService } from './session.service.js';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const FORGOT_MESSAGE = 'If the email exists, a reset link has been sent. Please check your inbox.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Please log in with your new password.';
export const RESET_INVALID = 'Invalid or expired reset token';
const FORGOT_LOCKED = 'Too many password reset requests. Please try again later.';

/** Reset requests per address and per client IP (counts configurable), counted whether or not the account exists. */
const FORGOT_WINDOW_MS = 60 * 60_000;

function resetMail(ctx: RequestContext, to: string, name: string, token: string): MailMessage {
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Tembea password',
    text:
      `Hello ${name},\n\nWe received a request to reset the password of your Tembea account.\n` +
      `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
      `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>We received a request to reset the password of your Tembea account. ` +
      `Open this link within one hour to choose a new password:</p>` +
      `<p><a href="${escapeHtml(link)}" style="background:#1f4d3a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reset my password</a></p>` +
      `<p style="font-size:13px">Or copy this address into your browser: ${escapeHtml(link)}</p>` +
      `<p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
  };
}

/** Forgotten passwords: a single-use link by mail, valid one hour. */
export const passwordResetService = {
  /**
   * Mails a reset link when the account exists; answers the same either way, in the same time: the
   * answer depends only on the address as typed (format and rate limits). Looking the account up,
   * storing the token and mailing the link happen after the answer has been sent.
   */
  async forgot(ctx: RequestContext, rawEmail: unknown): Promise<{ message: string }> {
    const email = validateEmail(rawEmail);
    const [byIp, byEmail] = await Promise.all([
      ctx.limiter.hit(`forgot:ip:${ctx.ip}`, ctx.config.rateLimits.forgotAddress, FORGOT_WINDOW_MS),
      ctx.limiter.hit(`forgot:email:${email}`, ctx.config.rateLimits.forgotEmail, FORGOT_WINDOW_MS),
    ]);
    for (const s of [byIp, byEmail]) if (!s.allowed) throw new RateLimitedError(FORGOT_LOCKED, s.retryAfterSeconds);
    ctx.afterResponse('password reset link', async ({ em, mailer }) => {
      const user = await em.findOne(User, { email });
      if (!user) return;
      const token = randomToken();
      await em.insert(PasswordResetToken, {
        user: user.id,
        tokenHash: tokenHash(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      await mailer.send(resetMail(ctx, user.email, user.name, token));
    });
    return { message: FORGOT_MESSAGE };
  },

  /** Sets a new password with a reset token (used up by the first success) and ends every session. */
  async reset(ctx: RequestContext, input: Record<string, unknown>): Promise<{ message: string }> {
    const { token, password } = validateReset(input);
    const hash = tokenHash(token);
    // Cheap look-up first, so unknown tokens cost no password hashing.
    const candidate = await ctx.em.findOne(PasswordResetToken, {
      tokenHash: hash,
      usedAt: null,
      expiresAt: { $gt: new Date() },
    });
    if (!candidate) throw new BadInputError(RESET_INVALID, [{ field: 'token', message: RESET_INVALID }]);
    const passwordHash = await hashPassword(password);
    const email = await ctx.transaction(async (tx) => {
      const { em } = tx;
      const [row] = await queryRows<{ user_id: number }>(
        em,
        sql`
        update "password_reset_tokens" set "used_at" = now()
         where "token_hash" = ${hash} and "used_at" is null and "expires_at" > now()
        returning "user_id"`,
      );
      if (!row) return null;
      const user = await em.findOne(User, { id: row.user_id });
      if (!user) return null;
      user.passwordHash = passwordHash;
      await em.flush();
      // Other links sent earlier die with this one, and every session ends.
      await sessionService.endAllAndResetLinks(tx, row.user_id);
      return user.email;
    });
    if (!email) throw new BadInputError(RESET_INVALID, [{ field: 'token', message: RESET_INVALID }]);
    // The owner proved access to the mailbox: lift the account-wide login slow-down.
    await loginProtection.lift(ctx, email);
    return { message: RESET_DONE_MESSAGE };
  },
};
