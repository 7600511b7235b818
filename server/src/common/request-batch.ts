import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from './context.js';

type Answer<V> = { resolve: (value: V) => void; reject: (e: unknown) => void };

/**
 * The loads asked for in the same tick, answered by one call of `run`. GraphQL resolves a field of
 * every item of a list before it awaits any of them, so the field's loads for a whole list arrive
 * together and one batch answers them all.
 */
class Batch<T, V> {
  private items: T[] = [];
  private answers: Answer<V>[] = [];
  private scheduled = false;

  constructor(private readonly run: (items: readonly T[]) => Promise<readonly V[]>) {}

  load(item: T): Promise<V> {
    return new Promise((resolve, reject) => {
      this.items.push(item);
      this.answers.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the promises already resolved in this tick: every sibling field has asked by then.
        void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
      }
    });
  }

  private async flush(): Promise<void> {
    const items = this.items;
    const answers = this.answers;
    this.items = [];
    this.answers = [];
    this.scheduled = false;
    try {
      const values = await this.run(items);
      answers.forEach((a, i) => a.resolve(values[i] as V));
    } catch (e) {
      for (const a of answers) a.reject(e);
    }
  }
}

/**
 * A loader for a field of the items of a list (the payment of each booking listed, say) that reads
 * all of them with the same few statements, however long the list. `run` gets the items asked for
 * together, in the order they were asked (the same one may come twice), and answers each in that
 * order. Batches are kept per request, by its entity manager, so what one caller may see is never
 * answered to another, and they go when the request does.
 */
export function requestBatch<T, V>(
  run: (ctx: RequestContext, items: readonly T[]) => Promise<readonly V[]>,
): (ctx: RequestContext, item: T) => Promise<V> {
  const batches = new WeakMap<EntityManager, Batch<T, V>>();
  return (ctx, item) => {
    let batch = batches.get(ctx.em);
    if (!batch) batches.set(ctx.em, (batch = new Batch((items) => run(ctx, items))));
    return batch.load(item);
  };
}
