import { riskBook } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** The risk book is asked for every second while the screen is open. */
export const RISK_POLL_MS = 1000;

export const riskBookQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.risk(),
    queryFn: async ({ signal }) => answered(await callApi(riskBook, { signal })).Result,
    refetchInterval: RISK_POLL_MS,
  });

export function useRiskBook() {
  return useQuery(riskBookQuery());
}
