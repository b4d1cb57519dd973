import { operatorMe } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** The operator of this session, as the server knows them: a 401 ends a stale login at once. */
export const operatorQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.operator(),
    queryFn: async ({ signal }) => answered(await callApi(operatorMe, { signal })).Result,
    staleTime: 60_000,
  });

export function useOperator() {
  return useQuery(operatorQuery());
}
