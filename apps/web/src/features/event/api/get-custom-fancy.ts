import { getCustomFancy } from '@backlay/contract/markets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { eventKeys } from '../query-keys';
import type { OperatorFancyRow } from './get-active-fancy';

const NONE: readonly OperatorFancyRow[] = [];

export const customFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.customFancy(eventId),
    queryFn: ({ signal }) => callApi(getCustomFancy, { query: { MarketId: eventId }, signal }),
    select: (answer) => (answer.Status ? answer.Result : NONE),
    enabled: isEnabled,
  });

/**
 * Reads the event's custom fancy rows (they override prices and GameStatus) on entry. The caller
 * does not render on an answer: the fancy table reads it from the cache (boards.ts).
 */
export function useCustomFancy(eventId: string, isEnabled: boolean): void {
  useQuery({ ...customFancyQuery(eventId, isEnabled), notifyOnChangeProps: [] });
}
