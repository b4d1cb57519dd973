import { getBmFancy } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { seqAnswerMerge, seqNewer } from '../../../lib/seq-merge';
import { eventKeys } from '../query-keys';
import { ODDS_POLL_MS } from './polling';

type BmFancyAnswer = z.infer<typeof getBmFancy.response>;
export type BmFancy = Extract<BmFancyAnswer, { Status: true }>['Result'];

export const bmFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.bmFancy(eventId),
    queryFn: ({ signal }) => callApi(getBmFancy, { params: { eventId }, signal }),
    refetchInterval: ODDS_POLL_MS,
    structuralSharing: seqAnswerMerge<BmFancy>(seqNewer),
    select: (answer): BmFancy | null => (answer.Status ? answer.Result : null),
    enabled: isEnabled,
  });

/** The event's bookmaker and fancy rates (feed rows), every 2 s; for sport 4 (SPEC §4). */
export function useBmFancy(eventId: string, isEnabled: boolean) {
  return useQuery(bmFancyQuery(eventId, isEnabled));
}
