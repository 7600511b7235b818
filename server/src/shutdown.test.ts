import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { spawnBuiltServer } from './test/built-server.js';
import { DUPLICATE_SIGNAL_MS, handleProcessFaults, handleShutdownSignals } from './shutdown.js';

function setup() {
  const proc = new EventEmitter();
  let finish!: () => void;
  const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const exit = vi.fn();
  let clock = 1_000;
  handleShutdownSignals(proc, { stop, exit, now: () => clock });
  return { proc, stop, exit, finish: () => finish(), tick: (ms: number) => (clock += ms) };
}

describe('shutdown signals', () => {
  it('SIGTERM stops the server cleanly, then exits 0', async () => {
    const t = setup();
    t.proc.emit('SIGTERM');
    expect(t.stop).toHaveBeenCalledTimes(1);
    expect(t.exit).not.toHaveBeenCalled();
    t.finish();
    await vi.waitFor(() => expect(t.exit).toHaveBeenCalledWith(0));
  });

  it('Ctrl-C under npm start (SIGINT from the terminal and again from the wrappers) still shuts down cleanly', async () => {
    const t = setup();
    t.proc.emit('SIGINT');
    t.tick(5);
    t.proc.emit('SIGINT');
    t.proc.emit('SIGTERM');
    expect(t.stop).toHaveBeenCalledTimes(1);
    expect(t.exit).not.toHaveBeenCalled();
    t.finish();
    await vi.waitFor(() => expect(t.exit).toHaveBeenCalledWith(0));
    expect(t.exit).toHaveBeenCalledTimes(1);
  });

  it('a later second signal exits at once with 130', () => {
    const t = setup();
    t.proc.emit('SIGINT');
    t.tick(DUPLICATE_SIGNAL_MS + 1);
    t.proc.emit('SIGINT');
    expect(t.exit).toHaveBeenCalledWith(130);
  });
});

describe('unexpected faults', () => {
  it('an uncaught exception or unhandled rejection is logged, then the process exits with 1', () => {
    const proc = new EventEmitter();
    const exit = vi.fn();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      handleProcessFaults(proc, { exit });
      proc.emit('uncaughtException', new Error('stream exploded'));
      expect(exit).toHaveBeenLastCalledWith(1);
      proc.emit('unhandledRejection', new Error('nobody awaited this'));
      expect(exit).toHaveBeenCalledTimes(2);
      const logged = stderr.mock.calls.map((c) => String(c[0])).join('');
      expect(logged).toMatch(
        /"level":"error".*stream exploded.*"msg":"uncaught exception: the process exits and should be restarted/,
      );
      expect(logged).toMatch(/"level":"error".*nobody awaited this.*"msg":"unhandled promise rejection: /);
    } finally {
      stderr.mockRestore();
    }
  });

  it('in a real process: the rejection is logged with its stack and the exit code is 1', async () => {
    const shutdown = new URL('../dist/shutdown.js', import.meta.url).href;
    if (!existsSync(fileURLToPath(shutdown)))
      throw new Error('server/dist is missing: build the server first (npm test does)');
    const script = `import { handleProcessFaults } from '${shutdown}';
      handleProcessFaults(process, { exit: (code) => process.exit(code) });
      setTimeout(() => Promise.reject(new Error('lost rejection')), 10);
      setTimeout(() => console.log('still running'), 2000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(out).toMatch(
      /"level":"error".*Error: lost rejection.*"msg":"unhandled promise rejection: the process exits and should be restarted by its supervisor"/,
    );
    expect(out).not.toContain('still running');
  });
});

describe('the built server (dist/main.js)', () => {
  it('stops cleanly on SIGTERM: exit code 0 after closing the embedded database', async () => {
    const server = spawnBuiltServer('sigterm', { LOG_LEVEL: 'debug' });
    try {
      await vi.waitFor(() => expect(server.out).toContain('Tembea is serving'), { timeout: 60_000, interval: 100 });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.out).toContain('SIGTERM received: shutting down');
      expect(server.out).toMatch(/"level":"debug".*"msg":"stopped"/);
      expect(existsSync(path.join(server.dataDir, 'pg.pid'))).toBe(false);
    } finally {
      server.dispose();
    }
  }, 90_000);
});
