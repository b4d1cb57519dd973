import { getCustomBookmaker } from '@backlay/contract/markets/client';
import type { customBookmakerRow } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { answered } from '../price-store';
import { eventKeys } from '../query-keys';

export type CustomBookmakerWire = z.infer<typeof customBookmakerRow>;

const NONE: readonly CustomBookmakerWire[] = [];

/** docs/decisions.md#api: the custom bookmaker list is asked for by `<EventId>B`. */
export const customBookmakerQuery = (eventId: string, bookmakerId: string) =>
  queryOptions({
    queryKey: eventKeys.customBookmaker(eventId),
    queryFn: async (context) =>
      answered(
        context,
        await callApi(getCustomBookmaker, {
          query: { MarketId: bookmakerId },
          signal: context.signal,
        }),
      ),
    structuralSharing: false,
    select: (answer) => (answer.Status ? answer.Result : NONE),
  });

/**
 * Reads the event's custom bookmaker rows on entry (docs/product.md#states). The caller does not render on an
 * answer: the tables read it from the price store (boards.ts).
 */
export function useCustomBookmaker(eventId: string, bookmakerId: string): void {
  useQuery({ ...customBookmakerQuery(eventId, bookmakerId), notifyOnChangeProps: [] });
}
