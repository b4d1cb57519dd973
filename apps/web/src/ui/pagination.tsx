import type { Paging } from '@backlay/domain';
import styles from './pagination.module.css';

/**
 * The pagination bar of a report (docs/product.md#screens, #constants): Previous, at most four page numbers with the
 * current one marked, Next. Which pages to link is the domain's `paging` rule, never decided here.
 */
export function Pagination({
  paging,
  onPage,
  label = 'Pages',
}: {
  paging: Paging;
  onPage: (page: number) => void;
  label?: string;
}) {
  return (
    <nav aria-label={label} className={styles.pagination}>
      <button
        type="button"
        className={styles.step}
        disabled={!paging.hasPrevious}
        onClick={() => onPage(paging.page - 1)}
      >
        Previous
      </button>
      <ul className={styles.pages}>
        {paging.links.map((page) => (
          <li key={page}>
            <button
              type="button"
              className={styles.page}
              aria-label={`Page ${page}`}
              aria-current={page === paging.page ? 'page' : undefined}
              onClick={() => onPage(page)}
            >
              {page}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.step}
        disabled={!paging.hasNext}
        onClick={() => onPage(paging.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
