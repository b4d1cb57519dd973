import type { MatkaResult } from '@backlay/contract/matka';
import { formatDateTime } from '../../../lib/format';
import { DataTable, type Column } from '../../../ui/data-table';
import { useMatkaResults } from '../api/get-bet-result';
import { ListStatus } from './list-status';
import { NO_RESULT } from './matka-table';
import styles from './matka.module.css';

const columns: readonly Column<MatkaResult>[] = [
  { label: 'Game', isWide: true, cell: (row) => row.MarketName },
  { label: 'Result', cell: (row) => <strong className={styles.betNo}>{row.Result}</strong> },
  {
    label: 'Date',
    cell: (row) => <time dateTime={row.CreatedOn}>{formatDateTime(row.CreatedOn)}</time>,
  },
];

/** `/makta_bethistory` Bet Result (SPEC §2, §3): drawn results, newest first; 'No Result' when none. */
export function MatkaResults() {
  const results = useMatkaResults();
  const rows = results.data ?? [];
  return (
    <ListStatus
      isPending={results.isPending}
      error={results.error}
      isEmpty={rows.length === 0}
      empty={NO_RESULT}
    >
      <DataTable
        label="Matka results"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.MarketId}
      />
    </ListStatus>
  );
}
