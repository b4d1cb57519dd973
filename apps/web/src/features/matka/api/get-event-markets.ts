import { getMatkaEventMarkets } from '@backlay/contract/matka/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { matkaKeys } from '../query-keys';

/** docs/product.md#calls matka: the games with their current market, in schedule order. */
export const matkaGamesQuery = () =>
  queryOptions({
    queryKey: matkaKeys.games(),
    queryFn: async ({ signal }) => answered(await callApi(getMatkaEventMarkets, { signal })).Result,
    // Open and closed change with the clock: look again every minute.
    refetchInterval: 60_000,
  });

export function useMatkaGames() {
  return useQuery(matkaGamesQuery());
}
