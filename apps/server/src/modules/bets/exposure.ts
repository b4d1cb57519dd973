import {
  fancyLadder,
  marketBook,
  marketExposure,
  toFancyLine,
  type ExchangeBet,
  type FancyBet,
  type Paise,
} from '@backlay/domain';
import type { OpenBet } from './bets.queries.js';

/** Open bets of a market as the domain's exchange bets. */
export function exchangeBets(bets: readonly OpenBet[]): ExchangeBet[] {
  return bets.map((bet) => ({
    selectionId: bet.selectionId,
    betType: bet.betType === 'Lay' ? 'Lay' : 'Back',
    profit: bet.profitPaise as Paise,
    liability: bet.liabilityPaise as Paise,
  }));
}

/** Open bets of a fancy runner as the domain's fancy bets (a bet without a valid line is left out). */
export function fancyBets(bets: readonly OpenBet[]): FancyBet[] {
  return bets.flatMap((bet) => {
    const line = toFancyLine(bet.odds);
    return line === null
      ? []
      : [
          {
            line,
            betType: bet.betType === 'No' ? 'No' : 'Yes',
            profit: bet.profitPaise as Paise,
            liability: bet.liabilityPaise as Paise,
          },
        ];
  });
}

/** The worst loss of a market's open bets over its runners (docs/decisions.md#money). */
export function exchangeExposure(
  selectionIds: readonly string[],
  bets: readonly OpenBet[],
): bigint {
  return BigInt(
    marketExposure(marketBook(selectionIds, exchangeBets(bets)).map((position) => position.pl)),
  );
}

/** The worst loss of a fancy runner's open bets over its run ladder; its lines offset each other. */
export function fancyExposure(bets: readonly OpenBet[]): bigint {
  return BigInt(marketExposure(fancyLadder(fancyBets(bets)).map((rung) => rung.Pl)));
}

/** A fancy runner's worst result over its ladder, in paise (negative or 0). */
export function fancyWorstOf(bets: readonly OpenBet[]): number {
  return fancyLadder(fancyBets(bets)).reduce((worst, rung) => Math.min(worst, rung.Pl), 0);
}

/** A position's open bets without one equal to `bet` (the same figures: the same exposure). */
export function without(bets: readonly OpenBet[], bet: OpenBet): OpenBet[] {
  const index = bets.findIndex(
    (open) =>
      open.selectionId === bet.selectionId &&
      open.betType === bet.betType &&
      open.odds === bet.odds &&
      open.profitPaise === bet.profitPaise &&
      open.liabilityPaise === bet.liabilityPaise,
  );
  return index < 0 ? [...bets] : bets.filter((_, at) => at !== index);
}
