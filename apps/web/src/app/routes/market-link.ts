import type { MarketListItem } from '@backlay/contract/markets';
import type { MarketLink } from '../../features/markets/components/market-row';
import { paths } from '../paths';

/**
 * The router state the event route is opened with (docs/product.md#screens). An optimisation only: the event
 * route renders from its URL alone (docs/decisions.md#silent-rules).
 */
export interface MarketRouteState {
  readonly seriesName: string;
  readonly matchName: string;
}

/** True when router state carries the event's names. */
export function isMarketRouteState(state: unknown): state is MarketRouteState {
  const candidate = state as Partial<MarketRouteState> | null;
  return typeof candidate?.seriesName === 'string' && typeof candidate.matchName === 'string';
}

/** Where a market of a list leads: `/market/{sportId}/{eventId}` with its names as state. */
export function marketLink(market: MarketListItem): MarketLink {
  const state: MarketRouteState = { seriesName: market.SeriesName, matchName: market.MarketName };
  return { to: paths.market.href(market.SportsId, market.EventId), state };
}
