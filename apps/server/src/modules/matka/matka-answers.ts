/** What the matka module says: its answers word for word, and a market's name in an operator's message. */
import type { MarketRow } from './matka.queries.js';

/** The matka refusals and answers, as the bettor and the operator read them. */
export const MATKA_ANSWERS = {
  placed: 'Bet placed successfully',
  unknownGame: 'Matka game not found',
  closed: 'This game is closed for betting',
  noBets: 'Select at least one number to bet on',
  badNumber: 'Bet numbers must be from 00 to 99',
  badAmount: 'Each bet amount must be greater than 0, with at most two decimals',
  badTotal: 'TotalAmount must be a whole number of rupees equal to the sum of the bet amounts',
  insufficient: 'Insufficient balance',
  unknownMarket: 'Matka market not found',
  badResult: 'A matka result is two digits, 00 to 99',
  noReason: 'Give the reason for the void or the rollback',
  sameMinute: 'A matka game must close at another time than it opens',
} as const;

export type MatkaAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

/** A market as the operator's messages name it. */
export const marketLabel = (market: MarketRow) => `${market.name} (Mid ${market.mid})`;
