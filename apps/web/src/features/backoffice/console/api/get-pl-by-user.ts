import { agentPlByUser } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type AgentPlByUserQuery = ApiQuery<typeof agentPlByUser>;
export type AgentPlUserRow = Extract<
  ApiAnswer<typeof agentPlByUser>,
  { Status: true }
>['Result']['users'][number];

/**
 * One page of the P/L of each direct child of the caller (or of `parent` below it) with its
 * subtree, and the range's totals (docs/agents.md#reads).
 */
export const agentPlByUserQuery = (query: AgentPlByUserQuery) =>
  queryOptions({
    queryKey: consoleKeys.plByUser(query),
    queryFn: async ({ signal }) => answered(await callApi(agentPlByUser, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAgentPlByUser(query: AgentPlByUserQuery) {
  return useQuery(agentPlByUserQuery(query));
}
