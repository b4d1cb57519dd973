import { assertNever } from './assert-never.js';

/** The side of a match, bookmaker or toss bet (docs/product.md#entities BetType). */
export type MatchBetType = 'Back' | 'Lay';

/** The side of a fancy bet: Yes backs the line, No lays it (docs/product.md#entities BetType). */
export type FancyBetType = 'Yes' | 'No';

/** Every bet type on the wire. */
export type BetType = MatchBetType | FancyBetType;

/** The bet slip's side code: Back/Yes is 0, Lay/No is 1 (docs/product.md#states, #validation "lay type (1)"). */
export type BetSideCode = 0 | 1;

const betTypes: readonly string[] = ['Back', 'Lay', 'Yes', 'No'];

/** True when `value` is one of the four wire bet types (case-sensitive). */
export function isBetType(value: string): value is BetType {
  return betTypes.includes(value);
}

/** True for the laying sides, Lay and No (type 1). */
export function betTypeIsLay(betType: BetType): boolean {
  switch (betType) {
    case 'Back':
    case 'Yes':
      return false;
    case 'Lay':
    case 'No':
      return true;
    default:
      return assertNever(betType, 'bet type');
  }
}

/** The wire bet type of a slip side: 0 → Back or Yes, 1 → Lay or No (Yes/No on fancy). */
export function betTypeFromSide(side: BetSideCode, isFancy: boolean): BetType {
  if (isFancy) return side === 1 ? 'No' : 'Yes';
  return side === 1 ? 'Lay' : 'Back';
}

/** A bet's status (docs/product.md#states): Pending until settled; Settled (won or void) or Lost after. */
export type BetStatus = 'Pending' | 'Settled' | 'Lost' | 'Cancelled';
