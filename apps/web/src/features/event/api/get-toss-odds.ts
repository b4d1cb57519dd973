import { getTossOdds } from '@backlay/contract/markets/client';
import type { MarketBookWire } from '@backlay/contract/markets';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { seqListMerge } from '../../../lib/seq-merge';
import { answered, priceStoreOf } from '../price-store';
import { eventKeys } from '../query-keys';

const byMarketId = (book: MarketBookWire) => book.marketId;
import { oddsPollMs } from './polling';

export const tossOddsQuery = (eventId: string, marketId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.toss(eventId, marketId),
    queryFn: async (context) =>
      answered(
        context,
        await callApi(getTossOdds, { query: { marketids: marketId }, signal: context.signal }),
        (previous, next) => seqListMerge(previous, next, byMarketId),
      ),
    refetchInterval: oddsPollMs,
    structuralSharing: false,
    select: (answer): MarketBookWire | null =>
      answer.Status ? (answer.Result.find((book) => book.marketId === marketId) ?? null) : null,
    enabled: isEnabled,
  });

/**
 * Reads the toss market's book (`<EventId>T`) every 2 s; for sport 4 (docs/product.md#states). The caller does
 * not render on an answer: the tables read it from the price store (boards.ts).
 */
export function useTossOdds(eventId: string, marketId: string, isEnabled: boolean): void {
  useQuery({ ...tossOddsQuery(eventId, marketId, isEnabled), notifyOnChangeProps: [] });
}

/**
 * A pushed toss book (hub UpdateMarketOdds) into the toss odds in the price store, by Seq: an
 * older push leaves the held book; nothing is written before the first answer or after a refusal.
 */
export function tossOddsPut(queryClient: QueryClient, eventId: string, book: MarketBookWire): void {
  priceStoreOf(queryClient).patch(
    tossOddsQuery(eventId, book.marketId, true).queryKey,
    (answer) => {
      if (!answer?.Status) return undefined;
      const held = answer.Result;
      const next = held.some((item) => item.marketId === book.marketId)
        ? held.map((item) => (item.marketId === book.marketId ? book : item))
        : [...held, book];
      const Result = seqListMerge(held, next, byMarketId);
      return Result === held ? undefined : { ...answer, Result: [...Result] };
    },
  );
}
