import { agentPl } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type AgentPlQuery = ApiQuery<typeof agentPl>;
export type AgentPlMarketRow = Extract<
  ApiAnswer<typeof agentPl>,
  { Status: true }
>['Result']['markets'][number];

/** One page of the caller's P/L by market, and the range's totals (docs/agents.md#reads). */
export const agentPlQuery = (query: AgentPlQuery) =>
  queryOptions({
    queryKey: consoleKeys.pl(query),
    queryFn: async ({ signal }) => answered(await callApi(agentPl, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAgentPl(query: AgentPlQuery) {
  return useQuery(agentPlQuery(query));
}
