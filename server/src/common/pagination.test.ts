import { describe, expect, it } from 'vitest';
import { keysetPage, mapPage, nextCursor, toConnection } from './pagination.js';

describe('Page and toConnection', () => {
  it('pages rows read with limit + 1 and maps the page to a connection', () => {
    const page = mapPage(
      keysetPage([1, 2, 3], 2, 'c0', (n) => `c${n}`),
      (n) => ({ id: String(n) }),
    );
    expect(page).toMatchObject({
      items: [{ id: '1' }, { id: '2' }],
      cursors: ['c1', 'c2'],
      hasMore: true,
      hasPrevious: true,
    });
    expect(nextCursor(page)).toBe('c2');
    const c = toConnection(page);
    expect(c.nodes).toEqual([{ id: '1' }, { id: '2' }]);
    expect(c.edges).toEqual([
      { cursor: 'c1', node: { id: '1' } },
      { cursor: 'c2', node: { id: '2' } },
    ]);
    expect(c.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true, startCursor: 'c1', endCursor: 'c2' });
    expect('totalCount' in c).toBe(false);
  });

  it('ends on the last page and counts only when the count is read, once', async () => {
    let counts = 0;
    const page = keysetPage([1], 2, null, String, async () => ({ count: ++counts, estimate: false }));
    expect(nextCursor(page)).toBeNull();
    const c = toConnection(page, (n) => n * 10);
    expect(c.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: '1', endCursor: '1' });
    expect(c.nodes).toEqual([10]);
    expect(counts).toBe(0);
    expect(await c.totalCount).toBe(1);
    expect(await c.totalCountIsEstimate).toBe(false);
    expect(counts).toBe(1);
  });
});
