import type { MarketBookWire } from '@backlay/contract/markets';
import { seqAnswerMerge, seqListMerge } from '../../lib/seq-merge';

/**
 * docs/decisions.md#hub: every market book carries a per-market monotonic `Seq`; the client keeps the newer
 * of two answers, so a slow poll never overwrites a newer push. Books present in `next` are kept
 * (the newer `next` is the list asked for); for each, the one with the higher `Seq` wins, and a
 * book equal to the one held keeps its reference so memoised rows skip the render (docs/conventions.md#memoised-rows).
 */
export function marketBooksMerge(
  previous: readonly MarketBookWire[],
  next: readonly MarketBookWire[],
): readonly MarketBookWire[] {
  return seqListMerge(previous, next, (book) => book.marketId);
}

/**
 * The rates query's structural sharing (also applied by `setQueryData`, so a hub push patching
 * the cache goes through the same rule): merge by `Seq` when both answers carry books.
 */
export const ratesAnswerMerge = seqAnswerMerge(marketBooksMerge);
