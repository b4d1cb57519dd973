import type { BetListItem } from '@backlay/contract/bets';
import {
  exchangeBetOf,
  fancyBetFromList,
  fancyBetOf,
  paiseToRupees,
  rupeesToPaise,
  toFancyLine,
  toStake,
  whatIfBook,
  whatIfFancyWorst,
  type FancyBet,
  type RunnerPosition,
} from '@backlay/domain';
import { selectionPricedBet, type BetChoice } from '../../lib/bet-selection';
import type { RunnerBook } from './api/get-profit-loss-on-runners';

/**
 * What the open slip's bet would make of a market's book: each runner's figure in rupees if it is
 * placed, by selection id, from the server's book (GetProfitLossOnRunners; none means nothing
 * open there) and the domain's figures (`whatIfBook`); null while the slip has no valid stake,
 * is on another market, or the book holds a figure that is not money.
 */
export function runnerWhatIf(
  choice: BetChoice | null,
  selectionIds: readonly string[],
  book: RunnerBook | undefined,
): ReadonlyMap<string, number> | null {
  const stake = choice && toStake(choice.stake);
  const priced = stake ? selectionPricedBet(choice.selection, stake) : null;
  if (!choice || priced === null || priced.market === 'FANCY') return null;
  const current: RunnerPosition[] = [];
  for (const selectionId of selectionIds) {
    const pl = rupeesToPaise(book?.get(Number(selectionId)) ?? 0);
    if (pl === null) return null;
    current.push({ selectionId, pl });
  }
  const next = whatIfBook(current, exchangeBetOf(choice.selection.selectionId, priced));
  return new Map(next.map((runner) => [runner.selectionId, paiseToRupees(runner.pl)]));
}

/**
 * What the open slip's fancy bet would make of its session's worst case (GetFancyPosition's
 * figure), in rupees: the ladder of the client's open bets there (the event's bets list: line,
 * rate, stake and side; cancelled bets hold nothing) with this one, at its lowest rung (≤ 0).
 * Null while the slip has no valid stake or is not on a fancy session.
 */
export function fancyWhatIf(
  choice: BetChoice | null,
  bets: readonly BetListItem[],
): { readonly selectionId: string; readonly worst: number } | null {
  const stake = choice && toStake(choice.stake);
  const priced = stake ? selectionPricedBet(choice.selection, stake) : null;
  const line = choice && toFancyLine(choice.selection.odds);
  if (!choice || !line || priced?.market !== 'FANCY') return null;
  const { selectionId } = choice.selection;
  const open: FancyBet[] = [];
  for (const bet of bets) {
    if (bet.MarketType !== 'FANCY' || bet.SelectionID !== selectionId) continue;
    if (bet.Status !== 'Pending') continue;
    const counted = fancyBetFromList({
      line: bet.Odds,
      rate: bet.Price,
      stake: bet.Stack,
      betType: bet.BetType,
    });
    if (counted) open.push(counted);
  }
  const worst = whatIfFancyWorst(open, fancyBetOf(line, priced));
  return { selectionId, worst: paiseToRupees(worst) };
}
