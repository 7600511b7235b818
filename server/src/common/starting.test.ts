import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startTembea } from '../boot.js';
import { loadConfig } from '../config.js';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('while the server starts', () => {
  it('answers /health at once, /ready with 503 until the app is ready, and serves the requests that came early', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tembea-starting-'));
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
    });
    const base = `http://127.0.0.1:${port}`;
    const starting = startTembea(config, { inMemoryDb: true });
    try {
      const health = await vi.waitFor(
        async () => {
          const r = await fetch(`${base}/health`);
          expect(r.status).toBe(200);
          return r.json();
        },
        { timeout: 30_000, interval: 10 },
      );
      expect(health).toMatchObject({ status: 'ok', message: 'API is accessible' });
      const early = fetch(`${base}/api/tours?limit=1`);
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'starting', message: 'The server is starting' });

      const running = await starting;
      const served = await early;
      expect(served.status).toBe(200);
      expect(((await served.json()) as { tours: unknown[] }).tours).toHaveLength(1);
      expect((await fetch(`${base}/ready`)).status).toBe(200);
      await running.stop();
    } finally {
      await starting.then((r) => r.stop()).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
