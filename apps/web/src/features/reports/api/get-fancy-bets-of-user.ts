import { getFancyBetsOfUser } from '@backlay/contract/reports/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { reportKeys } from '../query-keys';

/**
 * docs/product.md#calls fancy bet history: the client's bets on one session. `eventId` goes as `marketId`
 * (docs/decisions.md#api: fancy bets belong to the event), `selectionId` is `<EventId>-<n>`.
 */
export const fancyBetsOfUserQuery = (eventId: string, userId: string, selectionId: string) =>
  queryOptions({
    queryKey: reportKeys.fancyBets(eventId, userId, selectionId),
    queryFn: async ({ signal }) =>
      answered(
        await callApi(getFancyBetsOfUser, {
          query: { marketId: eventId, userId, selectionId },
          signal,
        }),
      ).Result,
  });

export function useFancyBetsOfUser(
  eventId: string,
  userId: string,
  selectionId: string,
  enabled: boolean,
) {
  return useQuery({ ...fancyBetsOfUserQuery(eventId, userId, selectionId), enabled });
}
