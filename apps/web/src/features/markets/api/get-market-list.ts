import { getMarketList } from '@backlay/contract/markets/client';
import type { MarketListItem } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { marketKeys } from '../query-keys';

/**
 * The list is polled so new events and in-play changes appear without a reload; the spec polls
 * only rates (docs/product.md#constants), so this slower interval is ours (the hub's UpdateMarketList comes later).
 */
export const MARKET_LIST_POLL_MS = 30_000;

/** docs/product.md#entities, #constants: MarketStatus 1 means in play. */
export const IN_PLAY = 1;

/** `0` means every sport (docs/decisions.md#api). */
export type SportsId = 0 | 1 | 2 | 4;

const EMPTY: readonly MarketListItem[] = [];

export const marketListQuery = (sportsId: SportsId) =>
  queryOptions({
    queryKey: marketKeys.list(sportsId),
    queryFn: ({ signal }) =>
      callApi(getMarketList, { query: { sportsId: String(sportsId) as `${SportsId}` }, signal }),
    refetchInterval: pollEvery(MARKET_LIST_POLL_MS),
    select: (answer): readonly MarketListItem[] => (answer.Status ? answer.Result : EMPTY),
  });

/** The open events of a sport (0 = every sport), in play first as the server orders them. */
export function useMarketList(sportsId: SportsId) {
  return useQuery(marketListQuery(sportsId));
}

/** True for a sport id the market list accepts. */
export function isSportsId(value: number): value is SportsId {
  return value === 0 || value === 1 || value === 2 || value === 4;
}
