import type { BetListItem } from '@backlay/contract/bets';
import { betOddsDisplay, betRowIsLay } from '@backlay/domain';
import { useState } from 'react';
import { formatAmount, formatCompactTime, formatDateTime } from '../../../lib/format';
import { marketTypeLabel } from '../../../lib/market-type-label';
import { Tabs } from '../../../ui/tabs';
import styles from './bets-table.module.css';

export const NO_DATA = 'No data available';

type BetTab = 'all' | 'match' | 'fancy';

const isFancy = (bet: BetListItem) => bet.MarketType === 'FANCY';

const TAB_BETS: Record<BetTab, (bet: BetListItem) => boolean> = {
  all: () => true,
  match: (bet) => !isFancy(bet),
  fancy: isFancy,
};

const COLUMNS = ['No.', 'Runner', 'Odds', 'Stack', 'Bet Type', 'Market Type', 'Time'] as const;

/**
 * The event's bets (SPEC §2): tabs All, Match Bets and Fancy Bets, each with its count; columns
 * No., Runner, Odds (fancy as `line (rate)`), Stack, Bet Type, Market Type (as a reader names it)
 * and Time (compact: today's bets by the clock alone); a No or Lay row is styled lay, any other
 * back; 'No data available' when a tab is empty. Words wrap between words, never inside one.
 */
export function BetsTable({ bets }: { bets: readonly BetListItem[] }) {
  const [tab, setTab] = useState<BetTab>('all');
  const count = (key: BetTab) => bets.filter(TAB_BETS[key]).length;
  const shown = bets.filter(TAB_BETS[tab]);
  return (
    <section className={styles.bets} aria-label="Bets">
      <Tabs
        label="Bets"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'all', label: `All (${count('all')})` },
          { key: 'match', label: `Match Bets (${count('match')})` },
          { key: 'fancy', label: `Fancy Bets (${count('fancy')})` },
        ]}
      >
        <table className={styles.table}>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className={styles.empty}>
                  {NO_DATA}
                </td>
              </tr>
            ) : (
              shown.map((bet, index) => (
                <tr
                  key={`${bet.createdOn}-${bet.SelectionID}-${index}`}
                  className={betRowIsLay(bet.BetType) ? styles.lay : styles.back}
                  data-side={betRowIsLay(bet.BetType) ? 'lay' : 'back'}
                >
                  <td>{index + 1}</td>
                  <td className={styles.runner}>{bet.SelectionName}</td>
                  <td>{betOddsDisplay(bet)}</td>
                  <td>{formatAmount(bet.Stack)}</td>
                  <td>{bet.BetType}</td>
                  <td className={styles.marketType}>{marketTypeLabel(bet.MarketType)}</td>
                  <td className={styles.time}>
                    <time dateTime={bet.createdOn} title={formatDateTime(bet.createdOn)}>
                      {formatCompactTime(bet.createdOn)}
                    </time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Tabs>
    </section>
  );
}
