import type { BetHistoryEntry } from '@backlay/contract/reports';
import { betOddsDisplay, betRowIsLay, betStatusLabel } from '@backlay/domain';
import { formatAmount, formatDateTime, formatMoney } from '../../../lib/format';
import { DataTable, SignedMoney, type Column } from '../../../ui/data-table';
import { marketTypeLabel } from '../../../lib/market-type-label';
import styles from './reports.module.css';

const COLUMNS: readonly Column<BetHistoryEntry>[] = [
  {
    label: 'Placed',
    cell: (bet) => <time dateTime={bet.createdOn}>{formatDateTime(bet.createdOn)}</time>,
  },
  { label: 'Market', cell: (bet) => marketTypeLabel(bet.MarketType) },
  { label: 'Match', isWide: true, cell: (bet) => bet.MatchName },
  { label: 'Selection', cell: (bet) => bet.SelectionName },
  { label: 'Type', cell: (bet) => bet.BetType },
  { label: 'Odds', isNumeric: true, cell: (bet) => betOddsDisplay(bet) },
  { label: 'Stack', isNumeric: true, cell: (bet) => formatAmount(bet.Stack) },
  { label: 'Exposure', isNumeric: true, cell: (bet) => formatMoney(bet.Exposure) },
  { label: 'Profit/Loss', isNumeric: true, cell: (bet) => <BetResult bet={bet} /> },
  { label: 'Status', cell: (bet) => <BetStatusCell bet={bet} /> },
];

/** The bet's status in words; a cancelled bet with the time it was cancelled. */
function BetStatusCell({ bet }: { bet: BetHistoryEntry }) {
  if (bet.BetStatus !== 'Cancelled' || bet.CancelledOn === null)
    return betStatusLabel(bet.BetStatus);
  return (
    <>
      {betStatusLabel(bet.BetStatus)}{' '}
      <time className={styles.note} dateTime={bet.CancelledOn}>
        {formatDateTime(bet.CancelledOn)}
      </time>
    </>
  );
}

/**
 * The Profit/Loss cell. Only a finished bet has a result: green won, red lost (docs/product.md#entities
 * `ReturnBalance`). An open bet's `ReturnBalance` is what it would win, so it reads as such, in
 * the plain colour, never as a profit already made; a voided bet reads Void with its reason.
 */
export function BetResult({ bet }: { bet: BetHistoryEntry }) {
  // docs/architecture.md, "Cancelling a bet": it held nothing and returned nothing.
  if (bet.BetStatus === 'Cancelled')
    return <span className={styles.void}>Cancelled: no money moved</span>;
  if (bet.BetStatus === 'Pending') {
    return (
      <span className={styles.potential}>
        <span className={styles.note}>Potential win</span> {formatMoney(bet.ReturnBalance)}
      </span>
    );
  }
  if (bet.Remark === 'Void') {
    return (
      <span className={styles.void}>
        Void
        {bet.VoidReason !== null && bet.VoidReason !== '' && (
          <>
            : <span className={styles.note}>{bet.VoidReason}</span>
          </>
        )}
      </span>
    );
  }
  return <SignedMoney value={bet.ReturnBalance} />;
}

/**
 * Bets as the bet history and the betting history list them (docs/product.md#entities): fancy odds with the rate
 * in brackets, Pending shown as Active, lay and No rows on the lay colour with the type in words,
 * and Profit/Loss as {@link BetResult} reads it.
 */
export function BetsTable({ label, bets }: { label: string; bets: readonly BetHistoryEntry[] }) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rows={bets}
      rowKey={(bet, index) => `${bet.createdOn}-${index}`}
      rowClassName={(bet) => (betRowIsLay(bet.BetType) ? styles.lay : styles.back)}
    />
  );
}
