import type {
  BmFancyRow,
  EventDetail,
  MarketBookWire,
  MarketListItem,
} from '@backlay/contract/markets';
import {
  betDelaySeconds,
  paiseToRupees,
  type BetDelays,
  type FancyPrice,
  type FancyRow,
  type Paise,
} from '@backlay/domain';
import type { PriceSize } from '../../feed/types.js';
import type { CustomBookmakerRow, CustomFancyRow, EventRow } from './markets.queries.js';
import type { FancyView, MarketView } from './markets.service.js';

/** Match and toss odds travel as decimals (190 → 1.9); bookmaker odds stay per 100 (docs/decisions.md#api). */
function priceWire(marketType: MarketView['market']['marketType'], side: PriceSize) {
  return { price: marketType === 'BOOKMAKER' ? side.price : side.price / 100, size: side.size };
}

/** An event of the market list under its match odds market's id (docs/product.md#entities market list item). */
export function marketListItemWire(event: EventRow, matchOddsMarketId: string): MarketListItem {
  return {
    SportsId: event.sportId,
    SeriesName: event.seriesName,
    MarketName: event.name,
    EventId: event.eventId,
    MarketId: matchOddsMarketId,
    MarketTime: event.startTime.toISOString(),
    MarketStatus: event.status === 'inplay' ? 1 : 0,
    MarketType: 'MATCH_ODDS',
  };
}

export function marketBookWire(view: MarketView): MarketBookWire {
  return {
    marketId: view.market.marketId,
    status: view.status,
    inplay: view.isInPlay,
    Seq: view.seq,
    runners: view.runners.map((runner) => ({
      selectionId: runner.selectionId,
      status: runner.status,
      ex: {
        availableToBack: runner.back.map((side) => priceWire(view.market.marketType, side)),
        availableToLay: runner.lay.map((side) => priceWire(view.market.marketType, side)),
      },
    })),
  };
}

/** docs/product.md#entities: in the odds keyed by marketId the runner property is named `exchange`. */
export function exchangeBookWire(view: MarketView) {
  const book = marketBookWire(view);
  return {
    ...book,
    runners: book.runners.map(({ ex, ...runner }) => ({ ...runner, exchange: ex })),
  };
}

/** The detail's Seq is the newest of its facts (`seenAt`) and of its markets' books. */
export function eventDetailWire(
  event: EventRow,
  markets: readonly MarketView[],
  tvUrl: string | null,
  seenAt: number,
  delays: BetDelays,
): EventDetail {
  const isInPlay = event.status === 'inplay';
  return {
    Seq: markets.reduce((newest, view) => Math.max(newest, view.seq), seenAt),
    TvUrl: tvUrl,
    EventId: event.eventId,
    EventName: event.name,
    SeriesName: event.seriesName,
    SportsId: event.sportId,
    MarketTime: event.startTime.toISOString(),
    MarketStatus: event.status === 'inplay' ? 1 : 0,
    MarketList: markets.map((view) => ({
      MarketId: view.market.marketId,
      MarketName: view.market.name,
      SeriesName: event.seriesName,
      EventId: event.eventId,
      MarketType: view.market.marketType,
      SportsId: event.sportId,
      MinStake: view.market.minStake,
      MaxStake: view.market.maxStake,
      // The provider's own delay of the market (Betfair's betDelay) before the house's setting.
      BetDelay:
        view.betDelayS ??
        betDelaySeconds(delays, {
          sportId: event.sportId,
          isInPlay,
          marketType: view.market.marketType,
        }),
      runners: view.runners.map((runner) => ({
        selectionId: runner.selectionId,
        RunnerName: runner.name,
        status: runner.status,
        marketId: view.market.marketId,
      })),
    })),
    fancy: {
      IsFancyActive: event.fancyActive,
      EvBetStatus: !event.betLocked,
      SessionMinStake: event.sessionMinStake,
      SessionMaxStake: event.sessionMaxStake,
      BetDelay: betDelaySeconds(delays, { sportId: event.sportId, isInPlay, marketType: 'FANCY' }),
    },
  };
}

/** Bookmaker rows of `<EventId>B`: first back and lay of each runner, odds per 100. */
export function bookmakerRowsWire(view: MarketView | undefined) {
  if (!view) return [];
  return view.runners.map((runner) => ({
    MarketId: view.market.marketId,
    selectionId: runner.selectionId,
    RunnerName: runner.name,
    status: runner.status,
    BackPrice1: runner.back[0]?.price ?? 0,
    BackSize1: runner.back[0]?.size ?? 0,
    LayPrice1: runner.lay[0]?.price ?? 0,
    LaySize1: runner.lay[0]?.size ?? 0,
  }));
}

/** Fancy rate rows (docs/product.md#entities): Yes (back) is line and rate of the Yes side, No (lay) of the No side. */
export function fancyRowWire(view: FancyView) {
  return {
    SelectionId: view.selectionId,
    RunnerName: view.name,
    BackPrice1: view.quote.yesLine,
    BackSize1: view.quote.yesRate,
    LayPrice1: view.quote.noLine,
    LaySize1: view.quote.noRate,
    GameStatus: view.quote.gameStatus,
  };
}

/** Assembled without the event lock's dashes (see `fancyRows`), so a price is always a number. */
const fancyFigure = (price: FancyPrice): number => (typeof price === 'number' ? price : 0);

/**
 * A BmFancy fancy row: an assembled row, min and max in whole rupees, and the
 * caller's worst result on it (`worstPaise`, negative or 0) as rupees with 2 decimals.
 */
export function bmFancyRowWire(row: FancyRow, worstPaise: number): BmFancyRow {
  return {
    SelectionId: row.SelectionId,
    RunnerName: row.RunnerName,
    BackPrice1: fancyFigure(row.BackPrice1),
    BackSize1: fancyFigure(row.BackSize1),
    LayPrice1: fancyFigure(row.LayPrice1),
    LaySize1: fancyFigure(row.LaySize1),
    GameStatus: row.GameStatus,
    min: row.min,
    max: row.max,
    isCustome: row.isCustome,
    isActive: row.isActive,
    profitLoss: paiseToRupees(worstPaise as Paise),
  };
}

export function operatorFancyWire(row: CustomFancyRow) {
  return {
    SelectionId: row.selectionId,
    RunnerName: row.runnerName,
    BackPrice1: row.backPrice,
    BackSize1: row.backSize,
    LayPrice1: row.layPrice,
    LaySize1: row.laySize,
    GameStatus: row.gameStatus,
    min: row.min,
    max: row.max,
    isCustome: row.isCustom,
    isActive: row.isActive,
  };
}

export function customBookmakerWire(row: CustomBookmakerRow) {
  return {
    MarketId: row.marketId,
    selectionId: row.selectionId,
    RunnerName: row.runnerName,
    status: row.status,
    BackPrice1: row.backPrice,
    BackSize1: row.backSize,
    LayPrice1: row.layPrice,
    LaySize1: row.laySize,
    IsCustome: row.isCustom,
    IsActive: row.isActive,
  };
}
