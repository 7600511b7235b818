import { Router } from 'express';
import { BadInputError } from '../../common/errors.js';
import { receiveUpload, type UploadLimits } from '../../common/multipart.js';
import { ctxOf, route } from '../../common/rest.js';
import { holdUploadSlot } from '../../common/upload-slots.js';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '../../common/uploads.js';
import { requireUser } from '../../common/guards.js';
import { toRestUser } from './user.mapper.js';
import { userService } from './user.service.js';
import { userDataService } from './user-data.service.js';

/** One picture under the form field `profileImage`. */
const PROFILE_IMAGE_UPLOAD: UploadLimits = {
  fileFields: ['profileImage'],
  maxFiles: 1,
  maxFileBytes: IMAGE_MAX_BYTES,
  fileTooLarge: IMAGE_TOO_LARGE,
};

/** REST shims of the account paths: GET /api/users/profile, POST /api/users/profile/image,
 * GET /api/users/me/export (the account's data as JSON), DELETE /api/users/:id. */
export function userRestRouter(): Router {
  const r = Router();
  r.get(
    '/users/profile',
    route(async (req) => {
      const user = toRestUser(await userService.current(ctxOf(req)));
      // REST callers read the user's fields at the top level or under `user`: both are given.
      return { success: true, ...user, user };
    }),
  );
  r.post(
    '/users/profile/image',
    route(async (req, res) => {
      const ctx = ctxOf(req);
      // An anonymous upload is refused before any of its body is read (the 401 closes the connection).
      holdUploadSlot(ctx.config, requireUser(ctx).id, res);
      const { files } = await receiveUpload(req, res, ctx.config, PROFILE_IMAGE_UPLOAD);
      const file = files[0];
      if (!file) {
        throw new BadInputError('Please choose an image file to upload', [
          { field: 'profileImage', message: 'Please choose an image file to upload' },
        ]);
      }
      const user = await userService.setProfileImage(ctx, file);
      return {
        success: true,
        message: 'Profile picture updated',
        profileImage: user.profileImage,
        user: toRestUser(user),
      };
    }),
  );
  r.get(
    '/users/me/export',
    route(async (req, res) => {
      const data = await userDataService.exportMine(ctxOf(req));
      res.setHeader('Content-Disposition', `attachment; filename="tembea-account-${data.account.id}.json"`);
      res.setHeader('Cache-Control', 'no-store');
      return data;
    }),
  );
  r.delete(
    '/users/:id',
    route(async (req) => {
      await userService.deleteAccount(ctxOf(req), String(req.params.id));
      return { success: true, message: 'Account deleted' };
    }),
  );
  return r;
}
