import { assertNever } from './assert-never.js';
import { betTypeIsLay, isBetType, type BetStatus } from './bet-type.js';
import { RUNNER_ACTIVE } from './bookmaker.js';

/** docs/product.md#screens, #constants: a fancy runner name of this many characters or more scrolls on mobile. */
export const SCROLLING_NAME_LENGTH = 25;

/**
 * Runners in display order (docs/product.md#screens; docs/decisions.md#silent-rules): three runners show 0, 2, 1 (the draw last);
 * any other count shows as given (two runners 0, 1).
 */
export function runnerDisplayOrder<T>(runners: readonly T[]): T[] {
  const [first, second, third] = runners;
  if (runners.length === 3) return [first, third, second] as T[];
  return [...runners];
}

/**
 * A price cell shows the suspended overlay unless the event is unlocked (`EvBetStatus` true,
 * docs/decisions.md#silent-rules) and the runner's status is exactly `ACTIVE` (docs/product.md#screens, #states).
 */
export function cellIsSuspended(evBetStatus: boolean, runnerStatus: string): boolean {
  return !(evBetStatus && runnerStatus === RUNNER_ACTIVE);
}

/** A bet row is styled lay when its type is No or Lay, back otherwise (docs/product.md#screens). */
export function betRowIsLay(betType: string): boolean {
  return isBetType(betType) && betTypeIsLay(betType);
}

/**
 * Fancy odds with the price in brackets (docs/product.md#screens): the line, one space, then the rate in round
 * brackets, each number as JavaScript writes it — `fancyOddsDisplay(45, 110)` is `"45 (110)"`.
 */
export function fancyOddsDisplay(odds: number, price: number): string {
  return `${odds} (${price})`;
}

/** A bet list row's odds (docs/product.md#screens, #entities Bet list item): fancy as `"45 (110)"`, others as `"1.9"`. */
export function betOddsDisplay(bet: {
  readonly MarketType: string;
  readonly Odds: number;
  readonly Price: number;
}): string {
  return bet.MarketType === 'FANCY' ? fancyOddsDisplay(bet.Odds, bet.Price) : String(bet.Odds);
}

/** True when a runner name scrolls on mobile: 25 characters (code points) or more (docs/product.md#constants). */
export function runnerNameScrolls(name: string): boolean {
  return [...name].length >= SCROLLING_NAME_LENGTH;
}

/** The label of a bet status (docs/product.md#states): Pending shows as Active; the others as themselves. */
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

/** The sides of a market name for the user book (docs/product.md#screens: split on `' v '`). */
export function marketNameSides(marketName: string): string[] {
  return marketName.split(' v ');
}

/** A position's colour (docs/product.md#screens position modal): red if negative, green otherwise. */
export function positionTone(pl: number): 'negative' | 'positive' {
  return pl < 0 ? 'negative' : 'positive';
}
