import { LockMode } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../common/context.js';
import {
  ConflictError,
  ForbiddenError,
  loggableError,
  NotFoundError,
  UnauthenticatedError,
} from '../../common/errors.js';
import { log } from '../../common/logger.js';
import { readUpTo, saveImage, type IncomingFile } from '../../common/uploads.js';
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
   * file once the change has committed, unless something else still shows it. The account's row is
   * locked while the picture is swapped, so of two uploads at once the later one replaces (and
   * removes) the earlier one's file, and an upload racing the account's deletion is either stored
   * before it (and removed with the account) or refused.
   */
  async setProfileImage(ctx: RequestContext, file: IncomingFile): Promise<User> {
    const { id } = await this.current(ctx);
    const bytes = await readUpTo(await file.open());
    const saved = await saveImage(ctx.files, 'profiles', bytes, { field: file.field, maxSide: PROFILE_MAX_SIDE });
    try {
      return await ctx.transaction(async (tx) => {
        const user = await tx.em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!user) throw new UnauthenticatedError(SESSION_EXPIRED);
        const previous = user.profileImage;
        user.profileImage = saved.publicPath;
        if (previous) tx.afterCommit(() => removeUnreferencedImages(ctx, [previous]));
        return user;
      });
    } catch (e) {
      // The new file goes, unless the change did commit after all (its COMMIT failed in transit).
      await removeUnreferencedImages(ctx, [saved.publicPath]).catch((cleanup: unknown) =>
        log.warn('new profile picture not removed', {
          requestId: ctx.requestId,
          path: saved.publicPath,
          error: loggableError(cleanup),
        }),
      );
      throw e;
    }
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
    await ctx.transaction(async (tx) => {
      const { em } = tx;
      // The account and every admin, locked before the admins are counted: two admins deleting
      // accounts at once go one after the other, and the second counts the admins the first left.
      // In id order, so that two deletions never wait for each other's locks. The picture is read
      // under the lock too: an upload in progress has then either stored its own or must wait.
      const rows = await queryRows<{ id: number; role: string; profile_image: string | null }>(
        em,
        sql`select id, role, profile_image from users where id = ${targetId} or role = 'admin' order by id for update`,
      );
      const target = rows.find((r) => r.id === targetId);
      if (!target) throw new NotFoundError('User not found');
      if (target.role === 'admin' && rows.filter((r) => r.role === 'admin').length <= 1) {
        throw new ConflictError('The last admin account cannot be deleted.');
      }
      await sessionService.purge(tx, targetId);
      // The bookings stay for the operator's records with the contact's name, email and phone
      // copied onto each; who travelled on them (names, dates of birth, passports) goes now.
      await queryRows(
        em,
        sql`delete from booking_travellers where booking_id in (select id from bookings where user_id = ${targetId})`,
      );
      await em.nativeDelete(User, { id: targetId });
      const picture = target.profile_image;
      if (picture) tx.afterCommit(() => removeUnreferencedImages(ctx, [picture]));
    });
    ctx.em.clear();
    return targetId;
  },
};
