import type { ServerResponse } from 'node:http';
import { log } from './logger.js';
import { loggableError } from './errors.js';

/** A fresh system context for a job, tied in logs to the request that started it; `jobs` runs its own after-response work. */
export type JobContextFactory<C> = (job: string, requestId: string, jobs: BackgroundJobs<C>) => C;

/**
 * Jobs that a request starts but does not wait for. A job starts only once the answer has been
 * sent, so whatever it does (look up an account, write, mail) can neither delay nor change that
 * answer: an answer that must not reveal whether an account exists stays the same in content and
 * in time. Each job gets a system context with a fresh unit of work; a failure is logged with the
 * request id.
 */
export class BackgroundJobs<C> {
  private readonly pending = new Set<Promise<void>>();
  private held: (() => void)[] | null = null;

  constructor(private readonly contextFor: JobContextFactory<C>) {}

  /** Runs `work` after `res` has been sent (or closed), or soon when there is no response. */
  afterResponse(
    res: ServerResponse | undefined,
    requestId: string,
    label: string,
    work: (ctx: C) => Promise<unknown>,
  ): void {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    this.pending.add(finished);
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const run = () => {
        void this.execute(requestId, label, work).finally(() => {
          this.pending.delete(finished);
          done();
        });
      };
      if (this.held) this.held.push(run);
      else run();
    };
    if (!res || res.writableFinished) setImmediate(start);
    else {
      res.once('finish', start);
      res.once('close', start);
    }
  }

  private async execute(requestId: string, label: string, work: (ctx: C) => Promise<unknown>): Promise<void> {
    try {
      await work(this.contextFor(label, requestId, this));
    } catch (e) {
      log.error(`background job failed: ${label}`, { requestId, error: loggableError(e) });
    }
  }

  /**
   * Resolves once every job scheduled so far has finished (a clean shutdown, tests), or after
   * `timeoutMs` with a warning; true when none is left.
   */
  async idle(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size) {
      const left = deadline - Date.now();
      if (left <= 0) {
        log.warn('background jobs still running', { jobs: this.pending.size });
        return false;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...this.pending]),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
    return true;
  }

  /** Holds jobs back after their answer has gone, until `resume` (tests prove with it that an answer waits for none). */
  pause(): void {
    this.held ??= [];
  }

  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const run of held) run();
  }
}
