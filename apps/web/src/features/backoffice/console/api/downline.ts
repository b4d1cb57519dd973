import { agentDownline } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type DownlineQuery = ApiQuery<typeof agentDownline>;

/** One page of a downline: the breadcrumb from the agent down, the total and the rows. */
export type DownlineAnswer = Extract<ApiAnswer<typeof agentDownline>, { Status: true }>['Result'];

/** One direct child as the downline lists it (docs/agents.md#credit-reference). */
export type DownlineRow = DownlineAnswer['users'][number];

/**
 * The direct children of the agent, or of a user below it (`parent`), searched and paged; a user
 * outside the agent's subtree is a 404 "No user named …" (docs/agents.md#reads).
 */
export const downlineQuery = (query: DownlineQuery) =>
  queryOptions({
    queryKey: consoleKeys.downline(query),
    queryFn: async ({ signal }) => answered(await callApi(agentDownline, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useDownline(query: DownlineQuery) {
  return useQuery(downlineQuery(query));
}
