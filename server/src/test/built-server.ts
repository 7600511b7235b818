import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server running as a child process, what it has printed so far, and how it exited. */
export interface BuiltServerProcess {
  child: ChildProcess;
  /** Its own data folder (the embedded database lives there). */
  dataDir: string;
  /** Everything printed on stdout and stderr so far. */
  readonly out: string;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  /** Kills it, if still running, and removes its data folder. */
  dispose(): void;
}

/**
 * Starts the built server (server/dist/main.js) as a real process on the embedded database of a fresh
 * data folder, with `env` added to this process's environment. Only a real process shows what a
 * signal or an exit does.
 */
export function spawnBuiltServer(label: string, env: Record<string, string>): BuiltServerProcess {
  const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
  if (!existsSync(main)) throw new Error('server/dist/main.js is missing: build the server first (npm test does)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tembea-${label}-`));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    dataDir,
    get out() {
      return out;
    },
    exited,
    dispose() {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
