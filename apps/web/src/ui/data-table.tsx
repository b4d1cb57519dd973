import type { Key, ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import styles from './data-table.module.css';

/** docs/decisions.md#silent-rules: the empty message of every list but the matka ones. */
export const NO_DATA = 'No data available';

export interface Column<T> {
  readonly label: string;
  readonly cell: (row: T) => ReactNode;
  /** Money and figures: right-aligned, tabular digits. */
  readonly isNumeric?: boolean;
  /** Long text (names, remarks): wraps, and takes a whole line of a phone's card. */
  readonly isWide?: boolean;
}

/**
 * A report table. Wide screens get a plain table; on a phone each row becomes a card of labelled
 * figures, so nothing needs sideways scrolling (docs/decisions.md#look) — and should a row still be too wide,
 * it scrolls inside its own box, never the page. The explicit roles keep the table's semantics
 * when the cards change its display. An empty list shows 'No data available'; `footer` rows (a
 * total) follow the body when there are rows.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
  footer,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  rowClassName?: (row: T) => string | undefined;
  footer?: ReactNode;
}) {
  return (
    // A focusable region so a keyboard can scroll it too.
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table} role="table">
        <thead className={styles.head}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.label}
                role="columnheader"
                scope="col"
                className={column.isNumeric ? styles.numeric : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className={styles.empty}>
                {NO_DATA}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} role="row" className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td
                    key={column.label}
                    role="cell"
                    data-label={column.label}
                    className={cellClass(column)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {rows.length > 0 && footer && <tfoot className={styles.foot}>{footer}</tfoot>}
      </table>
    </div>
  );
}

function cellClass(column: { readonly isNumeric?: boolean; readonly isWide?: boolean }) {
  const classes = [column.isNumeric && styles.numeric, column.isWide && styles.wide];
  return classes.filter(Boolean).join(' ') || undefined;
}

/** One cell of a footer row, labelled (when it holds a figure) like the body's cells. */
export function FooterCell({
  label,
  isNumeric,
  colSpan,
  children,
}: {
  label?: string;
  isNumeric?: boolean;
  colSpan?: number;
  children: ReactNode;
}) {
  return (
    <td
      role="cell"
      data-label={label}
      colSpan={colSpan}
      className={isNumeric ? styles.numeric : undefined}
    >
      {children}
    </td>
  );
}

/**
 * A profit or loss in rupees with two decimals: green when positive, red when negative
 * (docs/decisions.md#look), never colour alone — a loss carries its minus sign.
 */
export function SignedMoney({ value }: { value: number }) {
  const tone = value > 0 ? 'profit' : value < 0 ? 'loss' : 'even';
  return (
    <span className={styles[tone]} data-tone={tone}>
      {formatMoney(value)}
    </span>
  );
}
