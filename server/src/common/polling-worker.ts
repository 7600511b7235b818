import { log } from './logger.js';
import { loggableError } from './errors.js';

/**
 * The loop of an outbox sender (mail, webhooks), which extends it: `drainOnce` claims and handles
 * one batch and says how many it claimed; a full batch is followed by another at once. kick()
 * drains now, in the background (a kick during a drain makes it go round once more); start() also
 * drains every `pollMs`, for retries that fall due and work left by a stopped instance. Once
 * stop() is called the batch in hand is finished and no other is claimed: a backlog (deliveries to
 * a receiver that keeps failing) is left to the next start or another instance, so a shutdown ends
 * within one batch's time.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopping = false;

  /**
   * `firstRunMs` delays the first drain after start() (a job that runs hourly need not compete with
   * the start itself); without it the first drain is at once.
   */
  constructor(private readonly opts: { label: string; pollMs: number; batch: number; firstRunMs?: number }) {}

  /** Claims and handles one batch of what is due now; returns how many were claimed. */
  protected abstract drainOnce(): Promise<number>;

  /** Handles what is due now, in the background (nothing once stopped). */
  kick(): void {
    if (this.stopping) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
    });
  }

  /** Starts the periodic drain. */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    const begin = () => {
      this.timer = setInterval(() => this.kick(), this.opts.pollMs);
      this.timer.unref();
      this.kick();
    };
    if (!this.opts.firstRunMs) return begin();
    this.timer = setTimeout(begin, this.opts.firstRunMs);
    this.timer.unref();
  }

  /** Stops draining: waits for the batch in hand, and claims no other. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.draining;
  }

  /**
   * Handles one batch of what is due now and resolves when done (tests, shutdown), and when a
   * background drain that started meanwhile (and may have claimed part of it) is done too.
   */
  async flush(): Promise<void> {
    await this.draining;
    await this.drainOnce();
    await this.draining;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        while ((await this.drainOnce()) === this.opts.batch && !this.stopping);
      } catch (e) {
        log.warn(`${this.opts.label} could not be read; will retry`, { error: loggableError(e, { stack: false }) });
      }
    } while (this.again && !this.stopping);
  }
}
