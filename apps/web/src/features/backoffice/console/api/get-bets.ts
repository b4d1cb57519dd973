import { agentBets } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type AgentBetsQuery = ApiQuery<typeof agentBets>;
export type AgentOpenBet = Extract<
  ApiAnswer<typeof agentBets>,
  { Status: true }
>['Result']['bets'][number];

/** One page of the open bets of the caller's subtree, newest first (docs/agents.md#reads). */
export const agentBetsQuery = (query: AgentBetsQuery) =>
  queryOptions({
    queryKey: consoleKeys.bets(query),
    queryFn: async ({ signal }) => answered(await callApi(agentBets, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAgentBets(query: AgentBetsQuery) {
  return useQuery(agentBetsQuery(query));
}
