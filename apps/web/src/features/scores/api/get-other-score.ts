import { getOtherScore } from '@backlay/contract/scores/client';
import type { OtherScoreWire } from '@backlay/contract/scores';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { scoreKeys, type OtherSportId } from '../query-keys';
import { SCORE_POLL_MS } from './get-cricket-score';

export const otherScoreQuery = (sportId: OtherSportId, eventId: string) =>
  queryOptions({
    queryKey: scoreKeys.other(sportId, eventId),
    queryFn: ({ signal }) => callApi(getOtherScore, { params: { sportId, eventId }, signal }),
    refetchInterval: pollEvery(SCORE_POLL_MS),
    // An empty list before the start: the panel then shows nothing.
    select: (answer): OtherScoreWire | null => (answer.Status ? (answer.Result[0] ?? null) : null),
  });

/** The tennis or soccer score of an event, polled every 5 s. */
export function useOtherScore(sportId: OtherSportId, eventId: string) {
  return useQuery(otherScoreQuery(sportId, eventId));
}
