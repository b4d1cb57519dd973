import { getUserBook } from '@backlay/contract/bets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { eventKeys } from '../query-keys';

export const userBookQuery = (eventId: string, marketId: string, uid: string) =>
  queryOptions({
    queryKey: eventKeys.userBook(eventId, marketId, uid),
    queryFn: ({ signal }) => callApi(getUserBook, { query: { marketId, uid }, signal }),
  });

/** The per-user book of a market (the caller's own), read when the user book modal opens. */
export function useUserBook(eventId: string, marketId: string, uid: string) {
  return useQuery(userBookQuery(eventId, marketId, uid));
}
