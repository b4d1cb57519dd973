import { DataTable } from '../../../ui/data-table';
import { useMatkaMyBets } from '../api/get-my-bets';
import { ListStatus } from './list-status';
import { matkaBetColumns, NO_DATA_AVAILABLE } from './matka-table';

/** The client's bets on one matka market (its Mid), newest first; 'No Data Available' when none. */
export function MatkaMyBets({ mid }: { mid: string }) {
  const bets = useMatkaMyBets(mid);
  const rows = bets.data ?? [];
  return (
    <ListStatus
      isPending={bets.isPending}
      error={bets.error}
      isEmpty={rows.length === 0}
      empty={NO_DATA_AVAILABLE}
    >
      <DataTable
        label="Matka bets"
        columns={matkaBetColumns}
        rows={rows}
        rowKey={(row, index) => `${row.CreatedOn}-${row.betNo}-${index}`}
      />
    </ListStatus>
  );
}
