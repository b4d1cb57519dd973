import { getMatkaProfitLoss } from '@backlay/contract/matka/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { matkaKeys } from '../query-keys';

export type MatkaProfitLossQuery = ApiQuery<typeof getMatkaProfitLoss>;

/** docs/product.md#calls matka profit and loss: one page of results per market, newest first, with the count. */
export const matkaProfitLossQuery = (query: MatkaProfitLossQuery) =>
  queryOptions({
    queryKey: matkaKeys.profitLoss(query),
    queryFn: async ({ signal }) => answered(await callApi(getMatkaProfitLoss, { query, signal })),
    placeholderData: keepPreviousData,
  });

export function useMatkaProfitLoss(query: MatkaProfitLossQuery) {
  return useQuery(matkaProfitLossQuery(query));
}
