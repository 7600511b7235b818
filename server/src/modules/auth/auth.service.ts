import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { RequestContext } from '../../common/context.js';
import { queryRows, sql } from '../../common/sql.js';
import { BadInputError, RateLimitedError, UnauthenticatedError } from '../../common/errors.js';
import { escapeHtml, type MailMessage } from '../../common/mail.js';
import { User } from '../users/user.entity.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import { requireUser } from '../../common/guards.js';
import { loginProtection } from './login-protection.js';
import { sessionService, type Tokens } from './session.service.js';
import { validateLogin, validateRegister } from './auth.validation.js';

export const REGISTERED_MESSAGE = 'Account created successfully. Please log in.';
export const BAD_CREDENTIALS = 'Invalid email or password';

/** Sign-ups per address (count configurable) per hour: each one costs an argon2 hash, so a flood of them is a denial of service. */
const SIGNUP_WINDOW_MS = 60 * 60_000;
export const SIGNUP_LOCKED = 'Too many sign-ups from this address. Please try again later.';

function signUpAttemptMail(ctx: RequestContext, to: string): MailMessage {
  const login = `${ctx.config.publicUrl}/login`;
  const forgot = `${ctx.config.publicUrl}/forgot-password`;
  return {
    to,
    subject: 'Someone tried to sign up with your email address',
    text:
      `Hello,\n\nSomeone (perhaps you) tried to create a Tembea account with this email address, but you already have one.\n\n` +
      `If it was you, log in at ${login} or, if you forgot your password, reset it at ${forgot}.\n` +
      `If it was not you, you can ignore this mail: your account has not been changed.`,
    html:
      `<p>Hello,</p><p>Someone (perhaps you) tried to create a Tembea account with this email address, but you already have one.</p>` +
      `<p>If it was you, <a href="${escapeHtml(login)}">log in</a> or <a href="${escapeHtml(forgot)}">reset your password</a>.</p>` +
      `<p>If it was not you, you can ignore this mail: your account has not been changed.</p>`,
  };
}

/** Sign-up, login and logout; the GraphQL resolver and the REST shim both call these. */
export const authService = {
  /**
   * Creates an account. An email that already has one gets exactly the same answer (an answer
   * never reveals whether an account exists), but nothing is created: the owner is mailed that
   * someone tried to sign up with their address. The returned user is then built from the input
   * with an id drawn from the same sequence a real insert uses, and the password is hashed in
   * both cases, so neither the shape nor the time of the answer tells the two apart.
   */
  async register(ctx: RequestContext, input: Record<string, unknown>): Promise<{ user: User; message: string }> {
    const data = validateRegister(input);
    const limit = await ctx.limiter.hit(`signup:ip:${ctx.ip}`, ctx.config.rateLimits.signup, SIGNUP_WINDOW_MS);
    if (!limit.allowed) throw new RateLimitedError(SIGNUP_LOCKED, limit.retryAfterSeconds);
    const passwordHash = await hashPassword(data.password);
    const em = ctx.em;
    if (!(await em.findOne(User, { email: data.email }))) {
      try {
        const user = em.create(User, {
          name: data.name,
          email: data.email,
          phone: data.phone,
          passwordHash,
          role: 'user',
        });
        await em.flush();
        return { user, message: REGISTERED_MESSAGE };
      } catch (e) {
        // A parallel sign-up took the address between the check and the insert.
        if (!(e instanceof UniqueConstraintViolationException)) throw e;
        em.clear();
      }
    }
    const [seq] = await queryRows<{ id: string }>(
      em,
      sql`select nextval(pg_get_serial_sequence('users', 'id')) as "id"`,
    );
    const now = new Date();
    const decoy = Object.assign(new User(), {
      id: Number(seq!.id),
      name: data.name,
      email: data.email,
      phone: data.phone,
      role: 'user' as const,
      profileImage: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    });
    // Whether a mail goes out depends on the account existing: sent after the answer, so it cannot lengthen it.
    const mail = signUpAttemptMail(ctx, data.email);
    ctx.afterResponse('sign-up attempt mail', ({ mailer }) => mailer.send(mail));
    return { user: decoy, message: REGISTERED_MESSAGE };
  },

  /**
   * Checks the credentials and starts a session. An unknown email and a wrong password answer
   * alike, and the unknown one is verified against a dummy hash so both take the same time. The
   * login limits count the attempt and refuse before any hashing; a success also returns a device
   * token for the account.
   */
  async login(
    ctx: RequestContext,
    input: Record<string, unknown>,
  ): Promise<Tokens & { user: User; deviceToken: string }> {
    const { email, password } = validateLogin(input);
    const attempt = await loginProtection.count(ctx, email);
    let user: User | null;
    let ok: boolean;
    try {
      user = await ctx.em.findOne(User, { email }, { populate: ['passwordHash'] });
      ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    } catch (e) {
      await loginProtection.abandoned(attempt);
      throw e;
    }
    if (!user || !ok) {
      await loginProtection.failed(ctx, attempt);
      throw new UnauthenticatedError(BAD_CREDENTIALS);
    }
    const deviceToken = await loginProtection.succeeded(ctx, attempt);
    user.lastLoginAt = new Date();
    await ctx.em.flush();
    const tokens = await sessionService.start(ctx, user);
    return { ...tokens, user, deviceToken };
  },

  /**
   * Ends a session: the one of the refresh token when given (possessing it is proof enough),
   * else every session of the signed-in user. Says which of the two it did.
   */
  async logout(ctx: RequestContext, refreshToken?: unknown): Promise<{ allSessionsEnded: boolean }> {
    // A token that is not text is a broken client, not a request to end every session.
    if (refreshToken !== undefined && refreshToken !== null && typeof refreshToken !== 'string')
      throw new BadInputError('refreshToken must be text', [{ field: 'refreshToken', message: 'Must be text' }]);
    if (typeof refreshToken === 'string' && refreshToken.trim()) {
      await sessionService.endByToken(ctx, refreshToken.trim());
      return { allSessionsEnded: false };
    }
    await sessionService.endAll(ctx, requireUser(ctx).id);
    return { allSessionsEnded: true };
  },

  /** A new token pair for a refresh token (rotation with reuse detection). */
  async refresh(ctx: RequestContext, refreshToken: unknown): Promise<Tokens> {
    if (typeof refreshToken !== 'string' || !refreshToken.trim()) {
      throw new UnauthenticatedError('No refresh token available');
    }
    return sessionService.rotate(ctx, refreshToken.trim());
  },
};
