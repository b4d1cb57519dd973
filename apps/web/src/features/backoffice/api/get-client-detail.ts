import { boClientDetail } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** A client's wallet, exposure per market, latest statement rows and bets. */
export const clientDetailQuery = (clientId: string) =>
  queryOptions({
    queryKey: backofficeKeys.client(clientId),
    queryFn: async ({ signal }) =>
      answered(await callApi(boClientDetail, { params: { clientId }, signal })).Result,
  });

export function useClientDetail(clientId: string) {
  return useQuery(clientDetailQuery(clientId));
}
