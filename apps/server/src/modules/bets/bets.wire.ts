import type { BetListItem } from '@backlay/contract/bets';
import { hasDecimalOdds, paiseToRupees, type Paise } from '@backlay/domain';
import type { BetRow, ListedBet } from './bets.queries.js';

/**
 * Odds as the bet was made: decimal for the exchange markets and toss (the matched price,
 * docs/decisions.md#price-improvement), per 100 for bookmaker, the line for fancy.
 */
export function oddsWire(marketType: BetRow['marketType'], odds: number): number {
  return hasDecimalOdds(marketType) ? odds / 100 : odds;
}

export function betListItemWire(bet: ListedBet & { cancelUntil: Date | null }): BetListItem {
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
    BetId: bet.betId,
    Status: bet.status,
    CancelUntil: bet.cancelUntil?.toISOString() ?? null,
    cancelledOn: bet.cancelledAt?.toISOString() ?? null,
  };
}

export const rupees = (paise: Paise | number): number => paiseToRupees(paise as Paise);
