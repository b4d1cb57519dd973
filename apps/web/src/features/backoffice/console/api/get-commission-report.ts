import { agentCommissionReport } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type AgentCommissionQuery = ApiQuery<typeof agentCommissionReport>;
export type AgentCommissionRow = Extract<
  ApiAnswer<typeof agentCommissionReport>,
  { Status: true }
>['Result']['clients'][number];

/**
 * One page of the match and session commission paid to each client of the caller's subtree, and
 * the caller's bearing of it (docs/agents.md#commission, #reads).
 */
export const agentCommissionQuery = (query: AgentCommissionQuery) =>
  queryOptions({
    queryKey: consoleKeys.commission(query),
    queryFn: async ({ signal }) =>
      answered(await callApi(agentCommissionReport, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAgentCommission(query: AgentCommissionQuery) {
  return useQuery(agentCommissionQuery(query));
}
