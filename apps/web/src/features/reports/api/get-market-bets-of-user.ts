import { getMarketBetsOfUser } from '@backlay/contract/reports/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { reportKeys } from '../query-keys';

/** docs/product.md#calls account bet history: the client's bets on one match odds, bookmaker or toss market. */
export const marketBetsOfUserQuery = (marketId: string, userId: string) =>
  queryOptions({
    queryKey: reportKeys.marketBets(marketId, userId),
    queryFn: async ({ signal }) =>
      answered(
        await callApi(getMarketBetsOfUser, {
          query: { marketId, role: 'Client', userId },
          signal,
        }),
      ).Result,
  });

export function useMarketBetsOfUser(marketId: string, userId: string, enabled: boolean) {
  return useQuery({ ...marketBetsOfUserQuery(marketId, userId), enabled });
}
