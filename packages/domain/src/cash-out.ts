import type { MatchBetType } from './bet-type.js';
import type { Paise } from './money.js';
import { betFigures, type BookmakerOdds, type OddsHundredths } from './odds.js';
import type { RunnerPosition } from './positions.js';
import { toStake, type Stake } from './stake.js';
import { whatIfBook } from './what-if.js';

/**
 * Cash out (docs/architecture.md, "Cash out"): the hedging bets that make a match odds or
 * bookmaker position's result the same whichever runner wins, at the best prices now.
 *
 * A Back of stake s at return r (decimal odds; 1 + per-100 ÷ 100 for bookmaker) adds s·r − s to
 * its runner and −s to every other; a Lay adds −(s·r − s) and +s. With one bet per runner the
 * result on runner i is pl_i + x_i + C, where x_i is +s·r (back) or −s·r (lay) and C the lay
 * stakes less the back stakes. Choosing a level K and x_i = K − pl_i (back where positive, lay
 * where negative) makes every result K + C. The result is piecewise linear and concave in K, so
 * its best level is one of the pl_i; that level also needs no bet on its own runners. A position
 * on one runner (every other runner equal) therefore needs exactly one bet.
 */

/** A runner as a cash out sees it: the client's book on it and the best prices now. */
export interface CashOutRunner {
  readonly selectionId: string;
  /** The client's result if this runner wins, in paise. */
  readonly pl: Paise;
  /** Best price to back, or null when there is none. */
  readonly back: number | null;
  /** Best price to lay, or null when there is none. */
  readonly lay: number | null;
}

/** One hedging bet: exchange odds in hundredths, bookmaker odds per 100; stake in whole rupees. */
export interface CashOutBet {
  readonly selectionId: string;
  readonly betType: MatchBetType;
  readonly odds: number;
  readonly stake: Stake;
}

export type CashOutPlan =
  | {
      readonly ok: true;
      readonly bets: readonly CashOutBet[];
      /** The book once the bets are matched, per runner in the given order (exact paise). */
      readonly book: readonly RunnerPosition[];
      /** The worst result of that book: what the bettor has locked in (for 100 %). */
      readonly locked: Paise;
    }
  | { readonly ok: false; readonly reason: string };

export const CASH_OUT_MESSAGES = {
  nothing: 'Nothing to cash out',
  noPrice: 'No price to cash out at',
  tooSmall: 'The cash out is too small to place',
} as const;

export type CashOutMarket = 'MATCH_ODDS' | 'BOOKMAKER';

/** The return per rupee staked (stake included) at these odds. */
function returnOf(market: CashOutMarket, odds: number): number {
  return market === 'BOOKMAKER' ? 1 + odds / 100 : odds / 100;
}

/** The exact figures of a hedging bet, from the same rules as any bet (docs/product.md#validation). */
function figuresOf(market: CashOutMarket, bet: CashOutBet) {
  return market === 'BOOKMAKER'
    ? betFigures({
        market: 'BOOKMAKER',
        betType: bet.betType,
        odds: bet.odds as BookmakerOdds,
        stake: bet.stake,
      })
    : betFigures({
        market: 'MATCH_ODDS',
        betType: bet.betType,
        odds: bet.odds as OddsHundredths,
        stake: bet.stake,
      });
}

/** The book after the hedging bets, per runner in order. */
export function bookAfter(
  market: CashOutMarket,
  runners: readonly RunnerPosition[],
  bets: readonly CashOutBet[],
): RunnerPosition[] {
  return whatIfBook(
    runners,
    ...bets.map((bet) => ({
      selectionId: bet.selectionId,
      betType: bet.betType,
      ...figuresOf(market, bet),
    })),
  );
}

interface Level {
  readonly bets: readonly {
    selectionId: string;
    betType: MatchBetType;
    odds: number;
    stake: number;
  }[];
  /** The result on every runner with unrounded stakes, in paise. */
  readonly result: number;
}

/** The bets (unrounded stakes, rupees) that bring every runner to the level K; null without a price. */
function levelAt(
  market: CashOutMarket,
  runners: readonly CashOutRunner[],
  level: number,
): Level | null {
  const bets: Level['bets'][number][] = [];
  let common = 0;
  for (const runner of runners) {
    const x = level - runner.pl;
    if (x === 0) continue;
    const odds = x > 0 ? runner.back : runner.lay;
    if (odds === null) return null;
    const stakePaise = Math.abs(x) / returnOf(market, odds);
    common += x > 0 ? -stakePaise : stakePaise;
    bets.push({
      selectionId: runner.selectionId,
      betType: x > 0 ? 'Back' : 'Lay',
      odds,
      stake: stakePaise / 100,
    });
  }
  return { bets, result: level + common };
}

/**
 * The cash out of `percent` % (1–100) of a position: the bets of the best level (the highest
 * equal result; fewer bets on a tie), each stake scaled by the percentage and rounded to whole
 * rupees (a bet rounded to 0 is left out), and the exact book they leave.
 */
export function cashOutPlan(
  market: CashOutMarket,
  runners: readonly CashOutRunner[],
  percent: number,
): CashOutPlan {
  const levels = [...new Set(runners.map((runner) => runner.pl))];
  if (levels.length < 2) return { ok: false, reason: CASH_OUT_MESSAGES.nothing };
  let best: Level | null = null;
  for (const level of levels) {
    const found = levelAt(market, runners, level);
    if (
      found !== null &&
      (best === null ||
        found.result > best.result + 1e-6 ||
        (Math.abs(found.result - best.result) <= 1e-6 && found.bets.length < best.bets.length))
    )
      best = found;
  }
  if (best === null) return { ok: false, reason: CASH_OUT_MESSAGES.noPrice };
  const bets = best.bets.flatMap((bet) => {
    const stake = toStake(Math.round((bet.stake * percent) / 100));
    return stake === null ? [] : [{ ...bet, stake }];
  });
  if (bets.length === 0) return { ok: false, reason: CASH_OUT_MESSAGES.tooSmall };
  const book = bookAfter(market, runners, bets);
  return {
    ok: true,
    bets,
    book,
    locked: book.reduce((worst, runner) => Math.min(worst, runner.pl), Infinity) as Paise,
  };
}
