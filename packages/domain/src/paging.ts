/** Rows per page of the statement, profit/loss and bet history (docs/product.md#screens, #constants; #calls `psize 10`). */
export const REPORT_PAGE_SIZE = 10;

/** At most this many page links show (docs/product.md#screens, #constants). */
export const PAGE_LINKS_MAX = 4;

/** What the pagination bar shows for one page of a report. */
export interface Paging {
  /** The current page, 1-based, clamped into 1 … `pageCount`. */
  readonly page: number;
  /** Pages in all: at least 1 (an empty report is one empty page). */
  readonly pageCount: number;
  /** Rows to skip for the query (docs/product.md#calls `skipRec`): (page − 1) × page size. */
  readonly skipRec: number;
  /** Previous is enabled unless on the first page. */
  readonly hasPrevious: boolean;
  /** Next is enabled unless on the last page. */
  readonly hasNext: boolean;
  /** The page numbers to link, ascending, at most {@link PAGE_LINKS_MAX}, always with `page`. */
  readonly links: readonly number[];
}

/**
 * The pagination of a report (docs/product.md#screens, #constants): `totalRows` rows (a non-negative integer; SqlCount or
 * count), `pageSize` a positive integer (10 by default). The link window is four consecutive
 * pages starting one before the current page (current 5 of 10 → 4 5 6 7), shifted to stay inside
 * 1 … pageCount (current 1 → 1 2 3 4; current 10 of 10 → 7 8 9 10); fewer pages → all of them.
 * A page outside the range (or not an integer) is clamped to the nearest valid page.
 */
export function paging(page: number, totalRows: number, pageSize = REPORT_PAGE_SIZE): Paging {
  const pageCount = Math.max(1, Math.ceil(Math.max(0, totalRows) / pageSize));
  const current = Math.min(pageCount, Math.max(1, Math.trunc(page) || 1));
  const first = Math.max(1, Math.min(current - 1, pageCount - PAGE_LINKS_MAX + 1));
  const last = Math.min(pageCount, first + PAGE_LINKS_MAX - 1);
  const links: number[] = [];
  for (let link = first; link <= last; link += 1) links.push(link);
  return {
    page: current,
    pageCount,
    skipRec: (current - 1) * pageSize,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    links,
  };
}
