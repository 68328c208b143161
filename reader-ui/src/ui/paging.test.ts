import { describe, expect, it } from 'vitest';
import { appendPage, hasMorePages, nextPageNumber, pageStatus, parsePage } from './paging';

const paging = (CurrentPage: number, TotalPagesCount: number) => ({ CurrentPage, TotalPagesCount, Skip: (CurrentPage - 1) * 10 });

describe('paging', () => {
  it('offers more until the last page', () => {
    expect(hasMorePages(paging(1, 3))).toBe(true);
    expect(hasMorePages(paging(2, 3))).toBe(true);
    expect(hasMorePages(paging(3, 3))).toBe(false);
    expect(hasMorePages(paging(1, 1))).toBe(false);
    expect(hasMorePages(paging(1, 0))).toBe(false);
    expect(hasMorePages(null)).toBe(false);
    expect(hasMorePages(undefined)).toBe(false);
  });

  it('asks for the next page, or the first', () => {
    expect(nextPageNumber(null)).toBe(1);
    expect(nextPageNumber(paging(1, 3))).toBe(2);
    expect(nextPageNumber(paging(0, 0))).toBe(1);
  });

  it('says "On page X of Y" when a later page arrives, and nothing for the first', () => {
    expect(pageStatus(paging(2, 5))).toBe('On page 2 of 5');
    expect(pageStatus(paging(5, 5))).toBe('On page 5 of 5');
    expect(pageStatus(paging(3, 2))).toBe('On page 3 of 3');
    expect(pageStatus(paging(1, 1))).toBeNull();
    expect(pageStatus(paging(1, 5))).toBeNull();
    expect(pageStatus({ CurrentPage: 0, TotalPagesCount: 0, Skip: 0 })).toBeNull();
  });

  it('appends a page, keeping an item that comes again only once', () => {
    const key = (x: { id: string }) => x.id;
    const shown = [{ id: 'a' }, { id: 'b' }];
    expect(appendPage(shown, [{ id: 'b' }, { id: 'c' }, { id: 'c' }], key)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(appendPage([], [{ id: 'x' }], key)).toEqual([{ id: 'x' }]);
    expect(shown).toHaveLength(2);
  });

  it('reads a page number from the address', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });
});
