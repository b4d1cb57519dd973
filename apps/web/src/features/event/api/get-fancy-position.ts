import { getFancyPosition } from '@backlay/contract/bets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { eventKeys } from '../query-keys';
import { MATCHED_BETS_POLL_MS } from './polling';

export type FancyPositions = ReadonlyMap<string, number>;

const NONE: FancyPositions = new Map();

export const fancyPositionQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.fancyPosition(eventId),
    queryFn: ({ signal }) => callApi(getFancyPosition, { query: { marketId: eventId }, signal }),
    refetchInterval: pollEvery(MATCHED_BETS_POLL_MS),
    select: (answer): FancyPositions =>
      answer.Status ? new Map(answer.Result.map((row) => [row.SelectionId, row.Position])) : NONE,
    enabled: isEnabled,
  });

/** The client's position on each fancy runner of the event, by SelectionId. */
export function useFancyPosition(eventId: string, isEnabled: boolean) {
  return useQuery(fancyPositionQuery(eventId, isEnabled));
}
