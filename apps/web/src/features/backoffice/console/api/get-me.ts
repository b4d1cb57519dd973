import { agentMe } from '@backlay/contract/agents/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

/** The agent of this session as the server knows it: level, balance, shares, first-login state. */
export const agentMeQuery = () =>
  queryOptions({
    queryKey: consoleKeys.me(),
    queryFn: async ({ signal }) => answered(await callApi(agentMe, { signal })).Result,
    staleTime: 10_000,
  });

export function useAgentMe() {
  return useQuery(agentMeQuery());
}
