import { getMatkaMyBets } from '@backlay/contract/matka/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { matkaKeys } from '../query-keys';

/** docs/product.md#calls matka: the client's bets of one market (its Mid), newest first. */
export const matkaMyBetsQuery = (mid: string) =>
  queryOptions({
    queryKey: matkaKeys.myBets(mid),
    queryFn: async ({ signal }) =>
      answered(await callApi(getMatkaMyBets, { query: { Mid: mid, uid: '0' }, signal })).Result,
  });

export function useMatkaMyBets(mid: string) {
  return useQuery(matkaMyBetsQuery(mid));
}
