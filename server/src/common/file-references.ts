import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileStore } from './file-store.js';
import { queryRows, sql } from './sql.js';
import { removeImage } from './uploads.js';

/**
 * Whether a record still refers to a stored image: a tour's images or bg, or a user's profile
 * picture. These are every place the app keeps an upload's path, so a file none of them names is
 * no one's any more.
 */
export async function isImageReferenced(em: EntityManager, publicPath: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    em,
    sql`
    select 1 as found from tours where bg = ${publicPath} or ${publicPath} = any(images)
    union all
    select 1 from users where profile_image = ${publicPath}
    limit 1`,
  );
  return rows.length > 0;
}

/**
 * Deletes stored images (with their thumbnails) that nothing refers to any more, once the change
 * that dropped them has committed: a path another tour or a user's profile still names is kept, so
 * dropping an image from one record never deletes a file another one shows.
 */
export async function removeUnreferencedImages(
  ctx: { em: EntityManager; files: FileStore },
  paths: readonly string[],
): Promise<void> {
  const stored = [...new Set(paths)].filter((p) => ctx.files.keyOf(p) !== null);
  for (const p of stored) {
    if (!(await isImageReferenced(ctx.em, p))) await removeImage(ctx.files, p);
  }
}
