import type { MarketListItem } from '@backlay/contract/markets';
import { IN_PLAY } from './api/get-market-list';

export interface SeriesNode {
  readonly seriesName: string;
  readonly markets: readonly MarketListItem[];
}

/**
 * The sidebar's tree of one sport (docs/product.md#screens Layout): its series, each with its markets, in the
 * order the list gives them (in play first).
 */
export function marketTree(markets: readonly MarketListItem[], sportId: number): SeriesNode[] {
  const bySeries = new Map<string, MarketListItem[]>();
  for (const market of markets) {
    if (market.SportsId !== sportId) continue;
    const series = bySeries.get(market.SeriesName);
    if (series) series.push(market);
    else bySeries.set(market.SeriesName, [market]);
  }
  return [...bySeries].map(([seriesName, list]) => ({ seriesName, markets: list }));
}

/** The markets in play (MarketStatus 1, docs/product.md#entities), optionally of one sport. */
export function inPlayMarkets(
  markets: readonly MarketListItem[],
  sportId?: number,
): MarketListItem[] {
  return markets.filter(
    (market) =>
      market.MarketStatus === IN_PLAY && (sportId === undefined || market.SportsId === sportId),
  );
}
