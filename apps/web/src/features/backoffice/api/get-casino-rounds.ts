import { boCasinoRounds } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** Casino rounds still open (their stake held), oldest first. */
export const casinoRoundsQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.casinoRounds(),
    queryFn: async ({ signal }) => answered(await callApi(boCasinoRounds, { signal })).Result,
  });

export function useCasinoRounds() {
  return useQuery(casinoRoundsQuery());
}
