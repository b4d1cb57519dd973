import type { BetDraft } from '@backlay/contract/bets';
import { betFigures, toStake, type BetFigures } from '@backlay/domain';
import { selectionPricedBet, type BetSelection } from '../../lib/bet-selection';

/**
 * Est Profit and the liability of the slip (docs/product.md#validation), from the domain's figures for the market
 * type and side, in paise; null while the stake is not a stake (0, negative, too large) or the
 * price is not one the domain prices.
 */
export function slipFigures(selection: BetSelection, stake: number): BetFigures | null {
  const valid = toStake(stake);
  const priced = valid === null ? null : selectionPricedBet(selection, valid);
  return priced === null ? null : betFigures(priced);
}

const SPORTS = [1, 2, 4] as const;
type SportsId = (typeof SPORTS)[number];
const isSportsId = (id: number): id is SportsId => (SPORTS as readonly number[]).includes(id);

/**
 * The bet draft of docs/product.md#entities for the chosen price and stake: Stack, OldStack and Exposure are the
 * stake; Price 0 for match markets and the rate (the cell's size) for fancy; BetStatus Pending.
 * The server computes its own exposure and ignores Exposure, ReturnBalance and UserId (docs/decisions.md#money).
 */
export function betDraft(selection: BetSelection, stake: number, userId: number): BetDraft {
  if (!isSportsId(selection.sportsId)) throw new Error(`No betting on sport ${selection.sportsId}`);
  const price = selection.marketType === 'FANCY' ? selection.price : 0;
  return {
    sportsId: selection.sportsId,
    SelectionName: selection.runnerName,
    SelectionID: selection.selectionId,
    Odds: selection.odds,
    Price: price,
    OldPrice: price,
    OldStack: stake,
    MarketType: selection.marketType,
    MarketId: selection.marketId,
    EventId: selection.eventId,
    BetType: selection.betType,
    BetStatus: 'Pending',
    Stack: stake,
    Exposure: stake,
    ReturnBalance: 0,
    UserId: userId,
  };
}
