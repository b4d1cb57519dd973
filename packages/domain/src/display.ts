import { assertNever } from './assert-never.js';
import { betTypeIsLay, isBetType, type BetStatus } from './bet-type.js';
import { RUNNER_ACTIVE } from './bookmaker.js';

/** SPEC §2, §9: a fancy runner name of this many characters or more scrolls on mobile. */
export const SCROLLING_NAME_LENGTH = 25;

/**
 * Runners in display order (SPEC §2; DESIGN §8): three runners show 0, 2, 1 (the draw last);
 * any other count shows as given (two runners 0, 1).
 */
export function runnerDisplayOrder<T>(runners: readonly T[]): T[] {
  const [first, second, third] = runners;
  if (runners.length === 3) return [first, third, second] as T[];
  return [...runners];
}

/**
 * A price cell shows the suspended overlay unless the event is unlocked (`EvBetStatus` true,
 * DESIGN §8) and the runner's status is exactly `ACTIVE` (SPEC §2, §4).
 */
export function cellIsSuspended(evBetStatus: boolean, runnerStatus: string): boolean {
  return !(evBetStatus && runnerStatus === RUNNER_ACTIVE);
}

/** A bet row is styled lay when its type is No or Lay, back otherwise (SPEC §2). */
export function betRowIsLay(betType: string): boolean {
  return isBetType(betType) && betTypeIsLay(betType);
}

/**
 * Fancy odds with the price in brackets (SPEC §2): the line, one space, then the rate in round
 * brackets, each number as JavaScript writes it — `fancyOddsDisplay(45, 110)` is `"45 (110)"`.
 */
export function fancyOddsDisplay(odds: number, price: number): string {
  return `${odds} (${price})`;
}

/** A bet list row's odds (SPEC §2, §3 Bet list item): fancy as `"45 (110)"`, others as `"1.9"`. */
export function betOddsDisplay(bet: {
  readonly MarketType: string;
  readonly Odds: number;
  readonly Price: number;
}): string {
  return bet.MarketType === 'FANCY' ? fancyOddsDisplay(bet.Odds, bet.Price) : String(bet.Odds);
}

/** True when a runner name scrolls on mobile: 25 characters (code points) or more (SPEC §9). */
export function runnerNameScrolls(name: string): boolean {
  return [...name].length >= SCROLLING_NAME_LENGTH;
}

/** The label of a bet status (SPEC §4): Pending shows as Active; the others as themselves. */
export function betStatusLabel(status: BetStatus): string {
  switch (status) {
    case 'Pending':
      return 'Active';
    case 'Settled':
    case 'Lost':
    case 'Cancelled':
      return status;
    default:
      return assertNever(status, 'bet status');
  }
}

/** The sides of a market name for the user book (SPEC §2: split on `' v '`). */
export function marketNameSides(marketName: string): string[] {
  return marketName.split(' v ');
}

/** A position's colour (SPEC §2 position modal): red if negative, green otherwise. */
export function positionTone(pl: number): 'negative' | 'positive' {
  return pl < 0 ? 'negative' : 'positive';
}
