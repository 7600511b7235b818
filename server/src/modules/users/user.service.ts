import type { RequestContext } from '../../common/context.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '../../common/errors.js';
import { readUpTo, removeImage, saveImage, type IncomingFile } from '../../common/uploads.js';
import { removeUnreferencedImages } from '../../common/file-references.js';
import { optionalUser, requireUser } from '../../common/guards.js';
import { SESSION_EXPIRED, sessionService } from '../auth/session.service.js';
import { queryRows, sql } from '../../common/sql.js';
import { User } from './user.entity.js';

/** A user's shapes in the two APIs, for the modules whose answers carry a user. */
export { toRestUser, toUserType } from './user.mapper.js';

/** Profile pictures live in DATA_DIR/uploads/profiles, at most 512 px a side. */
const PROFILE_MAX_SIDE = 512;

/** The signed-in user's account: profile, picture and deletion. */
export const userService = {
  /** The signed-in user, or null without a token; a refused token is UNAUTHENTICATED. */
  async me(ctx: RequestContext): Promise<User | null> {
    return optionalUser(ctx) ? this.current(ctx) : null;
  },

  /** The signed-in user's record; UNAUTHENTICATED without a session or when the account is gone. */
  async current(ctx: RequestContext): Promise<User> {
    const { id } = requireUser(ctx);
    const user = await ctx.em.findOne(User, { id });
    if (!user) throw new UnauthenticatedError(SESSION_EXPIRED);
    return user;
  },

  /**
   * Replaces the profile picture with the uploaded image (checked and re-encoded); removes the old
   * file unless something else still shows it.
   */
  async setProfileImage(ctx: RequestContext, file: IncomingFile): Promise<User> {
    const user = await this.current(ctx);
    const bytes = await readUpTo(await file.open());
    const saved = await saveImage(ctx.files, 'profiles', bytes, { field: file.field, maxSide: PROFILE_MAX_SIDE });
    const previous = user.profileImage;
    user.profileImage = saved.publicPath;
    try {
      await ctx.em.flush();
    } catch (e) {
      await removeImage(ctx.files, saved.publicPath);
      throw e;
    }
    if (previous) await removeUnreferencedImages(ctx, [previous]);
    return user;
  },

  /**
   * Deletes an account: one's own (no id, or one's own id), or any as an admin. Its sessions and
   * reset links go with it, then its picture (unless something else still shows it). The last
   * admin cannot be deleted, so the operator is never locked out of the dashboard. Returns the id deleted.
   */
  async deleteAccount(ctx: RequestContext, userId?: string | number | null): Promise<number> {
    const me = requireUser(ctx);
    const raw = userId === undefined || userId === null || userId === '' ? String(me.id) : String(userId);
    if (!/^\d{1,10}$/.test(raw)) throw new NotFoundError('User not found');
    const targetId = Number(raw);
    if (targetId !== me.id && me.role !== 'admin') throw new ForbiddenError('You can only delete your own account.');
    const target = await ctx.em.findOne(User, { id: targetId });
    if (!target) throw new NotFoundError('User not found');
    if (target.role === 'admin' && (await ctx.em.count(User, { role: 'admin' })) <= 1) {
      throw new ConflictError('The last admin account cannot be deleted.');
    }
    const picture = target.profileImage;
    await ctx.transaction(async (tx) => {
      const { em } = tx;
      await sessionService.purge(tx, targetId);
      // The bookings stay for the operator's records with the contact's name, email and phone
      // copied onto each; who travelled on them (names, dates of birth, passports) goes now.
      await queryRows(
        em,
        sql`delete from booking_travellers where booking_id in (select id from bookings where user_id = ${targetId})`,
      );
      await em.nativeDelete(User, { id: targetId });
    });
    ctx.em.clear();
    if (picture) await removeUnreferencedImages(ctx, [picture]);
    return targetId;
  },
};
