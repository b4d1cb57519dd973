import { getCricketScore } from '@backlay/contract/scores/client';
import type { CricketScoreWire } from '@backlay/contract/scores';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { scoreKeys } from '../query-keys';

/** docs/product.md#constants: scores are polled every 5000 ms. */
export const SCORE_POLL_MS = 5000;

export const cricketScoreQuery = (eventId: string) =>
  queryOptions({
    queryKey: scoreKeys.cricket(eventId),
    queryFn: ({ signal }) => callApi(getCricketScore, { params: { eventId }, signal }),
    refetchInterval: pollEvery(SCORE_POLL_MS),
    // null before the first ball (and on a refusal): the panel then shows nothing.
    select: (answer): CricketScoreWire | null => (answer.Status ? answer.Result : null),
  });

/** The cricket score of an event, polled every 5 s. */
export function useCricketScore(eventId: string) {
  return useQuery(cricketScoreQuery(eventId));
}
