import type { MyMarket } from '../../features/reports/components/my-markets';
import type { BetsOf } from '../../features/reports/components/betting-history';
import type { ReportLink } from '../../features/reports/report-link';
import type { MatchBetEntry } from '@backlay/contract/reports';
import { MARKET_TYPES } from '@backlay/domain';
import { paths } from '../paths';
import type { MarketRouteState } from './market-link';

/**
 * The router state `/betting_history/{marketid}/{userId}` is opened with (docs/product.md#screens). The same
 * three go in the query (`?eventid=&selectionId=&marketType=`), so the page works from its URL
 * alone (docs/decisions.md#silent-rules); the state is only read first.
 */
export interface BettingHistoryState {
  readonly eventid: string;
  readonly SelectionID: string | null;
  readonly marketType: MatchBetEntry['marketType'];
}

/**
 * The state a P/L row opens `/showmatchbet` with: the listing's filters for Back, and the event's
 * name for the title. An optimisation only: the page works from its URL (docs/decisions.md#silent-rules).
 */
export interface ShowMatchBetState {
  readonly backSearch: string;
  readonly eventName: string;
}

export function showMatchBetStateOf(state: unknown): ShowMatchBetState {
  const candidate = state as Partial<ShowMatchBetState> | null;
  const search = candidate?.backSearch;
  const name = candidate?.eventName;
  return {
    backSearch: typeof search === 'string' && search.startsWith('?') ? search : '',
    eventName: typeof name === 'string' ? name : '',
  };
}

/** A P/L row opens the event's per-market results, remembering the listing's filters. */
export function showMatchBetLink(
  eventId: number,
  eventName: string,
  backSearch: string,
): ReportLink {
  const state: ShowMatchBetState = { backSearch, eventName };
  return { to: paths.showMatchBet.href(eventId), state };
}

/** A market of the show-bet page opens its bets: the path, the query and the state. */
export function bettingHistoryLink(entry: MatchBetEntry, eventId: string): ReportLink {
  const state: BettingHistoryState = {
    eventid: eventId,
    SelectionID: entry.Selectionid,
    marketType: entry.marketType,
  };
  const search = new URLSearchParams({ eventid: eventId });
  if (entry.Selectionid !== null) search.set('selectionId', entry.Selectionid);
  search.set('marketType', entry.marketType);
  return {
    to: {
      pathname: paths.bettingHistory.href(entry.marketId, entry.userId),
      search: `?${search.toString()}`,
    },
    state,
  };
}

/**
 * What the betting history page shows, from its state or else its query: the event (for Back)
 * and the market or session whose bets to ask for; null when the market type is missing or a
 * session has no selection id.
 */
export function bettingHistoryOf(
  marketId: string,
  state: unknown,
  search: URLSearchParams,
): { eventId: string | null; of: BetsOf | null } {
  const fromState = state as Partial<BettingHistoryState> | null;
  const text = (value: unknown, fallback: string | null) =>
    typeof value === 'string' && value !== '' ? value : fallback;
  const eventId = text(fromState?.eventid, search.get('eventid'));
  const selectionId = text(fromState?.SelectionID, search.get('selectionId'));
  const named = text(fromState?.marketType, search.get('marketType'));
  const marketType = MARKET_TYPES.find((type) => type === named);
  if (marketType === undefined) return { eventId, of: null };
  if (marketType === 'FANCY') {
    // docs/decisions.md#api: a session's bets belong to the event; the show-bet row's marketId is its id.
    const fancyEvent = eventId ?? marketId;
    return {
      eventId: fancyEvent,
      of: selectionId === null ? null : { marketType: 'FANCY', eventId: fancyEvent, selectionId },
    };
  }
  return { eventId, of: { marketType, marketId } };
}

/** A my-market row opens its event screen with the names it is titled by (docs/product.md#screens). */
export function myMarketLink(market: MyMarket): ReportLink {
  const state: MarketRouteState = { seriesName: market.SeriesName, matchName: market.MarketName };
  return { to: paths.market.href(market.SportsId, market.EventId), state };
}
