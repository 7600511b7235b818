import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from './logger.js';
import { loggableError } from './errors.js';

/** Work to do once a transaction has committed (move a cache on, wake a sender). */
export type AfterCommitHook = () => unknown;

/**
 * A unit of work that side effects can be registered on: `em` runs inside the transaction, and
 * `afterCommit` runs a hook once the outermost transaction has committed. Hooks registered under
 * the same `key` run once (a sender woken once, however many rows the transaction queued).
 */
export interface UnitOfWork {
  em: EntityManager;
  afterCommit(hook: AfterCommitHook, key?: string): void;
}

/**
 * Where a module queues work for after a commit: a unit of work, which then runs the module's hook
 * after its commit, or a bare entity manager inside a transaction whose caller does that itself.
 */
export type QueueTarget = UnitOfWork | EntityManager;

/** The entity manager of a queue target. */
export function emOf(target: QueueTarget): EntityManager {
  return isUnitOfWork(target) ? target.em : target;
}

/** Registers `hook` after the commit of a unit of work; a bare entity manager's caller runs it itself. */
export function afterCommitOf(target: QueueTarget, hook: AfterCommitHook, key?: string): void {
  if (isUnitOfWork(target)) target.afterCommit(hook, key);
}

function isUnitOfWork(target: QueueTarget): target is UnitOfWork {
  return typeof (target as Partial<UnitOfWork>).afterCommit === 'function';
}

/** The hooks of one outermost transaction, in the order they were registered. */
export class AfterCommitHooks {
  private readonly hooks = new Map<string | AfterCommitHook, AfterCommitHook>();

  add(hook: AfterCommitHook, key?: string): void {
    const id = key ?? hook;
    if (!this.hooks.has(id)) this.hooks.set(id, hook);
  }

  /** Runs every hook once, one after another; a failure is logged and never reaches the caller. */
  async run(requestId: string): Promise<void> {
    const hooks = [...this.hooks.values()];
    this.hooks.clear();
    for (const hook of hooks) {
      try {
        await hook();
      } catch (e) {
        log.error('after-commit hook failed', { requestId, error: loggableError(e) });
      }
    }
  }
}

/**
 * Runs `work` in a transaction of `em` and then its after-commit hooks, or, given the hooks of an
 * open transaction (`outer`), runs it in that transaction: a nested transaction joins the outer
 * one, and its hooks wait for the outermost commit.
 *
 * Hooks never run when the work failed (the transaction rolled back: nothing happened). They do
 * run when the work succeeded but the COMMIT itself failed: the outcome is then unknown (the
 * server may have applied it before the connection broke), and every hook is safe to run for
 * nothing (a cache generation moved on, a sender woken), while skipping one after an applied
 * commit would leave stale answers served or queued rows unsent until the next poll.
 */
export async function runTransaction<T>(
  em: EntityManager,
  outer: AfterCommitHooks | null,
  requestId: string,
  work: (em: EntityManager, hooks: AfterCommitHooks) => Promise<T>,
): Promise<T> {
  if (outer) return work(em, outer);
  const hooks = new AfterCommitHooks();
  let workDone = false;
  let result: T;
  try {
    result = await em.transactional(async (txEm) => {
      const r = await work(txEm, hooks);
      // Flushed here, so that what is left after `workDone` is the COMMIT alone.
      await txEm.flush();
      workDone = true;
      return r;
    });
  } catch (e) {
    if (workDone) await hooks.run(requestId);
    throw e;
  }
  await hooks.run(requestId);
  return result;
}
