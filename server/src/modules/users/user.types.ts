import { Field, ID, ObjectType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';

@ObjectType('User', { description: 'A person with an account: a traveller (role user) or an operator admin.' })
export class UserType {
  @Field(() => ID, { description: 'User id.' })
  id!: string;

  @Field({ description: 'Full name.' })
  name!: string;

  @Field({ description: 'Email address (lower-cased).' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'Phone number with country code.' })
  phone!: string | null;

  @Field({ description: "Role: 'admin' (the operator's staff) or 'user' (a traveller)." })
  role!: 'admin' | 'user';

  @Field(() => String, {
    nullable: true,
    description:
      'Path of the profile picture under /uploads (a WebP image of at most 512 px; prefix the site origin); null when none.',
  })
  profileImage!: string | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When the account was registered (same as createdAt).' })
  registeredAt!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'When the account was created.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Last successful login; null before the first one.' })
  lastLoginAt!: Date | null;

  @Field(() => [String], {
    description:
      "What the role may do, e.g. admin: 'tours:write', 'bookings:manage', 'users:manage'; user: 'bookings:own'.",
  })
  permissions!: string[];
}

@ObjectType({ description: 'Answer to `uploadProfileImage`.' })
export class UploadProfileImagePayload {
  @Field(() => UserType, { description: 'The signed-in user with the new picture in profileImage.' })
  user!: UserType;
}

@ObjectType({ description: 'Answer to `deleteAccount`: the account, its sessions and its picture are gone.' })
export class DeleteAccountPayload {
  @Field(() => ID, { description: 'Id of the account deleted (the signed-in one when no userId was given).' })
  deletedUserId!: string;
}
