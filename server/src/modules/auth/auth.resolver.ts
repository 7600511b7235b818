import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { toUserType } from '../users/user.service.js';
import { authService } from './auth.service.js';
import { setDeviceCookie } from './device-token.js';
import {
  ForgotPasswordPayload,
  LoginInput,
  LoginPayload,
  LogoutPayload,
  RefreshTokenPayload,
  RegisterInput,
  RegisterPayload,
  ResetPasswordPayload,
} from './auth.types.js';
import { passwordResetService } from './password-reset.service.js';

@Resolver()
export class AuthResolver {
  @Mutation(() => RegisterPayload, {
    description:
      'Creates an account (name, email, phone, password of 8-256 characters that is not one of the most common). Answers alike whether or not the email already has one.',
  })
  async register(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RegisterInput, { description: 'Name, email and password of the new account.' })
    input: RegisterInput,
  ): Promise<RegisterPayload> {
    const { user, message } = await authService.register(ctx, { ...input });
    return { user: toUserType(user), message };
  }

  @Mutation(() => LoginPayload, {
    description:
      "Logs in: an access token (15 minutes) and a refresh token, and an HttpOnly device cookie that exempts this client from the limits below on its next logins to this account. Wrong password and unknown email both answer 'Invalid email or password'. RATE_LIMITED: 10 failures per account and address lock that pair for 15 minutes; 100 failures from one address block it for a day; 20 failures on one account from several addresses slow it down for 15 seconds to 5 minutes.",
  })
  async login(
    @Ctx() ctx: GraphQLContext,
    @Arg('input', () => LoginInput, { description: 'Email and password.' }) input: LoginInput,
  ): Promise<LoginPayload> {
    const { accessToken, refreshToken, user, deviceToken } = await authService.login(ctx, { ...input });
    setDeviceCookie(ctx.res, deviceToken);
    return { accessToken, refreshToken, user: toUserType(user) };
  }

  @Mutation(() => RefreshTokenPayload, {
    description:
      'Exchanges a refresh token for a new pair. Each refresh token works once; presenting a used one ends the whole session.',
  })
  refreshToken(
    @Ctx() ctx: RequestContext,
    @Arg('refreshToken', () => String, { description: 'The refresh token received at login or at the last refresh.' })
    refreshToken: string,
  ): Promise<RefreshTokenPayload> {
    return authService.refresh(ctx, refreshToken);
  }

  @Mutation(() => LogoutPayload, {
    description: 'Ends the session of the given refresh token; without one, every session of the signed-in user.',
  })
  logout(
    @Ctx() ctx: RequestContext,
    @Arg('refreshToken', () => String, { nullable: true, description: 'Refresh token of the session to end.' })
    refreshToken?: string | null,
  ): Promise<LogoutPayload> {
    return authService.logout(ctx, refreshToken);
  }

  @Mutation(() => ForgotPasswordPayload, {
    description:
      'Mails a password reset link (valid one hour) when the email has an account; answers the same either way.',
  })
  forgotPassword(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String, { description: 'Email address of the account.' }) email: string,
  ): Promise<ForgotPasswordPayload> {
    return passwordResetService.forgot(ctx, email);
  }

  @Mutation(() => ResetPasswordPayload, {
    description:
      'Sets a new password (8-256 characters, not one of the most common) with the token of a reset link, once; ends every session of the account.',
  })
  resetPassword(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String, { description: 'The token of the reset link.' }) token: string,
    @Arg('password', () => String, { description: 'The new password.' }) password: string,
  ): Promise<ResetPasswordPayload> {
    return passwordResetService.reset(ctx, { token, password });
  }
}
