import { getMarketOdds } from '@backlay/contract/markets/client';
import type { exchangeBook } from '@backlay/contract/markets';
import { matchOddsMarketId } from '@backlay/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { seqAnswerMerge, seqRecordMerge } from '../../../lib/seq-merge';
import { eventKeys } from '../query-keys';
import { oddsPollMs } from './polling';

export type ExchangeBook = z.infer<typeof exchangeBook>;
export type ExchangeBooks = Readonly<Record<string, ExchangeBook>>;

const NO_BOOKS: ExchangeBooks = {};

export const marketOddsQuery = (eventId: string, marketId: string) =>
  queryOptions({
    queryKey: eventKeys.marketOdds(eventId, marketId),
    queryFn: ({ signal }) => callApi(getMarketOdds, { params: { marketId }, signal }),
    refetchInterval: oddsPollMs,
    structuralSharing: seqAnswerMerge(seqRecordMerge<ExchangeBook>),
    select: (answer): ExchangeBooks => (answer.Status ? answer.Result : NO_BOOKS),
  });

/**
 * Reads the odds of the match market and the event's other exchange markets, by id, every 2 s.
 * The caller does not render on an answer: the tables read it from the cache (boards.ts).
 */
export function useMarketOdds(eventId: string, marketId: string): void {
  useQuery({ ...marketOddsQuery(eventId, marketId), notifyOnChangeProps: [] });
}

/**
 * A pushed exchange market's book (hub UpdateMarketOdds: match odds, tied match, over/under …)
 * into the event screen's odds — the one answer read by the match odds id that holds every
 * exchange market of the event — by Seq: an older push leaves the held book; nothing is written
 * before the first answer or after a refusal.
 */
export function marketOddsPut(queryClient: QueryClient, eventId: string, book: ExchangeBook): void {
  const matchOdds = matchOddsMarketId(Number(eventId));
  queryClient.setQueryData(marketOddsQuery(eventId, matchOdds).queryKey, (answer) => {
    if (!answer?.Status) return undefined;
    const Result = seqRecordMerge(answer.Result, { ...answer.Result, [book.marketId]: book });
    return Result === answer.Result ? undefined : { ...answer, Result };
  });
}
