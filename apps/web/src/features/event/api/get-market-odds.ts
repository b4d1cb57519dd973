import { getMarketOdds } from '@backlay/contract/markets/client';
import type { exchangeBook } from '@backlay/contract/markets';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { seqRecordMerge } from '../../../lib/seq-merge';
import { answered, priceStoreOf } from '../price-store';
import { eventKeys } from '../query-keys';
import { oddsPollMs } from './polling';

export type ExchangeBook = z.infer<typeof exchangeBook>;
export type ExchangeBooks = Readonly<Record<string, ExchangeBook>>;

const NO_BOOKS: ExchangeBooks = {};

/**
 * The event's exchange and toss books, keyed by market id, as Odds/Market answers them for any
 * market of the event: asked by `marketId`, the one the event detail gives (`oddsMarketIdOf`,
 * never built from the event id: docs/architecture.md identifiers), and kept under the event, the
 * answer being the event's whichever market asked. Without an id (the detail not yet in), it is
 * only read from the cache.
 */
export const marketOddsQuery = (eventId: string, marketId?: string) =>
  queryOptions({
    queryKey: eventKeys.marketOdds(eventId),
    queryFn:
      marketId === undefined
        ? skipToken
        : async (context) =>
            answered(
              context,
              await callApi(getMarketOdds, { params: { marketId }, signal: context.signal }),
              seqRecordMerge<ExchangeBook>,
            ),
    refetchInterval: oddsPollMs,
    structuralSharing: false,
    select: (answer): ExchangeBooks => (answer.Status ? answer.Result : NO_BOOKS),
  });

/**
 * Reads the odds of the match market and the event's other exchange markets every 2 s, asked by
 * the event's match odds id from its detail (undefined: not yet). The caller does not render on
 * an answer: the tables read it from the price store (boards.ts).
 */
export function useMarketOdds(eventId: string, marketId: string | undefined): void {
  useQuery({ ...marketOddsQuery(eventId, marketId), notifyOnChangeProps: [] });
}

/**
 * A pushed exchange market's book (hub UpdateMarketOdds: match odds, tied match, over/under …)
 * into the event screen's odds in the price store — the one answer that holds every exchange
 * market of the event — by Seq: an older push leaves the held book; nothing is written before
 * the first answer or after a refusal.
 */
export function marketOddsPut(queryClient: QueryClient, eventId: string, book: ExchangeBook): void {
  priceStoreOf(queryClient).patch(marketOddsQuery(eventId).queryKey, (answer) => {
    if (!answer?.Status) return undefined;
    const Result = seqRecordMerge(answer.Result, { ...answer.Result, [book.marketId]: book });
    return Result === answer.Result ? undefined : { ...answer, Result };
  });
}
