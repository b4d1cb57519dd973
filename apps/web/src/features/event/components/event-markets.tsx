import type { BetListItem } from '@backlay/contract/bets';
import type { EventDetail } from '@backlay/contract/markets';
import { bookmakerMarketId, isExchangeMarket, tossMarketId } from '@backlay/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useCallback, useMemo, useState } from 'react';
import type { BetChoiceStore } from '../../../lib/bet-selection';
import { useActiveFancy } from '../api/get-active-fancy';
import { useBmFancy } from '../api/get-bm-fancy';
import { useCustomBookmaker } from '../api/get-custom-bookmaker';
import { useCustomFancy } from '../api/get-custom-fancy';
import { useFancyPosition } from '../api/get-fancy-position';
import { useMarketOdds } from '../api/get-market-odds';
import { profitLossOnRunnersQuery } from '../api/get-profit-loss-on-runners';
import { useTossOdds } from '../api/get-toss-odds';
import { eventReads, fancyRowsBoard, marketBoard } from '../boards';
import { MarketFreshness } from '../freshness';
import {
  betDelayOf,
  LADDER_DEPTH,
  marketTypeOf,
  oddsMarketIdOf,
  type EventMarket,
} from '../market-model';
import { fancyWords, tableWords, wordsOf, type AnnouncedMarket } from '../price-announcer';
import { priceStoreOf } from '../price-store';
import { FancyTable } from './fancy-table';
import { MarketTable, type SelectionContext } from './market-table';
import { PriceAnnouncer } from './price-announcer';
import { lazyComponent } from '../../../ui/lazy-component';
import styles from './event-markets.module.css';

/** The book and position dialogs, fetched when opened. */
const UserBookModal = lazyComponent(async () => (await import('./user-book-modal')).UserBookModal);
const PositionModal = lazyComponent(async () => (await import('./position-modal')).PositionModal);

/**
 * A market's book figures show once the client has a book there: the server answers zeros for
 * every runner of a market with no bets, and a column of 0.00 says nothing.
 */
const bookShown = (book: ReadonlyMap<number, number> | undefined) =>
  book && [...book.values()].some((figure) => figure !== 0) ? book : undefined;

/** docs/product.md#purpose: fancy (session) markets exist for cricket only. */
const CRICKET = 4;

/**
 * The event's main column (docs/product.md#screens): the match, bookmaker and toss markets, each further exchange
 * market as its own table (tied match, completed match, over/under goals, a set's winner —
 * docs/architecture.md identifiers, in the server's order), then for cricket the
 * fancy list, with the user book and fancy position modals. Its reads start on entry, beside the
 * event detail (docs/product.md#states "Event screen loading"): odds every 2 s (for cricket also bookmaker/fancy
 * and toss), custom bookmaker, active and custom fancy, the fancy position and each market's book;
 * the odds, asked by the match odds id, and the books start as the detail lists the markets.
 * A polite live region says the price changes of the market that holds the keyboard focus.
 */
const NO_MARKETS: readonly EventMarket[] = [];

export const EventMarkets = memo(function EventMarkets({
  eventId,
  sportId,
  detail,
  uid,
  choice,
  bets,
  onCashedOut,
}: {
  eventId: string;
  sportId: number;
  detail: EventDetail | undefined;
  uid: string;
  /** The screen's open slip: a click on a price opens it there. */
  choice: BetChoiceStore;
  /** The client's bets on the event (the screen's GetMatchedBets), for the fancy what-if. */
  bets: readonly BetListItem[];
  /** A cash out was answered: the screen refreshes balance, bets and books (as after a bet). */
  onCashedOut?: () => void;
}) {
  const id = Number(eventId);
  const isCricket = (detail?.SportsId ?? sportId) === CRICKET;
  const markets = detail?.MarketList ?? NO_MARKETS;
  const hasBookmaker = markets.some((market) => marketTypeOf(market) === 'BOOKMAKER');

  // The price reads poll here without rendering this column: each cell reads its own figures.
  // Asked by the match odds id the event detail gives, never one built from the event id.
  useMarketOdds(eventId, oddsMarketIdOf(markets));
  useTossOdds(eventId, tossMarketId(id), isCricket);
  useBmFancy(eventId, isCricket || hasBookmaker);
  useCustomBookmaker(eventId, bookmakerMarketId(id));
  useActiveFancy(eventId, isCricket);
  useCustomFancy(eventId, isCricket);
  const fancyPosition = useFancyPosition(eventId, isCricket);
  const books = useQueries({
    queries: markets.map((market) =>
      profitLossOnRunnersQuery(eventId, market.MarketId, detail?.SportsId ?? sportId),
    ),
  });

  const store = priceStoreOf(useQueryClient());
  const reads = useMemo(() => eventReads(eventId), [eventId]);
  const boards = useMemo(
    () => markets.map((market) => marketBoard(store, reads, market)),
    [store, reads, markets],
  );
  const settings = detail?.fancy;
  const fancy = useMemo(
    () => settings && fancyRowsBoard(store, reads, settings),
    [store, reads, settings],
  );
  // What the price announcer follows: each table's prices, as words, from the cells' sources.
  const announced = useMemo<readonly AnnouncedMarket[]>(
    () => [
      ...markets.map((market, index) => ({
        marketId: market.MarketId,
        prices: wordsOf(boards[index]!, tableWords),
      })),
      ...(fancy ? [{ marketId: eventId, prices: wordsOf(fancy, fancyWords) }] : []),
    ],
    [markets, boards, fancy, eventId],
  );
  const sportsId = detail?.SportsId ?? sportId;
  const context = useMemo<SelectionContext>(
    () => ({ sportsId, eventId: id, choice }),
    [sportsId, id, choice],
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
  const bookMarket = markets.find((market) => market.MarketId === bookOf);

  return (
    <div className={styles.markets}>
      <PriceAnnouncer markets={announced} />
      {markets.length === 0 && <p className={styles.empty}>No data available</p>}
      {markets.map((market, index) => (
        <MarketFreshness
          key={market.MarketId}
          eventId={eventId}
          marketType={marketTypeOf(market)}
          marketId={market.MarketId}
        >
          <MarketTable
            board={boards[index]!}
            depth={isExchangeMarket(marketTypeOf(market)) ? LADDER_DEPTH : 1}
            isEventOpen={detail.fancy.EvBetStatus}
            book={bookShown(books[index]?.data)}
            context={context}
            onOpenBook={setBookOf}
            betDelay={betDelayOf(detail, marketTypeOf(market), market.MarketId)}
            onCashedOut={onCashedOut}
          />
        </MarketFreshness>
      ))}
      {isCricket && fancy && (
        <FancyTable
          board={fancy}
          positions={fancyPosition.data}
          bets={bets}
          context={context}
          onOpenPosition={openPosition}
        />
      )}
      <Suspense fallback={null}>
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
      </Suspense>
    </div>
  );
});
