import { assertNever } from './assert-never.js';
import type { FancyBetType, MatchBetType } from './bet-type.js';
import type { Paise } from './money.js';
import type { FancyLine } from './odds.js';

/** A match, bookmaker or toss bet as positions need it: runner, side and figures (paise). */
export interface ExchangeBet {
  readonly selectionId: string;
  readonly betType: MatchBetType;
  readonly profit: Paise;
  readonly liability: Paise;
}

/** A match, bookmaker or toss market's result: the winning selection, or void. */
export type ExchangeResult =
  { readonly kind: 'winner'; readonly selectionId: string } | { readonly kind: 'void' };

/** A fancy bet as positions need it: the line (runs), the side and its figures (paise). */
export interface FancyBet {
  readonly line: FancyLine;
  readonly betType: FancyBetType;
  readonly profit: Paise;
  readonly liability: Paise;
}

/** A fancy runner's result: the final runs, or void. */
export type FancyResult =
  { readonly kind: 'runs'; readonly runs: number } | { readonly kind: 'void' };

/** One runner's book: the client's net result in paise if that runner wins (docs/decisions.md#money). */
export interface RunnerPosition {
  readonly selectionId: string;
  readonly pl: Paise;
}

/**
 * One rung of a fancy runner's ladder (docs/product.md#entities Fancy position): the net result `Pl` in integer
 * paise (convert to rupees for the wire) if the final runs are `RunValue`.
 */
export interface FancyPosition {
  readonly RunValue: number;
  readonly Pl: Paise;
}

function lose(liability: Paise): Paise {
  return (0 - liability) as Paise; // 0 − 0 is +0, never −0
}

/**
 * A match, bookmaker or toss bet's net result in paise: Back wins `profit` when its selection wins
 * and loses `liability` otherwise; Lay wins `profit` when its selection loses and loses `liability`
 * when it wins; void → 0.
 */
export function exchangeBetOutcome(bet: ExchangeBet, result: ExchangeResult): Paise {
  switch (result.kind) {
    case 'void':
      return 0 as Paise;
    case 'winner': {
      const selectionWon = result.selectionId === bet.selectionId;
      const betWon = bet.betType === 'Back' ? selectionWon : !selectionWon;
      return betWon ? bet.profit : lose(bet.liability);
    }
    default:
      return assertNever(result, 'result');
  }
}

/**
 * A fancy bet's net result in paise: Yes wins when the final runs are ≥ the line, No when they are
 * below it (docs/decisions.md#money); a winner gets `profit`, a loser pays `liability`; void → 0.
 */
export function fancyBetOutcome(bet: FancyBet, result: FancyResult): Paise {
  switch (result.kind) {
    case 'void':
      return 0 as Paise;
    case 'runs': {
      const yesWins = result.runs >= bet.line;
      const betWon = bet.betType === 'Yes' ? yesWins : !yesWins;
      return betWon ? bet.profit : lose(bet.liability);
    }
    default:
      return assertNever(result, 'result');
  }
}

/**
 * A match, bookmaker or toss market's book (docs/decisions.md#money): for each runner, in the given order, the
 * sum of every bet's outcome if that runner wins. Bets on selections not listed count as losing
 * in every listed outcome. Integer paise.
 */
export function marketBook(
  selectionIds: readonly string[],
  bets: readonly ExchangeBet[],
): RunnerPosition[] {
  return selectionIds.map((selectionId) => {
    let pl = 0;
    for (const bet of bets) pl += exchangeBetOutcome(bet, { kind: 'winner', selectionId });
    return { selectionId, pl: pl as Paise };
  });
}

/**
 * A fancy runner's run ladder (docs/product.md#entities `RunValue, Pl`; docs/decisions.md#money): the net result of all its bets
 * at every run value from min(line) − 1 to max(line) + 1, ascending (lines are ≥ 1, so every rung
 * is a reachable total). Outside that range the result does not change, so the ladder holds every
 * distinct outcome and its worst rung is the runner's worst case. No bets → an empty ladder.
 */
export function fancyLadder(bets: readonly FancyBet[]): FancyPosition[] {
  if (bets.length === 0) return [];
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const bet of bets) {
    low = Math.min(low, bet.line);
    high = Math.max(high, bet.line);
  }
  const ladder: FancyPosition[] = [];
  for (let runs = low - 1; runs <= high + 1; runs += 1) {
    let pl = 0;
    for (const bet of bets) pl += fancyBetOutcome(bet, { kind: 'runs', runs });
    ladder.push({ RunValue: runs, Pl: pl as Paise });
  }
  return ladder;
}

/**
 * A market's exposure (docs/decisions.md#money): `max(0, −min(positions))` in paise, i.e. the worst loss over
 * every outcome, or 0 when no outcome loses. Takes a book's `pl` values or a ladder's `Pl`
 * values; no positions → 0.
 */
export function marketExposure(positions: readonly Paise[]): Paise {
  let worst = 0;
  for (const pl of positions) worst = Math.min(worst, pl);
  return (0 - worst) as Paise;
}

/** A client's total exposure: the sum of their open markets' exposures, in paise (docs/decisions.md#money). */
export function clientExposure(marketExposures: readonly Paise[]): Paise {
  let total = 0;
  for (const exposure of marketExposures) total += exposure;
  return total as Paise;
}
