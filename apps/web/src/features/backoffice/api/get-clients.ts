import { boClients } from '@backlay/contract/backoffice/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

export type ClientsQuery = ApiQuery<typeof boClients>;

/** One page of clients, searched by username. */
export const clientsQuery = (query: ClientsQuery) =>
  queryOptions({
    queryKey: backofficeKeys.clientList(query),
    queryFn: async ({ signal }) => answered(await callApi(boClients, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useClients(query: ClientsQuery) {
  return useQuery(clientsQuery(query));
}
