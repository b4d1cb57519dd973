import type { BetType, MarketType } from '@backlay/domain';

/**
 * What a click on a back or lay (Yes or No) cell chose for the bet slip (SPEC §4 "Bet slip"):
 * enough to build the bet draft of SPEC §3. Odds are decimal for match odds and toss, per 100
 * for bookmaker, the runs line for fancy; `price` is 0 for match markets and the rate for fancy.
 */
export interface BetSelection {
  readonly sportsId: number;
  readonly eventId: number;
  readonly marketId: string;
  readonly marketName: string;
  readonly marketType: MarketType;
  readonly selectionId: string;
  readonly runnerName: string;
  readonly betType: BetType;
  readonly odds: number;
  readonly price: number;
  readonly minStake: number;
  readonly maxStake: number;
}

/** The same cell chosen twice: one key per market, runner and side. */
export function betSelectionKey(
  selection: Pick<BetSelection, 'marketId' | 'selectionId' | 'betType'>,
): string {
  return `${selection.marketId}|${selection.selectionId}|${selection.betType}`;
}
