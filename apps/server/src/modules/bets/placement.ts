import type { BetDraft } from '@backlay/contract/bets';
import {
  betDelaySeconds,
  betFigures,
  fancyRowBreaches,
  fancyRowQuote,
  fancyRowIsOpen,
  fancyRowsAssemble,
  marketIdFitsKind,
  oddsFromDecimal,
  oddsMatched,
  RUNNER_ACTIVE,
  stakeCheck,
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  toOddsHundredths,
  type BetDelays,
  type HouseMargins,
  type Paise,
  type PricedBet,
} from '@backlay/domain';
import type { PriceBook } from '../../feed/price-book.js';
import type { Clock } from '../../seams.js';
import type { Catalog } from '../markets/catalog.js';
import { bookmakerBookShown, bookmakerRowsShown } from '../markets/house-rule.js';
import { fancyRowWire, operatorFancyWire } from '../markets/markets.wire.js';
import { BET_MESSAGES } from './bet-answers.js';
import type { OpenBet } from './bets.queries.js';
import { exchangeExposure, fancyExposure } from './exposure.js';

/*
 * A bet decided in memory (docs/architecture.md, "The path of a bet"): from the catalog's facts,
 * the PriceBook's prices, the clock and the in-play delays to a Placement, or the refusal the
 * bettor reads. No query: given fakes of the catalog and the price book, these are pure.
 */

/** What a placement reads: the catalog, the prices, the time and the in-play delays. */
export interface PlacementDeps {
  readonly catalog: Pick<Catalog, 'event' | 'marketEvent'>;
  readonly priceBook: Pick<PriceBook, 'market' | 'fancy'>;
  readonly clock: Clock;
  /** The in-play bet delays (docs/architecture.md, "In-play bet delay"). */
  readonly betDelay: BetDelays;
  /** The house's margins its quotes keep (packages/domain/README.md, "House margins"). */
  readonly margins: HouseMargins;
}

export type Side = 'Back' | 'Lay' | 'Yes' | 'No';

/** A bet decided in memory, ready to be made on its position. */
export interface Placement {
  readonly eventId: number;
  readonly marketId: string;
  readonly marketType: BetDraft['MarketType'];
  readonly positionKey: string;
  readonly selectionId: string;
  readonly selectionName: string;
  readonly betType: Side;
  /**
   * The odds the bet is made at, booked and settled (hundredths, per 100, or the fancy line):
   * the best price when it was better than the asked (docs/decisions.md#money, "Price improvement").
   */
  readonly odds: number;
  /** The odds the bettor asked, in the unit of `odds`: the answer says when they differ. */
  readonly askedOdds: number;
  readonly price: number;
  readonly stake: number;
  readonly figures: { profit: Paise; liability: Paise };
  /** The bet as one of the position's open bets. */
  readonly bet: OpenBet;
  /** The position's exposure with this bet added. */
  readonly exposureWith: (open: readonly OpenBet[]) => bigint;
  /** The in-play delay before the bet is checked again and made (seconds; 0: at once). */
  readonly delayS: number;
  /** PriceBook downAt of the market now (0 for fancy, whose rows are checked again instead). */
  readonly downAt: number;
}

/**
 * The exchange markets (match odds, tied match, over/under …), bookmaker and toss: the market's
 * facts from the catalog, the feed and the docs/decisions.md#money price check, an exchange or toss
 * bet made at the best price now (price improvement). A cash out's bet may be under the market's
 * minimum stake and is made at its planned odds (docs/architecture.md, "Cash out").
 */
export async function exchangePlacement(
  deps: PlacementDeps,
  draft: BetDraft,
  stakeValue: number,
  options: { isCashOut: boolean } = { isCashOut: false },
): Promise<Placement | string> {
  const { catalog, priceBook, clock } = deps;
  if (!marketIdFitsKind(draft.MarketId, draft.MarketType)) return BET_MESSAGES.notFound;
  if (draft.BetType !== 'Back' && draft.BetType !== 'Lay') return BET_MESSAGES.wrongSide;
  // The market's event and kind from the catalog: a provider's id says neither (docs/architecture.md identifiers).
  const eventId = await catalog.marketEvent(draft.MarketId);
  const event = eventId === undefined ? undefined : await catalog.event(eventId);
  const market = event?.markets.get(draft.MarketId);
  if (!event || !market || market.marketType !== draft.MarketType) return BET_MESSAGES.notFound;
  if (market.isClosed || event.status === 'closed' || event.declared.has(draft.MarketId)) {
    return BET_MESSAGES.closed;
  }
  if (event.betLocked) return BET_MESSAGES.locked;
  const now = clock.now().getTime();
  // A bookmaker as its screen shows it: suspended while the operator's rows over the feed break
  // the house's rule (the PriceBook holds the feed's own quotes to it).
  const book =
    draft.MarketType === 'BOOKMAKER'
      ? bookmakerBookShown(event, draft.MarketId, priceBook, now, deps.margins)
      : priceBook.market(draft.MarketId, now);
  if (market.operatorSuspended || !book || book.status !== 'ACTIVE') return BET_MESSAGES.suspended;
  const runners = market.runners;
  const runner = runners.find((entry) => entry.selectionId === draft.SelectionID);
  if (!runner) return BET_MESSAGES.runnerNotFound;
  // A cash out's bet may be under the market's minimum (docs/architecture.md, "Cash out").
  const check = stakeCheck(stakeValue, {
    min: options.isCashOut ? 1 : market.minStake,
    max: market.maxStake,
  });
  if (!check.ok) return check.message;

  const quote = book.runners.find((entry) => String(entry.selectionId) === runner.selectionId);
  if (quote?.status !== RUNNER_ACTIVE) return BET_MESSAGES.suspended;

  // docs/decisions.md#money, "Price check" and "Price improvement": a Back is taken when the best
  // back is at least its odds, a Lay when the best lay is at most; an exchange or toss bet is then
  // made at that best price. A bookmaker bet keeps the asked odds (the house's own quote), and so
  // does a cash out's bet: its plan is a flat book at exactly the planned prices (cash-out.ts).
  let priced: PricedBet;
  let askedOdds: number;
  if (draft.MarketType === 'BOOKMAKER') {
    // Custom bookmaker rows override the feed's prices when active (docs/product.md#states).
    const row = bookmakerRowsShown(draft.MarketId, market, book).find(
      (entry) => entry.selectionId === runner.selectionId,
    );
    const rowBest = (draft.BetType === 'Back' ? row?.BackPrice1 : row?.LayPrice1) || undefined;
    const bookmakerOdds = toBookmakerOdds(draft.Odds);
    if (bookmakerOdds === null) return BET_MESSAGES.oddsChanged;
    if (oddsMatched<number>(draft.BetType, bookmakerOdds, rowBest) === null)
      return BET_MESSAGES.oddsChanged;
    askedOdds = bookmakerOdds;
    priced = {
      market: 'BOOKMAKER',
      betType: draft.BetType,
      odds: bookmakerOdds,
      stake: check.stake,
    };
  } else {
    const decimal = oddsFromDecimal(draft.Odds);
    if (decimal === null) return BET_MESSAGES.oddsChanged;
    const bookBest = (draft.BetType === 'Back' ? quote.back : quote.lay)[0]?.price;
    const matched = oddsMatched(
      draft.BetType,
      decimal,
      bookBest === undefined ? undefined : (toOddsHundredths(bookBest) ?? undefined),
    );
    if (matched === null) return BET_MESSAGES.oddsChanged;
    askedOdds = decimal;
    priced = {
      // Every exchange market has match odds' figures (docs/architecture.md identifiers).
      market: draft.MarketType === 'TOSS' ? 'TOSS' : 'MATCH_ODDS',
      betType: draft.BetType,
      odds: options.isCashOut ? decimal : matched,
      stake: check.stake,
    };
  }
  const odds: number = priced.odds;

  const selectionIds = runners.map((entry) => entry.selectionId);
  const figures = betFigures(priced);
  const newBet: OpenBet = {
    selectionId: runner.selectionId,
    betType: draft.BetType,
    odds,
    profitPaise: figures.profit,
    liabilityPaise: figures.liability,
  };
  return {
    eventId: event.eventId,
    marketId: draft.MarketId,
    marketType: draft.MarketType,
    positionKey: draft.MarketId,
    selectionId: runner.selectionId,
    selectionName: runner.name,
    betType: draft.BetType,
    odds,
    askedOdds,
    price: 0,
    stake: check.stake,
    figures,
    bet: newBet,
    exposureWith: (open) => exchangeExposure(selectionIds, [...open, newBet]),
    // The provider's own delay of the market (Betfair's betDelay) before the house's setting.
    delayS:
      book.betDelayS ??
      betDelaySeconds(deps.betDelay, {
        sportId: event.row.sportId,
        isInPlay: event.status === 'inplay',
        marketType: draft.MarketType,
      }),
    downAt: book.downAt,
  };
}

/** Fancy: the exact line and rate of that side of the row as the domain assembles it (docs/decisions.md#money). */
export async function fancyPlacement(
  deps: PlacementDeps,
  draft: BetDraft,
  stakeValue: number,
): Promise<Placement | string> {
  const { catalog, priceBook, clock } = deps;
  if (draft.BetType !== 'Yes' && draft.BetType !== 'No') return BET_MESSAGES.wrongSide;
  const eventId = Number(draft.MarketId);
  const event = Number.isSafeInteger(eventId) ? await catalog.event(eventId) : undefined;
  const runnerName = event?.fancyNames.get(draft.SelectionID);
  if (!event || runnerName === undefined) return BET_MESSAGES.notFound;
  if (event.status === 'closed' || event.declared.has(draft.SelectionID))
    return BET_MESSAGES.closed;
  if (event.betLocked) return BET_MESSAGES.locked;

  const book = priceBook.fancy(eventId, clock.now().getTime());
  const rateRows = (book?.rows ?? []).flatMap((quote) => {
    const name = event.fancyNames.get(quote.selectionId);
    // The same rows the event screen reads (markets.wire), suspended while the feed is stale.
    const gameStatus = book?.isStale ? 'SUSPENDED' : quote.gameStatus;
    return name === undefined
      ? []
      : [fancyRowWire({ selectionId: quote.selectionId, name, quote: { ...quote, gameStatus } })];
  });
  const operatorRows = [...event.customFancy, ...event.activeFancy].map(operatorFancyWire);
  const rows = fancyRowsAssemble(rateRows, operatorRows, {
    IsFancyActive: event.fancyActive,
    EvBetStatus: !event.betLocked,
    SessionMinStake: event.sessionMinStake,
    SessionMaxStake: event.sessionMaxStake,
  });
  const row = rows.find((entry) => entry.SelectionId === draft.SelectionID);
  if (!row || !fancyRowIsOpen(row)) return BET_MESSAGES.suspended;
  // An operator's row breaking the house's rule is not offered (the PriceBook holds the feed's).
  const quote = fancyRowQuote(row);
  if (row.isCustome && quote && fancyRowBreaches(quote, deps.margins).length > 0)
    return BET_MESSAGES.suspended;
  const check = stakeCheck(stakeValue, { min: row.min, max: row.max });
  if (!check.ok) return check.message;
  const [line, rate] =
    draft.BetType === 'Yes' ? [row.BackPrice1, row.BackSize1] : [row.LayPrice1, row.LaySize1];
  if (line !== draft.Odds || rate !== draft.Price) return BET_MESSAGES.oddsChanged;
  const fancyLine = toFancyLine(draft.Odds);
  const fancyRate = toFancyRate(draft.Price);
  if (fancyLine === null || fancyRate === null) return BET_MESSAGES.oddsChanged;

  const figures = betFigures({
    market: 'FANCY',
    betType: draft.BetType,
    rate: fancyRate,
    stake: check.stake,
  });
  const newBet: OpenBet = {
    selectionId: draft.SelectionID,
    betType: draft.BetType,
    odds: fancyLine,
    profitPaise: figures.profit,
    liabilityPaise: figures.liability,
  };
  return {
    eventId,
    marketId: draft.MarketId,
    marketType: 'FANCY',
    positionKey: draft.SelectionID,
    selectionId: draft.SelectionID,
    selectionName: runnerName,
    betType: draft.BetType,
    odds: fancyLine,
    askedOdds: fancyLine,
    price: fancyRate,
    stake: check.stake,
    figures,
    bet: newBet,
    exposureWith: (open) => fancyExposure([...open, newBet]),
    delayS: betDelaySeconds(deps.betDelay, {
      sportId: event.row.sportId,
      isInPlay: event.status === 'inplay',
      marketType: 'FANCY',
    }),
    downAt: 0,
  };
}
