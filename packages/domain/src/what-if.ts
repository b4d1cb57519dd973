import type { FancyBetType } from './bet-type.js';
import type { Paise } from './money.js';
import { betFigures, toFancyLine, toFancyRate, type FancyLine, type PricedBet } from './odds.js';
import {
  fancyLadder,
  marketBook,
  type ExchangeBet,
  type FancyBet,
  type RunnerPosition,
} from './positions.js';
import { toStake } from './stake.js';

/** A priced match odds, bookmaker or toss bet (the slip's bet on an exchange-like market). */
export type PricedExchangeBet = Exclude<PricedBet, { readonly market: 'FANCY' }>;

/** A priced fancy bet (the slip's Yes or No at a rate). */
export type PricedFancyBet = Extract<PricedBet, { readonly market: 'FANCY' }>;

/** A priced bet on `selectionId` as its market's book counts it: side and figures in paise. */
export function exchangeBetOf(selectionId: string, bet: PricedExchangeBet): ExchangeBet {
  return { selectionId, betType: bet.betType, ...betFigures(bet) };
}

/** A priced fancy bet on `line` as its session's ladder counts it: side and figures in paise. */
export function fancyBetOf(line: FancyLine, bet: PricedFancyBet): FancyBet {
  return { line, betType: bet.betType, ...betFigures(bet) };
}

/**
 * An open fancy bet as the bets list carries it (GetMatchedBets: `Odds` the line, `Price` the
 * rate, `Stack` whole rupees, `BetType` Yes or No) as its session's ladder counts it, with the
 * figures the server booked it at (`fancyFigures`); null when any part is not a fancy bet's.
 */
export function fancyBetFromList(item: {
  readonly line: number;
  readonly rate: number;
  readonly stake: number;
  readonly betType: string;
}): FancyBet | null {
  const line = toFancyLine(item.line);
  const rate = toFancyRate(item.rate);
  const stake = toStake(item.stake);
  const betType: FancyBetType | null =
    item.betType === 'Yes' || item.betType === 'No' ? item.betType : null;
  if (line === null || rate === null || stake === null || betType === null) return null;
  return fancyBetOf(line, { market: 'FANCY', betType, rate, stake });
}

/**
 * A market's book if `bets` are placed (the slip's one, or a cash out's), by the server's own rules (docs/architecture.md, "Money":
 * books exist once, here): the book is a sum over bets, so each runner's new result is its
 * current one plus what the bets give if that runner wins — exactly `marketBook` over the open
 * bets and these. Runners in the given order, integer paise.
 */
export function whatIfBook(
  current: readonly RunnerPosition[],
  ...bets: readonly ExchangeBet[]
): RunnerPosition[] {
  const added = marketBook(
    current.map((runner) => runner.selectionId),
    bets,
  );
  return current.map((runner, index) => ({
    selectionId: runner.selectionId,
    pl: (runner.pl + (added[index]?.pl ?? 0)) as Paise,
  }));
}

/**
 * A fancy session's worst result (as GetFancyPosition answers it): the
 * lowest rung of its ladder, or 0 when no rung loses; ≤ 0, integer paise, never −0.
 */
export function fancyWorst(bets: readonly FancyBet[]): Paise {
  let worst = 0;
  for (const rung of fancyLadder(bets)) worst = Math.min(worst, rung.Pl);
  return (worst === 0 ? 0 : worst) as Paise;
}

/**
 * A fancy session's worst result if `bet` is placed: the ladder of its open bets and this one
 * (their lines offset each other), at its lowest rung, ≤ 0.
 */
export function whatIfFancyWorst(open: readonly FancyBet[], bet: FancyBet): Paise {
  return fancyWorst([...open, bet]);
}
