import { getProfitLoss } from '@backlay/contract/reports/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { reportKeys } from '../query-keys';

export type ProfitLossQuery = ApiQuery<typeof getProfitLoss>;

/** docs/product.md#calls profit and loss: one page of results per event, newest first, with the count. */
export const profitLossQuery = (query: ProfitLossQuery) =>
  queryOptions({
    queryKey: reportKeys.profitLoss(query),
    queryFn: async ({ signal }) => answered(await callApi(getProfitLoss, { query, signal })),
    placeholderData: keepPreviousData,
  });

export function useProfitLoss(query: ProfitLossQuery) {
  return useQuery(profitLossQuery(query));
}
