import { getMatchBet } from '@backlay/contract/reports/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { reportKeys } from '../query-keys';

/** docs/product.md#calls match bet: the client's result on each settled market and session of an event. */
export const matchBetQuery = (eventId: string, uid: string) =>
  queryOptions({
    queryKey: reportKeys.matchBets(eventId),
    queryFn: async ({ signal }) =>
      answered(
        await callApi(getMatchBet, { query: { marketId: eventId, role: 'Client', uid }, signal }),
      ).Result,
  });

export function useMatchBet(eventId: string, uid: string) {
  return useQuery(matchBetQuery(eventId, uid));
}
