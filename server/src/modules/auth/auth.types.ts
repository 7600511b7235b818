import { Field, InputType, ObjectType } from 'type-graphql';
import { UserType } from '../users/user.types.js';

@InputType({ description: 'Sign-up details; all four are required.' })
export class RegisterInput {
  @Field({ description: 'Full name.' })
  name!: string;

  @Field({ description: 'Email address; stored lower-cased.' })
  email!: string;

  @Field({ description: 'Password, 8 to 256 characters; the most common passwords are refused.' })
  password!: string;

  @Field({ description: 'Phone number, including the country code.' })
  phone!: string;
}

@InputType({ description: 'Login credentials.' })
export class LoginInput {
  @Field({ description: 'Email address.' })
  email!: string;

  @Field({ description: 'Password.' })
  password!: string;
}

@ObjectType({ description: 'Answer to `register`.' })
export class RegisterPayload {
  @Field(() => UserType, { description: 'The account as registered.' })
  user!: UserType;

  @Field({ description: 'Text to show, e.g. "Account created successfully."' })
  message!: string;
}

@ObjectType({ description: 'Answer to `login`: a new session, its tokens to send and keep, and the signed-in user.' })
export class LoginPayload {
  @Field({
    description:
      'Access token (JWT, 15 minutes, refused as soon as its session ends): send as `Authorization: Bearer <token>`.',
  })
  accessToken!: string;

  @Field({ description: 'Refresh token (single use, rotated): exchange it with `refreshToken` for a new pair.' })
  refreshToken!: string;

  @Field(() => UserType, { description: 'The signed-in user.' })
  user!: UserType;
}

@ObjectType({
  description: 'Answer to `refreshToken`: a fresh access token and the refresh token that replaces the one presented.',
})
export class RefreshTokenPayload {
  @Field({ description: 'Access token (JWT, 15 minutes) of the same session.' })
  accessToken!: string;

  @Field({ description: 'The next refresh token; the one presented can no longer be used.' })
  refreshToken!: string;
}

@ObjectType({ description: 'Answer to `logout`: which sessions were ended.' })
export class LogoutPayload {
  @Field({
    description:
      'True when every session of the signed-in user was ended (no refresh token sent); false when only the session of the given refresh token was.',
  })
  allSessionsEnded!: boolean;
}

@ObjectType({ description: 'Answer to `forgotPassword`: the same whether or not the email has an account.' })
export class ForgotPasswordPayload {
  @Field({ description: 'Text to show: "If the email exists, a reset link has been sent. Please check your inbox."' })
  message!: string;
}

@ObjectType({
  description: 'Answer to `resetPassword`: the password is changed and every session of the account ended.',
})
export class ResetPasswordPayload {
  @Field({ description: 'Text to show: "Your password has been reset. Please log in with your new password."' })
  message!: string;
}
