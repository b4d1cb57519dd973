import { getCustomFancy } from '@backlay/contract/markets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { answered } from '../price-store';
import { eventKeys } from '../query-keys';
import type { OperatorFancyRow } from './get-active-fancy';

const NONE: readonly OperatorFancyRow[] = [];

export const customFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.customFancy(eventId),
    queryFn: async (context) =>
      answered(
        context,
        await callApi(getCustomFancy, { query: { MarketId: eventId }, signal: context.signal }),
      ),
    structuralSharing: false,
    select: (answer) => (answer.Status ? answer.Result : NONE),
    enabled: isEnabled,
  });

/**
 * Reads the event's custom fancy rows (they override prices and GameStatus) on entry. The caller
 * does not render on an answer: the fancy table reads it from the price store (boards.ts).
 */
export function useCustomFancy(eventId: string, isEnabled: boolean): void {
  useQuery({ ...customFancyQuery(eventId, isEnabled), notifyOnChangeProps: [] });
}
