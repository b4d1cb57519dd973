import { getMarketOdds, type exchangeBook } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';
import { seqAnswerMerge, seqRecordMerge } from '../../../lib/seq-merge';
import { eventKeys } from '../query-keys';
import { ODDS_POLL_MS } from './polling';

export type ExchangeBook = z.infer<typeof exchangeBook>;
export type ExchangeBooks = Readonly<Record<string, ExchangeBook>>;

const NO_BOOKS: ExchangeBooks = {};

export const marketOddsQuery = (eventId: string, marketId: string) =>
  queryOptions({
    queryKey: eventKeys.marketOdds(eventId, marketId),
    queryFn: ({ signal }) => callApi(getMarketOdds, { params: { marketId }, signal }),
    refetchInterval: ODDS_POLL_MS,
    structuralSharing: seqAnswerMerge(seqRecordMerge<ExchangeBook>),
    select: (answer): ExchangeBooks => (answer.Status ? answer.Result : NO_BOOKS),
  });

/** The odds of the match market and the event's other exchange markets, by id, every 2 s. */
export function useMarketOdds(eventId: string, marketId: string) {
  return useQuery(marketOddsQuery(eventId, marketId));
}
