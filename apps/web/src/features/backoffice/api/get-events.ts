import { boEvents } from '@backlay/contract/backoffice/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

/** Open and recent events with their markets, locks, suspensions and settlements. */
export const eventsQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.events(),
    queryFn: async ({ signal }) => answered(await callApi(boEvents, { signal })).Result,
  });

export function useEvents() {
  return useQuery(eventsQuery());
}
