import { boAudit } from '@backlay/contract/backoffice/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { backofficeKeys } from '../query-keys';

export type AuditQuery = ApiQuery<typeof boAudit>;

/** One page of the operator audit log, newest first. */
export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: backofficeKeys.audit(query),
    queryFn: async ({ signal }) => answered(await callApi(boAudit, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useAudit(query: AuditQuery) {
  return useQuery(auditQuery(query));
}
