/**
 * After a deploy, a page loaded before it asks for its screens' chunks by their old names, which
 * the server no longer has (it answers 404). Instead of a broken screen, the page reloads once and
 * gets the new build. A timestamp in sessionStorage guards against a loop: a chunk that still fails
 * within a minute of the last reload is a real fault and surfaces as an error.
 */
export const STALE_CHUNK_RELOAD_KEY = 'tembea.staleChunkReloadAt';
export const STALE_CHUNK_RELOAD_GUARD_MS = 60_000;

/** Whether an error is a script or style chunk that failed to load (each browser words it its own way; Vite's preload too). */
export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (
    e.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i.test(
      e.message,
    )
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload(): void;
  now(): number;
}

function browserDeps(): ReloadDeps | null {
  if (typeof window === 'undefined') return null;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): without the guard, no reload.
  }
  return { storage, reload: () => window.location.reload(), now: () => Date.now() };
}

/**
 * Wraps a lazy screen's import: a chunk that fails to load reloads the page once (the returned
 * promise then never settles, so nothing broken renders meanwhile); any other error, a second
 * failure within the guard time, a server render or a browser without sessionStorage rethrows it.
 */
export function reloadOnStaleChunk<T>(
  load: () => Promise<T>,
  deps: () => ReloadDeps | null = browserDeps,
): () => Promise<T> {
  return () =>
    load().catch((e: unknown) => {
      const d = isChunkLoadError(e) ? deps() : null;
      if (!d?.storage) throw e;
      const last = Number(d.storage.getItem(STALE_CHUNK_RELOAD_KEY));
      if (Number.isFinite(last) && last > 0 && d.now() - last < STALE_CHUNK_RELOAD_GUARD_MS) throw e;
      try {
        d.storage.setItem(STALE_CHUNK_RELOAD_KEY, String(d.now()));
      } catch {
        throw e;
      }
      d.reload();
      return new Promise<T>(() => {});
    });
}
