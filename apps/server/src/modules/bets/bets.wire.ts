import type { BetListItem } from '@backlay/contract/bets';
import { paiseToRupees, type Paise } from '@backlay/domain';
import type { BetRow } from './bets.queries.js';

/** Odds as the bettor placed them: decimal for match odds and toss, per 100 for bookmaker, the line for fancy. */
export function oddsWire(marketType: BetRow['marketType'], odds: number): number {
  return marketType === 'MATCH_ODDS' || marketType === 'TOSS' ? odds / 100 : odds;
}

export function betListItemWire(bet: BetRow): BetListItem {
  return {
    SelectionName: bet.selectionName,
    SelectionID: bet.selectionId,
    Odds: oddsWire(bet.marketType, bet.odds),
    Price: bet.price,
    Stack: bet.stake,
    BetType: bet.betType,
    MarketType: bet.marketType,
    MarketId: bet.marketId,
    createdOn: bet.createdAt.toISOString(),
  };
}

export const rupees = (paise: Paise | number): number => paiseToRupees(paise as Paise);
