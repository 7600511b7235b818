import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are relative names the app generates ('tours/<uuid>.webp'); a
 * file's public path is '/uploads/<key>'. Local disk today; another store (a shared folder, an
 * object store) implements the same three methods and nothing else changes.
 */
export interface FileStore {
  /** Writes a new file under a key that must not exist yet; returns its public path. */
  put(key: string, data: Buffer): Promise<string>;
  /** Deletes the file of a public path; false when there is none. */
  remove(publicPath: string): Promise<boolean>;
  /** The key of a public path this store serves, or null for anything else (an external URL, a crafted path). */
  keyOf(publicPath: string): string | null;
}

// Generated names only: <folder>/<uuid>[-thumb].<ext>; nothing an outsider can steer elsewhere.
const KEY = /^(profiles|tours)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.(webp|jpg)$/;

/**
 * Files under UPLOADS_DIR (DATA_DIR/uploads by default), served by the app at /uploads. Several
 * instances share one folder (NFS and the like): every key is a fresh UUID written with O_EXCL, and
 * its path reaches the database only after the write, so no instance overwrites or serves another's
 * half-written file.
 */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  keyOf(publicPath: string): string | null {
    const key = publicPath.startsWith('/uploads/') ? publicPath.slice('/uploads/'.length) : '';
    return KEY.test(key) ? key : null;
  }

  async put(key: string, data: Buffer): Promise<string> {
    if (!KEY.test(key)) throw new Error(`not a generated upload key: ${key}`);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx', mode: 0o644 });
    return `/uploads/${key}`;
  }

  async remove(publicPath: string): Promise<boolean> {
    const key = this.keyOf(publicPath);
    if (!key) return false;
    try {
      await unlink(path.join(this.root, key));
      return true;
    } catch {
      return false;
    }
  }
}
