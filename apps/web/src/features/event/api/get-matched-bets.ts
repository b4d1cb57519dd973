import { getMatchedBets } from '@backlay/contract/bets/client';
import type { BetListItem } from '@backlay/contract/bets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { eventKeys } from '../query-keys';
import { MATCHED_BETS_POLL_MS } from './polling';

const NONE: readonly BetListItem[] = [];

/** docs/decisions.md#api: matched bets are asked for by the event id (the spec's `marketId`). */
export const matchedBetsQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.matchedBets(eventId),
    queryFn: ({ signal }) => callApi(getMatchedBets, { query: { marketId: eventId }, signal }),
    refetchInterval: pollEvery(MATCHED_BETS_POLL_MS),
    select: (answer) => (answer.Status ? answer.Result : NONE),
  });

/** The client's bets on the event, newest first, on entry and every 60 s. */
export function useMatchedBets(eventId: string) {
  return useQuery(matchedBetsQuery(eventId));
}
