import { getActiveFancy, type operatorFancyRow } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { eventKeys } from '../query-keys';

export type OperatorFancyRow = z.infer<typeof operatorFancyRow>;

const NONE: readonly OperatorFancyRow[] = [];

export const activeFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.activeFancy(eventId),
    queryFn: ({ signal }) => callApi(getActiveFancy, { query: { MarketId: eventId }, signal }),
    select: (answer) => (answer.Status ? answer.Result : NONE),
    enabled: isEnabled,
  });

/** The event's active fancy rows (own min and max), loaded on entry (SPEC §4). */
export function useActiveFancy(eventId: string, isEnabled: boolean) {
  return useQuery(activeFancyQuery(eventId, isEnabled));
}
