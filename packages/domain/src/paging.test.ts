import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_LINKS_MAX, paging, REPORT_PAGE_SIZE } from './paging.js';

describe('paging', () => {
  it('shows 10 rows a page and skips the rows of earlier pages', () => {
    expect(REPORT_PAGE_SIZE).toBe(10);
    expect(paging(1, 35)).toMatchObject({ pageCount: 4, skipRec: 0 });
    expect(paging(3, 35)).toMatchObject({ pageCount: 4, skipRec: 20 });
    expect(paging(1, 40).pageCount).toBe(4);
    expect(paging(1, 41).pageCount).toBe(5);
  });

  it('disables Previous on the first page and Next on the last', () => {
    expect(paging(1, 35)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(paging(2, 35)).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(paging(4, 35)).toMatchObject({ hasPrevious: true, hasNext: false });
    expect(paging(1, 0)).toMatchObject({
      pageCount: 1,
      hasPrevious: false,
      hasNext: false,
      links: [1],
    });
  });

  it('links at most four pages, from one before the current page, shifted at the ends', () => {
    expect(paging(1, 100).links).toEqual([1, 2, 3, 4]);
    expect(paging(2, 100).links).toEqual([1, 2, 3, 4]);
    expect(paging(5, 100).links).toEqual([4, 5, 6, 7]);
    expect(paging(9, 100).links).toEqual([7, 8, 9, 10]);
    expect(paging(10, 100).links).toEqual([7, 8, 9, 10]);
    expect(paging(2, 25).links).toEqual([1, 2, 3]);
  });

  it('clamps a page outside the range to the nearest valid page', () => {
    expect(paging(0, 100).page).toBe(1);
    expect(paging(-3, 100).page).toBe(1);
    expect(paging(Number.NaN, 100).page).toBe(1);
    expect(paging(50, 100)).toMatchObject({ page: 10, skipRec: 90 });
    expect(paging(2.7, 100).page).toBe(2);
  });

  it('takes another page size', () => {
    expect(paging(2, 50, 25)).toMatchObject({ pageCount: 2, skipRec: 25, links: [1, 2] });
  });

  it('never shows more than four links and always shows the current page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 200 }),
        fc.integer({ min: 0, max: 2000 }),
        (page, rows) => {
          const state = paging(page, rows);
          expect(state.links.length).toBeLessThanOrEqual(PAGE_LINKS_MAX);
          expect(state.links.length).toBe(Math.min(PAGE_LINKS_MAX, state.pageCount));
          expect(state.links).toContain(state.page);
          state.links.forEach((link, index) => expect(link).toBe(state.links[0]! + index));
          expect(state.links.at(-1)).toBeLessThanOrEqual(state.pageCount);
        },
      ),
    );
  });
});
