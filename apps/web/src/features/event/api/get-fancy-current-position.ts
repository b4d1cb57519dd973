import { getFancyCurrentPosition } from '@backlay/contract/bets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { eventKeys } from '../query-keys';

export const fancyCurrentPositionQuery = (eventId: string, selectionId: string) =>
  queryOptions({
    queryKey: eventKeys.fancyLadder(eventId, selectionId),
    queryFn: ({ signal }) =>
      callApi(getFancyCurrentPosition, { query: { selectionId, marketId: eventId }, signal }),
  });

/** A fancy runner's run ladder (RunValue, Pl), read when its position modal opens. */
export function useFancyCurrentPosition(eventId: string, selectionId: string) {
  return useQuery(fancyCurrentPositionQuery(eventId, selectionId));
}
