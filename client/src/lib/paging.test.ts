import { describe, expect, it } from 'vitest';
import { appendPage } from './paging';

describe('appendPage', () => {
  it('appends the next page, keeps its page info and shows a row that moved pages once', () => {
    const loaded = { totalCount: 3, pageInfo: { endCursor: 'a2' }, nodes: [{ id: '1' }, { id: '2' }] };
    const next = { totalCount: 4, pageInfo: { endCursor: 'a4' }, nodes: [{ id: '2' }, { id: '3' }, { id: '4' }] };
    expect(appendPage(loaded, next)).toEqual({
      totalCount: 4,
      pageInfo: { endCursor: 'a4' },
      nodes: [{ id: '1' }, { id: '2' }, { id: '3' }, { id: '4' }],
    });
  });
});
