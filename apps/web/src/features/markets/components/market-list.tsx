import type { MarketListItem } from '@backlay/contract/markets';
import { useMemo } from 'react';
import { PleaseWait } from '../../../ui/please-wait';
import { useRates } from '../api/get-rates';
import { MarketRow, type MarketLink } from './market-row';
import styles from './market-list.module.css';

export const NO_DATA = 'No data available';

/** docs/product.md#purpose: soccer (1) has three runners, home, away and the draw; the others two. */
export function columnLabels(sportId: number): readonly string[] {
  return sportId === 1 ? ['1', 'X', '2'] : ['1', '2'];
}

/**
 * A list of markets with live first back and lay prices, polled every 5 s for exactly the
 * listed market ids (docs/product.md#screens /inplay and /match/{sportId}).
 */
export function MarketList({
  markets,
  sportId,
  isLoading,
  marketLink,
}: {
  markets: readonly MarketListItem[];
  sportId: number;
  isLoading: boolean;
  /** Must be stable (module level or memoised): rows are memoised on it. */
  marketLink: (market: MarketListItem) => MarketLink;
}) {
  const marketIds = useMemo(() => markets.map((market) => market.MarketId), [markets]);
  const rates = useRates(marketIds);
  const labels = columnLabels(sportId);

  if (isLoading) return <PleaseWait />;
  if (markets.length === 0) return <p className={styles.empty}>{NO_DATA}</p>;
  return (
    <div className={styles.list}>
      <div className={styles.head} aria-hidden="true">
        <span className={styles.headEvent}>Match</span>
        <span className={styles.odds} data-columns={labels.length}>
          {labels.map((label) => (
            <span key={label} className={styles.headPair}>
              <span className={styles.headLabel}>{label}</span>
              <span className={styles.headSide}>Back</span>
              <span className={styles.headSide}>Lay</span>
            </span>
          ))}
        </span>
      </div>
      <ul className={styles.rows}>
        {markets.map((market) => (
          <MarketRow
            key={market.MarketId}
            market={market}
            book={rates.data?.get(market.MarketId)}
            columns={labels.length}
            marketLink={marketLink}
          />
        ))}
      </ul>
    </div>
  );
}
