/**
 * One table of the client's page (limits, exposure, statement, bets): a focusable region that
 * scrolls, its head, then its rows or "Nothing yet.", the columns of figures right-aligned.
 */
import type { ReactNode } from 'react';
import styles from './backoffice.module.css';

interface DetailTableProps {
  /** The region's name, as a screen reader announces it. */
  readonly label: string;
  readonly head: readonly string[];
  /** The indexes of the columns that hold figures. */
  readonly numeric: readonly number[];
  readonly rows: readonly { readonly key: string; readonly cells: readonly ReactNode[] }[];
}

export function DetailTable({ label, head, numeric, rows }: DetailTableProps) {
  const cellClass = (index: number) => (numeric.includes(index) ? styles.numeric : undefined);
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            {head.map((title, index) => (
              <th key={title} scope="col" className={cellClass(index)}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={styles.empty}>
                Nothing yet.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={head[index]} className={cellClass(index)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
