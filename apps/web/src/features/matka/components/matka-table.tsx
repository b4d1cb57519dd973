import type { MatkaBetRow } from '@backlay/contract/matka';
import { betStatusLabel } from '@backlay/domain';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { SignedMoney, type Column } from '../../../ui/data-table';
import styles from './matka.module.css';

/** docs/decisions.md#silent-rules: the empty message of a matka market's bet list and of the result list. */
export const NO_DATA_AVAILABLE = 'No Data Available';
export const NO_RESULT = 'No Result';

/** The columns of a matka bet list (docs/product.md#entities matka bet). */
export const matkaBetColumns: readonly Column<MatkaBetRow>[] = [
  { label: 'Game', isWide: true, cell: (row) => row.MatchName },
  { label: 'Number', cell: (row) => <strong className={styles.betNo}>{row.betNo}</strong> },
  { label: 'Amount', isNumeric: true, cell: (row) => formatMoney(row.Amount) },
  { label: 'P/L', isNumeric: true, cell: (row) => <SignedMoney value={row.PL} /> },
  { label: 'Status', cell: (row) => betStatusLabel(row.BetStatus) },
  {
    label: 'Placed',
    cell: (row) => <time dateTime={row.CreatedOn}>{formatDateTime(row.CreatedOn)}</time>,
  },
];
