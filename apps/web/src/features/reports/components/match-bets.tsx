import type { MatchBetEntry } from '@backlay/contract/reports';
import { addPaise, paiseToRupees, rupeesToPaise, type Paise } from '@backlay/domain';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useStoredLogin } from '../../../lib/session';
import { DataTable, FooterCell, SignedMoney, type Column } from '../../../ui/data-table';
import { useMatchBet } from '../api/get-match-bet';
import { marketTypeLabel } from '../../../lib/market-type-label';
import type { ReportLink } from '../report-link';
import { ReportStatus } from './report-status';

/** Rupees on the wire have two decimals, so the sum is exact in paise. */
const total = (values: readonly number[]) =>
  paiseToRupees(addPaise(...values.map((value) => rupeesToPaise(value) ?? (0 as Paise))));

function columns(betsLink: (entry: MatchBetEntry) => ReportLink): Column<MatchBetEntry>[] {
  return [
    {
      label: 'Market',
      isWide: true,
      cell: (row) => {
        const link = betsLink(row);
        return (
          <Link to={link.to} state={link.state}>
            {row.MarketName}
          </Link>
        );
      },
    },
    { label: 'Market Type', cell: (row) => marketTypeLabel(row.marketType) },
    {
      label: 'Profit/Loss',
      isNumeric: true,
      cell: (row) => <SignedMoney value={row.profitLoss} />,
    },
    { label: 'Commission', isNumeric: true, cell: (row) => formatMoney(row.commission) },
  ];
}

/**
 * `/showmatchbet/{eventid}` (docs/product.md#screens, #entities): the client's result on each settled market and session
 * of an event, and their total; each opens its bets (`betsLink`).
 */
export function MatchBets({
  eventId,
  betsLink,
}: {
  eventId: string;
  betsLink: (entry: MatchBetEntry) => ReportLink;
}) {
  const login = useStoredLogin();
  const bets = useMatchBet(eventId, String(login?.uid ?? 0));
  const rows = bets.data ?? [];
  return (
    <ReportStatus isPending={bets.isPending} error={bets.error}>
      <DataTable
        label="Results by market"
        columns={columns(betsLink)}
        rows={rows}
        rowKey={(row) => `${row.marketId}-${row.Selectionid ?? ''}`}
        footer={
          <tr role="row">
            <FooterCell colSpan={2}>Total</FooterCell>
            <FooterCell label="Profit/Loss" isNumeric>
              <SignedMoney value={total(rows.map((row) => row.profitLoss))} />
            </FooterCell>
            <FooterCell label="Commission" isNumeric>
              {formatMoney(total(rows.map((row) => row.commission)))}
            </FooterCell>
          </tr>
        }
      />
    </ReportStatus>
  );
}
