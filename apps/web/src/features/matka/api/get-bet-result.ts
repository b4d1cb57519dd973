import { getMatkaBetResult } from '@backlay/contract/matka/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { matkaKeys } from '../query-keys';

/** docs/product.md#calls matka: the drawn or declared results, newest first. */
export const matkaResultsQuery = () =>
  queryOptions({
    queryKey: matkaKeys.results(),
    queryFn: async ({ signal }) => answered(await callApi(getMatkaBetResult, { signal })).Result,
  });

export function useMatkaResults() {
  return useQuery(matkaResultsQuery());
}
