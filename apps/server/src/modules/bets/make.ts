import type { Clock } from '../../seams.js';
import { stakeRefusals } from '../safer/safer-answers.js';
import { BET_MESSAGES, placedAnswer, type BetAnswer, type Keyed } from './bet-answers.js';
import type { BetCall } from './bet-calls.queries.js';
import type { Placement } from './placement.js';
import {
  answerOf,
  onPosition,
  type Answered,
  type Position,
  type PositionCalls,
  type PositionMemory,
} from './positions.js';

/**
 * The answers bet_place stores, as JSON: the bet refusals and the limits' (docs/safer-gambling.md)
 * with the zone of their periods (REPORT_TZ). Made once per service.
 */
export const betMessagesJson = (reportTz: string): string =>
  JSON.stringify({ ...BET_MESSAGES, ...stakeRefusals(reportTz) });

/** What making a bet needs: the time, the positions remembered, bet_place, and who hears a fancy bet. */
export interface MakeDeps {
  readonly clock: Clock;
  readonly positions: PositionMemory;
  readonly calls: PositionCalls<BetCall>;
  /** Hears a fancy bet placed: the client's worst result on the event's sessions changed. */
  readonly fancyPlaced: (clientId: string, eventId: number) => void;
  /** bet_place's answers, from {@link betMessagesJson}. */
  readonly messages: string;
}

/** The call of bet_place for a placement on a position as this instance knows it. */
export function betCall(
  placement: Placement,
  request: Keyed,
  position: Position,
  at: Date,
  messages: string,
): BetCall {
  return {
    clientId: request.clientId,
    key: request.key ?? null,
    hash: request.hash,
    at,
    version: position.version,
    exposure: placement.exposureWith(position.bets),
    eventId: placement.eventId,
    marketId: placement.marketId,
    marketType: placement.marketType,
    positionKey: placement.positionKey,
    selectionId: placement.selectionId,
    selectionName: placement.selectionName,
    betType: placement.betType,
    odds: placement.odds,
    price: placement.price,
    stake: placement.stake,
    profitPaise: placement.figures.profit,
    liabilityPaise: placement.figures.liability,
    messages,
    placed: placedAnswer(placement),
  };
}

/**
 * A placement made on its position (in the position's turn: the caller's), by bet_place
 * (docs/architecture.md, "The path of a bet"): optimistic on this instance's copy of the
 * position, then on the one bet_place answers, then under the locks. The position is remembered
 * as the bet left it.
 */
export async function make(
  deps: MakeDeps,
  positionId: string,
  placement: Placement,
  request: Keyed,
): Promise<BetAnswer> {
  const answered = (position: Position, outcome: Answered): BetAnswer =>
    answerOf(outcome, (version) => {
      if (version !== null)
        deps.positions.remember(positionId, { version, bets: [...position.bets, placement.bet] });
      if (placement.marketType === 'FANCY') deps.fancyPlaced(request.clientId, placement.eventId);
    });
  return onPosition(deps.positions, positionId, deps.calls, {
    lock: {
      clientId: request.clientId,
      eventId: placement.eventId,
      marketId: placement.marketId,
      marketType: placement.marketType,
      positionKey: placement.positionKey,
    },
    callOf: (position) => betCall(placement, request, position, deps.clock.now(), deps.messages),
    answered,
  });
}
