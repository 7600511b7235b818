import { describe, expect, it, vi } from 'vitest';
import {
  STALE_CHUNK_RELOAD_GUARD_MS,
  STALE_CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadOnStaleChunk,
  type ReloadDeps,
} from './stale-chunk';

const staleChunk = () =>
  new TypeError('Failed to fetch dynamically imported module: https://tembea.example/assets/ToursPage-0ld.js');

function browser(start = 1_000_000): ReloadDeps & { store: Map<string, string>; at: number } {
  const store = new Map<string, string>();
  const d = {
    store,
    at: start,
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    reload: vi.fn(),
    now: () => d.at,
  };
  return d;
}

const settled = async (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 20)),
  ]);

describe('a lazy screen whose chunk is gone after a deploy', () => {
  it('reloads the page once, noting when, and renders nothing meanwhile', async () => {
    const d = browser();
    const load = reloadOnStaleChunk(
      () => Promise.reject(staleChunk()),
      () => d,
    );
    expect(await settled(load())).toBe('pending');
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(d.store.get(STALE_CHUNK_RELOAD_KEY)).toBe(String(d.at));
  });

  it('does not reload again when the chunk still fails right after a reload: the error surfaces', async () => {
    const d = browser();
    d.store.set(STALE_CHUNK_RELOAD_KEY, String(d.at - 5_000));
    const error = staleChunk();
    await expect(
      reloadOnStaleChunk(
        () => Promise.reject(error),
        () => d,
      )(),
    ).rejects.toBe(error);
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('reloads again for a later deploy, once the guard time has passed', async () => {
    const d = browser();
    d.store.set(STALE_CHUNK_RELOAD_KEY, String(d.at - STALE_CHUNK_RELOAD_GUARD_MS - 1));
    expect(
      await settled(
        reloadOnStaleChunk(
          () => Promise.reject(staleChunk()),
          () => d,
        )(),
      ),
    ).toBe('pending');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors, server renders and browsers without sessionStorage alone', async () => {
    const d = browser();
    const bug = new Error('Cannot read properties of undefined');
    await expect(
      reloadOnStaleChunk(
        () => Promise.reject(bug),
        () => d,
      )(),
    ).rejects.toBe(bug);
    await expect(
      reloadOnStaleChunk(
        () => Promise.reject(staleChunk()),
        () => null,
      )(),
    ).rejects.toThrow(/dynamically imported/);
    await expect(
      reloadOnStaleChunk(
        () => Promise.reject(staleChunk()),
        () => ({ ...d, storage: null }),
      )(),
    ).rejects.toThrow(/dynamically imported/);
    expect(d.reload).not.toHaveBeenCalled();
    await expect(
      reloadOnStaleChunk(
        () => Promise.resolve({ default: 'screen' }),
        () => d,
      )(),
    ).resolves.toEqual({ default: 'screen' });
  });

  it("knows each browser's wording of a chunk that failed to load", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: /assets/a.js',
      'error loading dynamically imported module: /assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(new Error('Network error. Please check your connection and try again.'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('uses the real sessionStorage and location in the browser', async () => {
    sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      expect(await settled(reloadOnStaleChunk(() => Promise.reject(staleChunk()))())).toBe('pending');
      expect(reload).toHaveBeenCalledTimes(1);
      expect(Number(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
      await expect(reloadOnStaleChunk(() => Promise.reject(staleChunk()))()).rejects.toThrow(/dynamically imported/);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY);
    }
  });
});
