import { agentBookUsers } from '@backlay/contract/agents/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer } from '../../../../lib/api';
import { BOOK_POLL_MS, BOOK_SAFETY_POLL_MS } from './get-book';
import { consoleKeys } from '../query-keys';

/** One market's or session's user book (docs/agents.md#reads "Live book"). */
export type AgentUserBook = Extract<ApiAnswer<typeof agentBookUsers>, { Status: true }>['Result'];

export interface UserBookQuery {
  readonly marketId: string;
  readonly parent?: string | undefined;
}

/**
 * Under the book's key, so a `RiskChanged` that reads the book again reads this too; it polls as
 * the book does, but stops on a refusal (nothing open there, a user outside): the push still
 * reads it again.
 */
export const agentUserBookQuery = ({ marketId, parent }: UserBookQuery, isHubConnected = false) =>
  queryOptions({
    queryKey: consoleKeys.bookUsers({ marketId, parent }),
    queryFn: async ({ signal }) =>
      answered(
        await callApi(agentBookUsers, {
          params: { marketId },
          query: parent === undefined ? {} : { parent },
          signal,
        }),
      ).Result,
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : isHubConnected ? BOOK_SAFETY_POLL_MS : BOOK_POLL_MS,
  });

export function useAgentUserBook(query: UserBookQuery, isHubConnected = false) {
  return useQuery(agentUserBookQuery(query, isHubConnected));
}
