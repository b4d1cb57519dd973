import { getSessionSummary } from '@backlay/contract/safer/client';
import { useQuery } from '@tanstack/react-query';
import { answered, callApi } from '../../../lib/api';
import { saferKeys } from '../query-keys';

/**
 * This session's time, bets and net result, asked when a reality check opens (`dueAt`, null while
 * none is open) and not kept after it closes.
 */
export function useSessionSummary(dueAt: number | null) {
  return useQuery({
    queryKey: saferKeys.session(dueAt ?? 0),
    queryFn: async ({ signal }) => answered(await callApi(getSessionSummary, { signal })).Result,
    enabled: dueAt !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
