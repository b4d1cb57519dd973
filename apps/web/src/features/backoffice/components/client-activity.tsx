/** The client's activity: their exposure per market, latest statement rows and latest bets. */
import type { boClientDetail } from '@backlay/contract/backoffice/client';
import type { ApiAnswer } from '../../../lib/api';
import { formatTime, rupees } from '../format';
import { positionLabel, statusWord } from '../words';
import { DetailTable } from './detail-table';
import { SignedRupees } from './figures';
import styles from './backoffice.module.css';

type ClientDetailAnswer = Extract<ApiAnswer<typeof boClientDetail>, { Status: true }>['Result'];
type ClientActivityProps = Pick<ClientDetailAnswer, 'positions' | 'statement' | 'bets'>;

export function ClientActivity({ positions, statement, bets }: ClientActivityProps) {
  return (
    <>
      <h2 className={styles.subtitle}>Exposure per market</h2>
      <DetailTable
        label="Exposure per market"
        head={['Event', 'Position', 'Exposure']}
        numeric={[2]}
        rows={positions.map((position) => ({
          key: position.positionKey,
          cells: [
            position.eventName,
            positionLabel(position.positionKey),
            rupees(position.exposure),
          ],
        }))}
      />

      <h2 className={styles.subtitle}>Statement</h2>
      <DetailTable
        label="Statement"
        head={['Date', 'Kind', 'Amount', 'Balance', 'Remark']}
        numeric={[2, 3]}
        rows={statement.map((row, index) => ({
          key: `${row.at}-${index}`,
          cells: [
            <time dateTime={row.at}>{formatTime(row.at)}</time>,
            statusWord(row.kind),
            <SignedRupees value={row.amount} />,
            rupees(row.balance),
            row.remark,
          ],
        }))}
      />

      <h2 className={styles.subtitle}>Bets</h2>
      <DetailTable
        label="Bets"
        head={[
          'Placed',
          'Event',
          'Market',
          'Selection',
          'Side',
          'Odds',
          'Stake',
          'Status',
          'Result',
        ]}
        numeric={[5, 6, 8]}
        rows={bets.map((bet) => ({
          key: bet.betId,
          cells: [
            <time dateTime={bet.placedAt}>{formatTime(bet.placedAt)}</time>,
            bet.eventName,
            bet.market,
            bet.selection,
            statusWord(bet.side),
            bet.odds,
            rupees(bet.stake),
            statusWord(bet.status),
            bet.result === null ? '—' : <SignedRupees value={bet.result} />,
          ],
        }))}
      />
    </>
  );
}
