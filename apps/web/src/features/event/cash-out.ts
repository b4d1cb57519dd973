import type { CashOutBet as WireCashOutBet } from '@backlay/contract/bets';
import {
  cashOutPlan,
  cellIsSuspended,
  oddsFromDecimal,
  paiseToRupees,
  rupeesToPaise,
  runnerDisplayOrder,
  toBookmakerOdds,
  type CashOutBet,
  type CashOutMarket,
  type CashOutPlan,
  type CashOutRunner,
  type MarketType,
  type Paise,
} from '@backlay/domain';
import { formatAmount, formatMoney } from '../../lib/format';
import type { RunnerBook } from './api/get-profit-loss-on-runners';
import type { TableBoard } from './market-model';

/**
 * Cash out on the client (docs/architecture.md, "Cash out"): the plan the domain makes of the
 * client's book (GetProfitLossOnRunners) and the best prices the table shows, in the words the
 * dialog shows it, and the request that carries exactly that plan to the server.
 */

/** The shares of a position the dialog offers, the whole first. */
export const CASH_OUT_PERCENTS = [100, 75, 50, 25] as const;
export type CashOutPercent = (typeof CASH_OUT_PERCENTS)[number];

/** Cash out is for match odds and bookmaker markets; null for any other. */
export function cashOutMarketOf(marketType: MarketType): CashOutMarket | null {
  return marketType === 'MATCH_ODDS' || marketType === 'BOOKMAKER' ? marketType : null;
}

/**
 * Whether the client holds a position to cash out on these runners: a book whose figures are not
 * all the same (a flat book, zeros or a cashed-out level, is already what a cash out makes).
 */
export function hasOpenPosition(
  selectionIds: readonly string[],
  book: RunnerBook | undefined,
): boolean {
  if (book === undefined) return false;
  const figures = selectionIds.map((selectionId) => book.get(Number(selectionId)) ?? 0);
  return figures.some((figure) => figure !== figures[0]);
}

/** One runner's best prices as a cash out reads them: null where none can be taken now. */
export interface CashOutPrices {
  readonly selectionId: string;
  readonly back: number | null;
  readonly lay: number | null;
}

/** A table price in the domain's terms: hundredths for match odds, per 100 for bookmaker. */
const domainOdds = (market: CashOutMarket, price: number | undefined): number | null => {
  if (price === undefined) return null;
  return market === 'BOOKMAKER' ? toBookmakerOdds(price) : oddsFromDecimal(price);
};

/**
 * The best back and lay of each runner as the table shows them now, in the market's own runner
 * order (the server's; display order swaps the second and third of three, and swapping again
 * undoes it), so that the domain weighs equal levels in the server's order. A runner the table
 * shows suspended offers no price.
 */
export function cashOutPrices(
  market: CashOutMarket,
  board: TableBoard,
  isEventOpen: boolean,
): readonly CashOutPrices[] {
  return runnerDisplayOrder(board.table.runners).map((runner) => {
    const isSuspended = cellIsSuspended(isEventOpen, runner.status);
    return {
      selectionId: runner.selectionId,
      back: isSuspended ? null : domainOdds(market, runner.back?.price),
      lay: isSuspended ? null : domainOdds(market, runner.lay?.price),
    };
  });
}

/** Two readings of the prices are the same when every runner's back and lay are. */
export const samePrices = (a: readonly CashOutPrices[], b: readonly CashOutPrices[]) =>
  a.length === b.length &&
  a.every(
    (runner, i) =>
      runner.selectionId === b[i]?.selectionId &&
      runner.back === b[i]?.back &&
      runner.lay === b[i]?.lay,
  );

/** A book figure that is not money (more than two decimals) plans nothing. */
const NOT_MONEY = 'The book could not be read: check the cash out again';

/**
 * The cash out of `percent` % of the client's book at these prices, by the domain's
 * `cashOutPlan` (the server computes it again from its own book and refuses any other bets).
 */
export function planCashOut(
  market: CashOutMarket,
  prices: readonly CashOutPrices[],
  book: RunnerBook,
  percent: number,
): CashOutPlan {
  const runners: CashOutRunner[] = [];
  for (const runner of prices) {
    const pl = rupeesToPaise(book.get(Number(runner.selectionId)) ?? 0);
    if (pl === null) return { ok: false, reason: NOT_MONEY };
    runners.push({ ...runner, pl });
  }
  return cashOutPlan(market, runners, percent);
}

/** A bet's odds as the wire and the screen write them: decimal for match odds, per 100 else. */
export const cashOutOdds = (market: CashOutMarket, bet: CashOutBet): number =>
  market === 'BOOKMAKER' ? bet.odds : bet.odds / 100;

/** The bets of a plan as the request carries them (the contract's `postCashOut` body). */
export function cashOutBody(
  request: {
    readonly market: CashOutMarket;
    readonly marketId: string;
    readonly eventId: number;
    readonly percent: number;
  },
  bets: readonly CashOutBet[],
) {
  return {
    MarketId: request.marketId,
    MarketType: request.market,
    EventId: request.eventId,
    Percent: request.percent,
    Bets: bets.map((bet): WireCashOutBet => ({
      SelectionID: bet.selectionId,
      BetType: bet.betType,
      Odds: cashOutOdds(request.market, bet),
      Stack: bet.stake,
    })),
  };
}

/** Rupees as the cash out says them: `₹560.00`, `₹1,560` for a stake. */
const rupees = (paise: number) => `₹${formatMoney(paiseToRupees(paise as Paise))}`;

/** One hedging bet in words: "Lay The Draw ₹1,560 at 2.5". */
export function cashOutBetText(market: CashOutMarket, bet: CashOutBet, runnerName: string): string {
  return `${bet.betType} ${runnerName} ₹${formatAmount(bet.stake)} at ${cashOutOdds(market, bet)}`;
}

/**
 * What the plan leaves the client whichever runner wins: "You get ₹560.00 whichever runner
 * wins", "at least" when the runners end apart (whole-rupee stakes, or part of a position);
 * a loss as "You lose ₹240.00" and "You lose at most …".
 */
export function cashOutHeadline(plan: Extract<CashOutPlan, { ok: true }>): string {
  const results = plan.book.map((runner) => runner.pl);
  const isEqual = results.every((pl) => pl === plan.locked);
  const worst = Math.abs(plan.locked);
  if (plan.locked < 0)
    return `You lose ${isEqual ? '' : 'at most '}${rupees(worst)} whichever runner wins`;
  return `You get ${isEqual ? '' : 'at least '}${rupees(worst)} whichever runner wins`;
}
