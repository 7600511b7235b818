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

@ObjectType({ description: 'Answer to a sign-up.' })
export class RegisterPayload {
  @Field(() => UserType, { description: 'The account as registered.' })
  user!: UserType;

  @Field({ description: 'Text to show, e.g. "Account created successfully."' })
  message!: string;
}

@ObjectType({ description: 'A new session: tokens to send and keep, and the signed-in user.' })
export class AuthPayload {
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

@ObjectType({ description: 'A fresh access token and the refresh token that replaces the one presented.' })
export class TokenPair {
  @Field({ description: 'Access token (JWT, 15 minutes) of the same session.' })
  accessToken!: string;

  @Field({ description: 'The next refresh token; the one presented can no longer be used.' })
  refreshToken!: string;
}

@ObjectType({ description: 'A text answer to show the user.' })
export class MessagePayload {
  @Field({ description: 'Text to show.' })
  message!: string;
}
