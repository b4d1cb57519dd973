import {
  assertNever,
  betTypeIsLay,
  isExchangeMarket,
  oddsFromDecimal,
  toBookmakerOdds,
  toFancyRate,
  type BetType,
  type MarketType,
  type PricedBet,
  type Stake,
} from '@backlay/domain';
import { useCallback } from 'react';
import { useStoreAfterPaint } from './after-paint';
import { keyedListeners } from './keyed-listeners';
import type { Signal } from './signal-core';

/**
 * What a click on a back or lay (Yes or No) cell chose for the bet slip (docs/product.md#states "Bet slip"):
 * enough to build the bet draft of docs/product.md#entities. Odds are decimal for match odds and toss, per 100
 * for bookmaker, the runs line for fancy; `price` is 0 for match markets and the rate for fancy.
 */
export interface BetSelection {
  readonly sportsId: number;
  readonly eventId: number;
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: MarketType;
  readonly selectionId: string;
  readonly runnerName: string;
  readonly betType: BetType;
  readonly odds: number;
  readonly price: number;
  readonly minStake: number;
  readonly maxStake: number;
}

/** The same cell chosen twice: one key per market, runner and side. */
export function betSelectionKey(
  selection: Pick<BetSelection, 'marketId' | 'selectionId' | 'betType'>,
): string {
  return `${selection.marketId}|${selection.selectionId}|${selection.betType}`;
}

/**
 * The chosen price as the domain's priced bet for `stake`, or null when its odds are not ones the
 * domain prices. Back (0) and Lay (1) change the figures (docs/product.md#states); on fancy the sides are Yes
 * and No, priced by the rate.
 */
export function selectionPricedBet(selection: BetSelection, stake: Stake): PricedBet | null {
  const isLay = betTypeIsLay(selection.betType);
  if (selection.marketType === 'TOSS' || isExchangeMarket(selection.marketType)) {
    const odds = oddsFromDecimal(selection.odds);
    // Every exchange market has match odds' figures (docs/architecture.md identifiers).
    const market = selection.marketType === 'TOSS' ? 'TOSS' : 'MATCH_ODDS';
    return odds && { market, betType: isLay ? 'Lay' : 'Back', odds, stake };
  }
  switch (selection.marketType) {
    case 'BOOKMAKER': {
      const odds = toBookmakerOdds(selection.odds);
      return odds && { market: 'BOOKMAKER', betType: isLay ? 'Lay' : 'Back', odds, stake };
    }
    case 'FANCY': {
      const rate = toFancyRate(selection.price);
      return rate && { market: 'FANCY', betType: isLay ? 'No' : 'Yes', rate, stake };
    }
    default:
      return assertNever(selection.marketType, 'market type');
  }
}

/** The price chosen for the slip and the cell it was chosen from (a ladder has several a side). */
export interface BetChoice {
  readonly selection: BetSelection;
  readonly cell: string;
  /**
   * The slip's stake as the client types it, parsed (whole rupees): 0 until typed; the
   * chosen market's table shows what it would do to the client's book.
   */
  readonly stake: number;
}

/**
 * The open bet slip of one screen (client-only state, docs/conventions.md#client-state): the tables choose, the slip reads.
 * Each cell follows whether it is the chosen one and writes it in place; the slip and the
 * chosen market's table follow a paint later: a choice renders nothing before it paints.
 */
export interface BetChoiceStore {
  readonly read: () => BetChoice | null;
  readonly subscribe: (listener: () => void) => () => void;
  /** Opens a fresh slip on `selection` (the same cell chosen again is a new slip too). */
  readonly choose: (selection: BetSelection, cell: string) => void;
  /** Closes `selection`'s slip only: a price chosen meanwhile keeps its own. */
  readonly close: (selection: BetSelection) => void;
  /** The stake typed in `selection`'s slip (a slip closed or replaced meanwhile changes nothing). */
  readonly setStake: (selection: BetSelection, stake: number) => void;
  /**
   * Hears when `cell` (see {@link betCellKey}) becomes or stops being the chosen one: a choice
   * tells the cell left and the cell chosen, not every cell of the screen.
   */
  readonly watchCell: (cell: string, listener: () => void) => () => void;
}

export function createBetChoice(): BetChoiceStore {
  let chosen: BetChoice | null = null;
  const listeners = new Set<() => void>();
  const cells = keyedListeners<string>();
  const tellCell = (cell: string | undefined) => {
    if (cell !== undefined) cells.tell(cell);
  };
  const put = (next: BetChoice | null) => {
    const left = chosen?.cell;
    chosen = next;
    if (left !== next?.cell) {
      tellCell(left);
      tellCell(next?.cell);
    }
    for (const listener of listeners) listener();
  };
  return {
    read: () => chosen,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    watchCell: cells.watch,
    choose: (selection, cell) => put({ selection, cell, stake: 0 }),
    close: (selection) => {
      if (chosen?.selection === selection) put(null);
    },
    setStake: (selection, stake) => {
      if (chosen?.selection === selection && chosen.stake !== stake) put({ ...chosen, stake });
    },
  };
}

/**
 * The open slip when its price is on `marketId` (a fancy price's market is its event), or null:
 * the same object until that slip's price or stake changes, so a table of another market does
 * not render while the client types. It follows the choice one paint late: a click on a price
 * paints the pressed cell first, and the table's what-if figures (which need a typed stake) come
 * after (docs/architecture.md, "Prices on the event screen").
 */
export function useMarketChoice(store: BetChoiceStore, marketId: string): BetChoice | null {
  const read = useCallback(() => {
    const chosen = store.read();
    return chosen?.selection.marketId === marketId ? chosen : null;
  }, [store, marketId]);
  return useStoreAfterPaint(store.subscribe, read);
}

/**
 * Whether `cell` (see {@link betCellKey}) is the one the open slip was chosen from, for a
 * LiveOddsCell to follow: it writes its pressed state itself, so a choice renders no cell.
 */
export function cellChosen(
  store: BetChoiceStore,
  cell: string,
): Pick<Signal<boolean>, 'read' | 'subscribe'> {
  return {
    read: () => store.read()?.cell === cell,
    subscribe: (listener) => store.watchCell(cell, listener),
  };
}

/** One cell of a table: its runner and side (`betSelectionKey`), and its level of the ladder. */
export function betCellKey(
  selection: Pick<BetSelection, 'marketId' | 'selectionId' | 'betType'>,
  level: number,
): string {
  return `${betSelectionKey(selection)}|${level}`;
}
