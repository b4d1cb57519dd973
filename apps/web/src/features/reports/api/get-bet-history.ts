import { getBetHistory } from '@backlay/contract/reports/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { reportKeys } from '../query-keys';

export type BetHistoryQuery = ApiQuery<typeof getBetHistory>;

/** docs/product.md#calls bet history: one page of the bets placed in the range, newest first, with the count. */
export const betHistoryQuery = (query: BetHistoryQuery) =>
  queryOptions({
    queryKey: reportKeys.betHistory(query),
    queryFn: async ({ signal }) => answered(await callApi(getBetHistory, { query, signal })),
    placeholderData: keepPreviousData,
  });

export function useBetHistory(query: BetHistoryQuery) {
  return useQuery(betHistoryQuery(query));
}
