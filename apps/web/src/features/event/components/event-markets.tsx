import type { EventDetail } from '@backlay/contract/markets';
import {
  bookmakerMarketId,
  fancyRowsAssemble,
  isExchangeMarket,
  matchOddsMarketId,
  tossMarketId,
} from '@backlay/domain';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useActiveFancy } from '../api/get-active-fancy';
import { useBmFancy } from '../api/get-bm-fancy';
import { useCustomBookmaker } from '../api/get-custom-bookmaker';
import { useCustomFancy } from '../api/get-custom-fancy';
import { useFancyPosition } from '../api/get-fancy-position';
import { useMarketOdds } from '../api/get-market-odds';
import { profitLossOnRunnersQuery } from '../api/get-profit-loss-on-runners';
import { useTossOdds } from '../api/get-toss-odds';
import { MarketFreshness } from '../freshness';
import { useSharedValue } from '../hooks/use-shared-value';
import {
  bookmakerTable,
  exchangeTable,
  LADDER_DEPTH,
  marketTypeOf,
  newerBook,
  plainFromExchange,
  plainFromRates,
  type TableMarket,
} from '../market-model';
import { FancyTable } from './fancy-table';
import { MarketTable, type SelectionContext } from './market-table';
import { PositionModal } from './position-modal';
import { UserBookModal } from './user-book-modal';
import styles from './event-markets.module.css';

/**
 * A market's book figures show once the client has a book there: the server answers zeros for
 * every runner of a market with no bets, and a column of 0.00 says nothing.
 */
const bookShown = (book: ReadonlyMap<number, number> | undefined) =>
  book && [...book.values()].some((figure) => figure !== 0) ? book : undefined;

/** SPEC §1: fancy (session) markets exist for cricket only. */
const CRICKET = 4;

/**
 * The event's main column (SPEC §2): the match, bookmaker and toss markets, each further exchange
 * market as its own table (tied match, completed match, over/under goals, a set's winner —
 * docs/architecture.md identifiers, in the server's order), then for cricket the
 * fancy list, with the user book and fancy position modals. Its reads start on entry, beside the
 * event detail (SPEC §4 "Event screen loading"): odds every 2 s (for cricket also bookmaker/fancy
 * and toss), custom bookmaker, active and custom fancy, the fancy position and each market's book.
 */
export function EventMarkets({
  eventId,
  sportId,
  detail,
  uid,
  selectedKey,
  onSelect,
}: {
  eventId: string;
  sportId: number;
  detail: EventDetail | undefined;
  uid: string;
  selectedKey: SelectionContext['selectedKey'];
  onSelect: SelectionContext['onSelect'];
}) {
  const id = Number(eventId);
  const isCricket = (detail?.SportsId ?? sportId) === CRICKET;
  const markets = detail?.MarketList ?? [];
  const hasBookmaker = markets.some((market) => marketTypeOf(market) === 'BOOKMAKER');

  const odds = useMarketOdds(eventId, matchOddsMarketId(id));
  const toss = useTossOdds(eventId, tossMarketId(id), isCricket);
  const bmFancy = useBmFancy(eventId, isCricket || hasBookmaker);
  const customBookmaker = useCustomBookmaker(eventId, bookmakerMarketId(id));
  const activeFancy = useActiveFancy(eventId, isCricket);
  const customFancy = useCustomFancy(eventId, isCricket);
  const fancyPosition = useFancyPosition(eventId, isCricket);
  const books = useQueries({
    queries: markets.map((market) =>
      profitLossOnRunnersQuery(eventId, market.MarketId, detail?.SportsId ?? sportId),
    ),
  });

  const tables = useMemo(
    () =>
      markets.map((market): TableMarket => {
        switch (marketTypeOf(market)) {
          case 'BOOKMAKER':
            return bookmakerTable(market, bmFancy.data?.BMList, customBookmaker.data ?? []);
          case 'TOSS':
            return exchangeTable(
              market,
              newerBook(plainFromExchange(odds.data?.[market.MarketId]), plainFromRates(toss.data)),
            );
          // Match odds and the further exchange markets (tied match, over/under, a set's winner)
          // come in one odds answer, keyed by market id (docs/architecture.md identifiers).
          case 'MATCH_ODDS':
          case 'TIED_MATCH':
          case 'COMPLETED_MATCH':
          case 'OVER_UNDER_15':
          case 'OVER_UNDER_25':
          case 'OVER_UNDER_35':
          case 'SET_WINNER':
          case 'FANCY':
            return exchangeTable(market, plainFromExchange(odds.data?.[market.MarketId]));
        }
      }),
    [markets, bmFancy.data, customBookmaker.data, odds.data, toss.data],
  );

  const fancyRows = useSharedValue(
    useMemo(
      () =>
        detail && isCricket
          ? fancyRowsAssemble(
              bmFancy.data?.fancyList ?? [],
              [...(customFancy.data ?? []), ...(activeFancy.data ?? [])],
              detail.fancy,
            )
          : [],
      [detail, isCricket, bmFancy.data, customFancy.data, activeFancy.data],
    ),
  );

  const [bookOf, setBookOf] = useState<string | null>(null);
  const [ladderOf, setLadderOf] = useState<{ selectionId: string; runnerName: string } | null>(
    null,
  );
  const openPosition = useCallback(
    (selectionId: string, runnerName: string) => setLadderOf({ selectionId, runnerName }),
    [],
  );
  const closeBook = useCallback(() => setBookOf(null), []);
  const closeLadder = useCallback(() => setLadderOf(null), []);

  if (detail === undefined) return null;
  const context: SelectionContext = {
    sportsId: detail.SportsId,
    eventId: id,
    selectedKey,
    onSelect,
  };
  const bookMarket = markets.find((market) => market.MarketId === bookOf);

  return (
    <div className={styles.markets}>
      {tables.length === 0 && <p className={styles.empty}>No data available</p>}
      {tables.map((market, index) => (
        <MarketFreshness
          key={market.marketId}
          eventId={eventId}
          marketType={market.marketType}
          marketId={market.marketId}
        >
          <MarketTable
            market={market}
            depth={isExchangeMarket(market.marketType) ? LADDER_DEPTH : 1}
            isEventOpen={detail.fancy.EvBetStatus}
            book={bookShown(books[index]?.data)}
            context={context}
            onOpenBook={setBookOf}
          />
        </MarketFreshness>
      ))}
      {isCricket && (
        <FancyTable
          rows={fancyRows}
          positions={fancyPosition.data}
          context={context}
          onOpenPosition={openPosition}
        />
      )}
      {bookMarket && (
        <UserBookModal
          eventId={eventId}
          marketId={bookMarket.MarketId}
          uid={uid}
          title={detail.EventName}
          caption={bookMarket.MarketName}
          runnerNames={bookMarket.runners.map((runner) => runner.RunnerName)}
          onClose={closeBook}
        />
      )}
      {ladderOf && (
        <PositionModal
          eventId={eventId}
          selectionId={ladderOf.selectionId}
          runnerName={ladderOf.runnerName}
          onClose={closeLadder}
        />
      )}
    </div>
  );
}
