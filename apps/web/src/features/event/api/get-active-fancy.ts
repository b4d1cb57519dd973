import { getActiveFancy } from '@backlay/contract/markets/client';
import type { operatorFancyRow } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { answered } from '../price-store';
import { eventKeys } from '../query-keys';

export type OperatorFancyRow = z.infer<typeof operatorFancyRow>;

const NONE: readonly OperatorFancyRow[] = [];

export const activeFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.activeFancy(eventId),
    queryFn: async (context) =>
      answered(
        context,
        await callApi(getActiveFancy, { query: { MarketId: eventId }, signal: context.signal }),
      ),
    structuralSharing: false,
    select: (answer) => (answer.Status ? answer.Result : NONE),
    enabled: isEnabled,
  });

/**
 * Reads the event's active fancy rows (own min and max) on entry (docs/product.md#states). The caller does not
 * render on an answer: the fancy table reads it from the price store (boards.ts).
 */
export function useActiveFancy(eventId: string, isEnabled: boolean): void {
  useQuery({ ...activeFancyQuery(eventId, isEnabled), notifyOnChangeProps: [] });
}
