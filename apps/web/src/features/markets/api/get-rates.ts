import { getRates } from '@backlay/contract/markets/client';
import type { MarketBookWire } from '@backlay/contract/markets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { marketKeys } from '../query-keys';
import { ratesAnswerMerge } from '../rates-merge';

/** docs/product.md#constants: market rates on the list screens are polled every 5000 ms. */
export const RATES_POLL_MS = 5000;

export type BooksById = ReadonlyMap<string, MarketBookWire>;

const NO_BOOKS: BooksById = new Map();

const booksById = (answer: { Status: boolean; Result: unknown }): BooksById =>
  answer.Status
    ? new Map((answer.Result as readonly MarketBookWire[]).map((book) => [book.marketId, book]))
    : NO_BOOKS;

export const ratesQuery = (marketIds: readonly string[]) =>
  queryOptions({
    queryKey: marketKeys.ratesOf(marketIds),
    queryFn: ({ signal }) =>
      callApi(getRates, { query: { marketids: marketIds.join(',') }, signal }),
    refetchInterval: pollEvery(RATES_POLL_MS),
    structuralSharing: ratesAnswerMerge,
    select: booksById,
    enabled: marketIds.length > 0,
    // A changed id list keeps showing the prices held while its first answer comes.
    placeholderData: keepPreviousData,
  });

/** The market books of the listed markets, by market id, polled every 5 s. */
export function useRates(marketIds: readonly string[]) {
  return useQuery(ratesQuery(marketIds));
}
