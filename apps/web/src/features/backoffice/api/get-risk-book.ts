import { riskBook } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** Without the hub the risk book is asked for every second while the screen is open. */
export const RISK_POLL_MS = 1000;
/** With the hub connected, `RiskChanged` reads it again; this poll is only the safety net. */
export const RISK_SAFETY_POLL_MS = 10_000;

export const riskBookQuery = (isHubConnected = false) =>
  queryOptions({
    queryKey: backofficeKeys.risk(),
    queryFn: async ({ signal }) => answered(await callApi(riskBook, { signal })).Result,
    refetchInterval: isHubConnected ? RISK_SAFETY_POLL_MS : RISK_POLL_MS,
  });

export function useRiskBook(isHubConnected = false) {
  return useQuery(riskBookQuery(isHubConnected));
}
