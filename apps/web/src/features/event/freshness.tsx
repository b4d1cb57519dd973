import { tossMarketId, type MarketType } from '@backlay/domain';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useIsHubLost, useIsOnline } from '../../lib/connection';
import {
  FRESH,
  PriceFreshnessContext,
  priceAgeText,
  usePriceFreshness,
  useTableFreshness,
  type PriceFreshness,
} from '../../lib/price-freshness';
import { priceStoreOf } from './price-store';
import { eventKeys } from './query-keys';
import styles from './freshness.module.css';

/**
 * The polled reads a market's prices come from (docs/product.md#states: every 2 s): the bookmaker and the fancy
 * rows (market id = the event id) from the bookmaker/fancy odds, toss from the toss odds or the
 * event's odds (whichever is newer), every exchange market from the event's odds.
 */
export function priceQueryKeys(
  eventId: string,
  marketType: MarketType,
  marketId: string,
): readonly QueryKey[] {
  const odds = eventKeys.marketOdds(eventId);
  if (marketType === 'BOOKMAKER') return [eventKeys.bmFancy(eventId)];
  if (marketType === 'FANCY' && marketId === eventId) return [eventKeys.bmFancy(eventId)];
  if (marketType === 'TOSS') return [odds, eventKeys.toss(eventId, tossMarketId(Number(eventId)))];
  return [odds];
}

const NO_KEYS: readonly QueryKey[] = [];

/**
 * A market's reads as its freshness follows them, each by its hash: when its prices were last
 * known current from the price store (an answer, a push or the feed's heartbeat), whether its
 * polls fail from the query cache (the requests' own state, which no tick touches).
 */
function marketReceipts(queryClient: QueryClient, keys: readonly QueryKey[]) {
  const store = priceStoreOf(queryClient);
  const cache = queryClient.getQueryCache();
  const hashes = keys.map((queryKey) => hashKey(queryKey));
  const states = () => hashes.map((queryHash) => cache.get(queryHash)?.state);
  return {
    receivedAt: () => Math.max(0, ...hashes.map((queryHash) => store.receivedAt(queryHash))),
    // An errored poll stays 'error' through the next attempt; a retry counts its failures.
    isFailing: () =>
      states().some((state) => state?.status === 'error' || (state?.fetchFailureCount ?? 0) > 0),
    subscribe: (listener: () => void) => {
      const stops = hashes.map((queryHash) => store.watch(queryHash, listener));
      const stopRequests = cache.subscribe((event) => {
        if (event.type === 'updated' && hashes.includes(event.query.queryHash)) listener();
      });
      return () => {
        stops.forEach((stop) => stop());
        stopRequests();
      };
    },
  };
}

/**
 * The freshness of one market's prices: their age is now − when its prices were last known
 * current (a poll's answer, a hub push or the feed's heartbeat, whichever is newer). Stale past the feed's
 * window, or at once while the browser is offline or the hub is lost with those polls failing.
 * `market` undefined (no slip open) is always fresh.
 */
export function useMarketFreshness(
  eventId: string,
  market: { readonly marketType: MarketType; readonly marketId: string } | null,
): PriceFreshness {
  const queryClient = useQueryClient();
  const receipts = useMemo(
    () =>
      marketReceipts(
        queryClient,
        market ? priceQueryKeys(eventId, market.marketType, market.marketId) : NO_KEYS,
      ),
    [queryClient, eventId, market],
  );
  const isFailing = useSyncExternalStore(receipts.subscribe, receipts.isFailing);
  const isOnline = useIsOnline();
  const isHubLost = useIsHubLost();
  const freshness = usePriceFreshness(receipts, !isOnline || (isHubLost && isFailing));
  return market ? freshness : FRESH;
}

/** Gives one market table's cells its freshness (they grey out while stale). */
export function MarketFreshness({
  eventId,
  marketType,
  marketId,
  children,
}: {
  eventId: string;
  marketType: MarketType;
  marketId: string;
  children: ReactNode;
}) {
  const market = useMemo(() => ({ marketType, marketId }), [marketType, marketId]);
  const freshness = useMarketFreshness(eventId, market);
  return (
    <PriceFreshnessContext.Provider value={freshness}>{children}</PriceFreshnessContext.Provider>
  );
}

/** The age of a stale table's prices, in its header ("Prices 24 s old"); nothing while fresh. */
export function PriceAge() {
  const { isStale, ageS } = useTableFreshness();
  if (!isStale) return null;
  return (
    <span className={styles.age} data-testid="price-age">
      {priceAgeText(ageS)}
    </span>
  );
}
