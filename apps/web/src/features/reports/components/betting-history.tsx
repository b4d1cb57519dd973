import type { MarketType } from '@backlay/domain';
import { useFancyBetsOfUser } from '../api/get-fancy-bets-of-user';
import { useMarketBetsOfUser } from '../api/get-market-bets-of-user';
import { BetsTable } from './bets-table';
import { ReportStatus } from './report-status';

/** What names the bets of one market or session (docs/product.md#screens `/betting_history` state or query). */
export type BetsOf =
  | { readonly marketType: 'FANCY'; readonly eventId: string; readonly selectionId: string }
  | { readonly marketType: Exclude<MarketType, 'FANCY'>; readonly marketId: string };

/**
 * `/betting_history/{marketid}/{userId}` (docs/product.md#screens, #calls): the client's bets on one session through
 * the fancy bet history (the event id as `marketId`, with the session's selection id), or on one
 * market through the account bet history. Only the call that fits the market type is made; with
 * no market named (`of` null) nothing is asked and the list is empty.
 */
export function BettingHistory({ of, userId }: { of: BetsOf | null; userId: string }) {
  const isFancy = of?.marketType === 'FANCY';
  const isMarket = of !== null && of.marketType !== 'FANCY';
  const fancy = useFancyBetsOfUser(
    isFancy ? of.eventId : '',
    userId,
    isFancy ? of.selectionId : '',
    isFancy,
  );
  const market = useMarketBetsOfUser(isMarket ? of.marketId : '', userId, isMarket);
  if (!isFancy && !isMarket) return <BetsTable label="Bets" bets={[]} />;
  const bets = isFancy ? fancy : market;
  return (
    <ReportStatus isPending={bets.isPending} error={bets.error}>
      <BetsTable label="Bets" bets={bets.data ?? []} />
    </ReportStatus>
  );
}
