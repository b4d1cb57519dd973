import { getMyMarkets } from '@backlay/contract/markets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { reportKeys } from '../query-keys';

/** docs/product.md#calls my markets: the open markets the client has bets on, each runner's profit or loss. */
export const myMarketsQuery = () =>
  queryOptions({
    queryKey: reportKeys.myMarkets(),
    queryFn: async ({ signal }) => answered(await callApi(getMyMarkets, { signal })).Result,
  });

export function useMyMarkets() {
  return useQuery(myMarketsQuery());
}
