import type { MatkaResult } from '@backlay/contract/matka';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/format';
import { DataTable, type Column } from '../../../ui/data-table';
import { useMatkaResults } from '../api/get-bet-result';
import { useMatkaLive, type MatkaLiveByMid } from '../api/live';
import { ListStatus } from './list-status';
import { NO_RESULT } from './matka-table';
import styles from './matka.module.css';

/** A result the hub announced while this page was open (MatkaChanged 'settled'). */
const isFresh = (live: MatkaLiveByMid, row: MatkaResult) => {
  const pushed = live[String(row.MarketId)];
  return pushed?.status === 'settled' && pushed.result === row.Result;
};

function columnsFor(live: MatkaLiveByMid): readonly Column<MatkaResult>[] {
  return [
    { label: 'Game', isWide: true, cell: (row) => row.MarketName },
    {
      label: 'Result',
      cell: (row) =>
        isFresh(live, row) ? (
          // The one just drawn: highlighted, and said so ("Result 45").
          <mark className={styles.freshResult} data-result="win" data-testid="matka-fresh-result">
            <span className={styles.srOnly}>Result </span>
            {row.Result}
          </mark>
        ) : (
          <strong className={styles.betNo}>{row.Result}</strong>
        ),
    },
    {
      label: 'Date',
      cell: (row) => <time dateTime={row.CreatedOn}>{formatDateTime(row.CreatedOn)}</time>,
    },
  ];
}

/**
 * `/makta_bethistory` Bet Result (docs/product.md#screens, #entities): drawn results, newest first; 'No Result' when none.
 * A result the hub announces reloads the list and is highlighted.
 */
export function MatkaResults() {
  const results = useMatkaResults();
  const live = useMatkaLive();
  const columns = useMemo(() => columnsFor(live), [live]);
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
        rowClassName={(row) => (isFresh(live, row) ? styles.freshRow : undefined)}
      />
    </ListStatus>
  );
}
