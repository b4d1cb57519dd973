import { agentStatement } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type AgentStatementQuery = ApiQuery<typeof agentStatement>;
export type AgentStatementRow = Extract<
  ApiAnswer<typeof agentStatement>,
  { Status: true }
>['Result']['rows'][number];

/**
 * One page of the account statement of the caller or of a user below it, oldest first, with the
 * running balance (docs/agents.md#reads).
 */
export const agentStatementQuery = (query: AgentStatementQuery) =>
  queryOptions({
    queryKey: consoleKeys.statement(query),
    queryFn: async ({ signal }) =>
      answered(await callApi(agentStatement, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAgentStatement(query: AgentStatementQuery) {
  return useQuery(agentStatementQuery(query));
}
