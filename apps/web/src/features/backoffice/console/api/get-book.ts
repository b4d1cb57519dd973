import { agentBook } from '@backlay/contract/agents/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer } from '../../../../lib/api';
import { RISK_POLL_MS, RISK_SAFETY_POLL_MS } from '../../api/get-risk-book';
import { consoleKeys } from '../query-keys';

/** The live book of the caller's subtree (docs/agents.md#reads "Live book"). */
export type AgentBook = Extract<ApiAnswer<typeof agentBook>, { Status: true }>['Result'];
export type AgentBookMarket = AgentBook['markets'][number];
export type AgentBookSession = AgentBook['fancy'][number];

/**
 * As the risk screen does (docs/backoffice.md#live-risk): every second without the hub, every
 * 10 s as a safety net while `RiskChanged` reads it again.
 */
export const BOOK_POLL_MS = RISK_POLL_MS;
export const BOOK_SAFETY_POLL_MS = RISK_SAFETY_POLL_MS;

export const agentBookQuery = (isHubConnected = false) =>
  queryOptions({
    queryKey: consoleKeys.book(),
    queryFn: async ({ signal }) => answered(await callApi(agentBook, { signal })).Result,
    refetchInterval: isHubConnected ? BOOK_SAFETY_POLL_MS : BOOK_POLL_MS,
  });

export function useAgentBook(isHubConnected = false) {
  return useQuery(agentBookQuery(isHubConnected));
}

/** The events where the subtree has open bets, by name, read once (a filter's choices). */
export function useBookEvents() {
  return useQuery({
    ...agentBookQuery(),
    refetchInterval: false,
    select: (book) => {
      const names = new Map<number, string>();
      for (const row of [...book.markets, ...book.fancy]) names.set(row.eventId, row.eventName);
      return [...names].map(([eventId, eventName]) => ({ eventId, eventName }));
    },
  });
}
