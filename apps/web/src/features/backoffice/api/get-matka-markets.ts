import { boMatkaMarkets } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** Matka markets of the last days with their results and totals. */
export const matkaMarketsQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.matka(),
    queryFn: async ({ signal }) => answered(await callApi(boMatkaMarkets, { signal })).Result,
  });

export function useMatkaMarkets() {
  return useQuery(matkaMarketsQuery());
}
