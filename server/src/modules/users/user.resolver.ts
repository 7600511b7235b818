import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import type { RequestContext } from '../../common/context.js';
import { toUserType } from './user.mapper.js';
import { userService } from './user.service.js';
import { DeleteAccountPayload, UploadProfileImagePayload, UserType } from './user.types.js';

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserType, {
    nullable: true,
    description: 'The signed-in user; null without a token, UNAUTHENTICATED for an invalid or expired one.',
  })
  async me(@Ctx() ctx: RequestContext): Promise<UserType | null> {
    const user = await userService.me(ctx);
    return user ? toUserType(user) : null;
  }

  @Mutation(() => UploadProfileImagePayload, {
    description:
      'Sets the profile picture: an image file (JPEG, PNG, WebP, GIF or AVIF) of at most 5 MB, stored re-encoded at most 512 px. Send with the header apollo-require-preflight.',
  })
  async uploadProfileImage(
    @Ctx() ctx: RequestContext,
    @Arg('file', () => GraphQLUpload, { description: 'The image file.' }) file: Promise<FileUpload>,
  ): Promise<UploadProfileImagePayload> {
    // The file is only opened once the caller is known to be signed in.
    const user = await userService.setProfileImage(ctx, {
      field: 'file',
      open: async () => (await file).createReadStream(),
    });
    return { user: toUserType(user) };
  }

  @Mutation(() => DeleteAccountPayload, {
    description:
      "Deletes an account with its sessions and picture: one's own (no userId), or any as an admin (others get FORBIDDEN).",
  })
  async deleteAccount(
    @Ctx() ctx: RequestContext,
    @Arg('userId', () => ID, { nullable: true, description: 'Account to delete; default the signed-in one.' })
    userId?: string | null,
  ): Promise<DeleteAccountPayload> {
    return { deletedUserId: String(await userService.deleteAccount(ctx, userId)) };
  }
}
