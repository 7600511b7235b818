import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { PollingWorker } from './polling-worker.js';

const BATCH = 20;

/**
 * A worker over a backlog that never runs out: every batch comes back full after `batchMs`, as
 * deliveries to a receiver that keeps failing do (each is claimed, fails and is rescheduled).
 */
class EndlessBacklog extends PollingWorker {
  claimed = 0;
  inHand = 0;
  /** Set after each test: the backlog is gone, so a loop that never stopped ends too. */
  emptied = false;

  constructor(private readonly batchMs: number) {
    // The timer never fires within a test: only the loop itself goes on draining.
    super({ label: 'endless backlog', pollMs: 60_000, batch: BATCH });
  }

  protected async drainOnce(): Promise<number> {
    this.claimed++;
    this.inHand++;
    await sleep(this.batchMs);
    this.inHand--;
    return this.emptied ? 0 : BATCH;
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the worker');
    await sleep(5);
  }
}

const workers: EndlessBacklog[] = [];
const worker = (batchMs: number) => {
  const w = new EndlessBacklog(batchMs);
  workers.push(w);
  return w;
};
afterEach(async () => {
  for (const w of workers) w.emptied = true;
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

describe('PollingWorker', () => {
  it('follows a full batch with another at once while it runs', async () => {
    const w = worker(5);
    w.start();
    await until(() => w.claimed >= 10);
    expect(w.claimed).toBeGreaterThanOrEqual(10);
  });

  it('once stopped, finishes the batch in hand and claims no other, however long the backlog', async () => {
    const w = worker(200);
    w.start();
    await until(() => w.claimed >= 2);
    const claimed = w.claimed;
    // At most the rest of the one batch in hand (200 ms), never the backlog's endless batches.
    const outcome = await Promise.race([w.stop().then(() => 'stopped'), sleep(1_000, 'still draining')]);
    expect(outcome).toBe('stopped');
    expect(w.inHand).toBe(0);
    expect(w.claimed).toBe(claimed);
    // A kick after the stop (a request committing while the server shuts down) claims nothing either.
    w.kick();
    await sleep(300);
    expect(w.claimed).toBe(claimed);
  });

  it('drains again once started again', async () => {
    const w = worker(5);
    w.start();
    await until(() => w.claimed >= 1);
    await w.stop();
    const claimed = w.claimed;
    w.start();
    await until(() => w.claimed > claimed + 1);
  });

  it('still handles one batch on flush() after a stop (tests and shutdown send what is due)', async () => {
    const w = worker(5);
    await w.stop();
    await w.flush();
    expect(w.claimed).toBe(1);
  });
});
