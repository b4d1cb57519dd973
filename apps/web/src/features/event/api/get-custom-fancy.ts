import { getCustomFancy } from '@backlay/contract/markets';
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

/** The event's custom fancy rows (they override prices and GameStatus), loaded on entry. */
export function useCustomFancy(eventId: string, isEnabled: boolean) {
  return useQuery(customFancyQuery(eventId, isEnabled));
}
