import { describe, expect, it } from 'vitest';
import {
  encodeCursor,
  isCursorKey,
  keysetPage,
  mapPage,
  nextCursor,
  textIdCursor,
  toConnection,
} from './pagination.js';

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

describe('cursor keys', () => {
  it('take the days and timestamps the server writes into cursors', () => {
    for (const day of ['2026-02-28', '0001-01-01', '9999-12-31']) expect(isCursorKey(day, 'day'), day).toBe(true);
    for (const at of [
      '2026-02-03 10:00:00+00',
      '2026-02-03 10:00:00.123456+03',
      '2026-02-03 10:00:00-05:30',
      '2026-02-03T10:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '0001-01-01 00:00:00+00',
    ])
      expect(isCursorKey(at, 'timestamp'), at).toBe(true);
  });

  it('refuse keys of the right shape on no real day or moment', () => {
    for (const day of ['2026-02-30', '0000-01-01', '+010000-01-01', '2026-13-01', 20260201, null])
      expect(isCursorKey(day, 'day'), String(day)).toBe(false);
    for (const at of [
      '2026-02-30 00:00:00',
      '2026-02-30 00:00:00+00',
      '0000-06-01 00:00:00+00',
      '+010000-01-01T00:00:00.000Z',
      '2026-02-03 24:00:00+00',
      '2026-02-03 10:60:00+00',
      '2026-02-03 10:00:60+00',
      '2026-02-03 10:00:00+16',
      // In UTC these fall in year 10000 and year 0.
      '9999-12-31 23:00:00-05',
      '0001-01-01 00:00:00+05',
      '2026-02-03',
    ])
      expect(isCursorKey(at, 'timestamp'), at).toBe(false);
  });

  it('make a cursor with an impossible date the same BAD_USER_INPUT as a malformed one', () => {
    const invalid = {
      message: 'Invalid cursor: pass the endCursor of a previous page',
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'after', message: 'Invalid cursor' }],
    };
    expect(textIdCursor(encodeCursor(['2026-02-28', 7]), 'day')).toEqual({ key: '2026-02-28', id: 7 });
    for (const cursor of [
      'not base64 json',
      encodeCursor(['2026-02-30', 1]),
      encodeCursor(['2026-02-28 00:00:00+00', 1]),
      encodeCursor(['2026-02-28', 2_147_483_648]),
      encodeCursor(['2026-02-28', 0]),
    ])
      expect(() => textIdCursor(cursor, 'day'), cursor).toThrow(expect.objectContaining(invalid));
  });
});
