import type { EventEmitter } from 'node:events';
import { log } from './common/logger.js';
import { loggableError } from './common/errors.js';

/**
 * A second signal within this time is the same request arriving twice: Ctrl-C under `npm start`
 * reaches the server from the terminal (its process group) and again from the npm and
 * scripts/start.mjs wrappers that forward it. Only a later one means "stop now".
 */
export const DUPLICATE_SIGNAL_MS = 1_500;

export interface ShutdownDeps {
  stop(): Promise<void>;
  exit(code: number): void;
  now?: () => number;
}

/**
 * SIGTERM and SIGINT stop the server cleanly (connections drained, database closed) and exit 0;
 * a further signal after DUPLICATE_SIGNAL_MS exits at once with 130.
 */
export function handleShutdownSignals(proc: Pick<EventEmitter, 'on'>, deps: ShutdownDeps): void {
  const now = deps.now ?? Date.now;
  let firstAt: number | null = null;
  const shutdown = (signal: string) => {
    if (firstAt !== null) {
      if (now() - firstAt < DUPLICATE_SIGNAL_MS) return;
      log.warn(`${signal} received again: exiting without waiting`);
      deps.exit(130);
      return;
    }
    firstAt = now();
    log.info(`${signal} received: shutting down`);
    deps.stop().then(
      () => deps.exit(0),
      (e: unknown) => {
        log.error('shutdown failed', { error: String(e) });
        deps.exit(1);
      },
    );
  };
  proc.on('SIGTERM', () => shutdown('SIGTERM'));
  proc.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * An uncaught exception or unhandled rejection leaves the process in an unknown state: it is
 * logged with its stack and the process exits with 1, for the supervisor (systemd, pm2, a
 * container runtime) to start a fresh one.
 */
export function handleProcessFaults(proc: Pick<EventEmitter, 'on'>, deps: Pick<ShutdownDeps, 'exit'>): void {
  const fault = (kind: string, error: unknown) => {
    log.error(`${kind}: the process exits and should be restarted by its supervisor`, {
      error: loggableError(error),
    });
    deps.exit(1);
  };
  proc.on('uncaughtException', (error: unknown) => fault('uncaught exception', error));
  proc.on('unhandledRejection', (reason: unknown) => fault('unhandled promise rejection', reason));
}
