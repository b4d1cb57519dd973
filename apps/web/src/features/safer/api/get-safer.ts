import { getSafer } from '@backlay/contract/safer/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { saferKeys } from '../query-keys';

/**
 * The client's limits, what is left of them and the reality check (docs/safer-gambling.md). One
 * cached answer serves the page, the reality check and the bet slip's line; it is asked again
 * after a bet and whenever the balance changes (app/safer-refresh.ts), and replaced by the
 * answer of every change the client makes.
 */
export const saferQuery = () =>
  queryOptions({
    queryKey: saferKeys.settings(),
    queryFn: async ({ signal }) => answered(await callApi(getSafer, { signal })).Result,
  });

export function useSaferSettings() {
  return useQuery(saferQuery());
}
