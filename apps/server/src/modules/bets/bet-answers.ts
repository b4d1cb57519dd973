import type { Clock } from '../../seams.js';
import type { Db } from '../../db/pool.js';
import { recalledAnswer, rememberAnswer } from '../idempotency/idempotency.service.js';
import { oddsWire } from './bets.wire.js';

/** The refusals of docs/decisions.md#money, word for word as the bettor reads them. */
export const BET_MESSAGES = {
  placed: 'Bet placed successfully',
  suspended: 'Market suspended',
  closed: 'Market closed',
  locked: 'Betting is locked for this event',
  oddsChanged: 'Odds changed',
  insufficient: 'Insufficient balance',
  notFound: 'Market not found',
  runnerNotFound: 'Selection not found',
  wrongRoute: 'Use the fancy bet for FANCY markets and the user bet for the others',
  wrongSide: 'Bet type does not fit the market',
  positionChanged: 'Your position changed: check the cash out again',
  cashOutMarket: 'Cash out is for match odds and bookmaker markets',
  clientLocked: 'Your betting is locked. Please contact your operator.',
  /** The exposure limit the client's parent set (docs/agents.md#controls). */
  exposureLimit: 'Exposure limit reached: this bet would take your exposure past your limit',
} as const;

/**
 * A placed bet's answer: "Bet placed successfully", with " at 1.85" after it when the bet got a
 * better price than it asked (docs/decisions.md#money, "Price improvement"), odds as the wire and
 * the slip write them. Stored with the bet's key, so a repeat of the request reads it again.
 */
export function placedAnswer(bet: {
  readonly marketType: Parameters<typeof oddsWire>[0];
  readonly odds: number;
  readonly askedOdds: number;
}): string {
  return bet.odds === bet.askedOdds
    ? BET_MESSAGES.placed
    : `${BET_MESSAGES.placed} at ${oddsWire(bet.marketType, bet.odds)}`;
}

export type BetAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

export const refuse = (Result: string): BetAnswer => ({ Status: false, Result });

/** A request's Idempotency-Key, checked, and the hash of what it asked (none without a key). */
export interface Keyed {
  readonly clientId: string;
  readonly key: string | undefined;
  readonly hash: Buffer | null;
}

/**
 * PostgreSQL's record of the answers given to a key (docs/decisions.md#api), as a seam: a refusal decided in
 * memory is remembered with its key; a cash out asks for an earlier answer first.
 */
export interface KeptAnswers {
  /** The answer stored with the key: the earlier one when the key has one, a 409 for another request. */
  remember(request: {
    clientId: string;
    key: string;
    hash: Buffer;
    answer: BetAnswer;
  }): Promise<BetAnswer>;
  /** The answer stored with the key earlier; undefined when there is none yet. */
  recall(request: { clientId: string; key: string; hash: Buffer }): Promise<BetAnswer | undefined>;
}

/** The kept answers in PostgreSQL (the idempotency module), at the clock's time. */
export function keptAnswers(db: Db, clock: Clock): KeptAnswers {
  return {
    remember: (request) => rememberAnswer(db, { ...request, at: clock.now() }),
    recall: (request) => recalledAnswer<BetAnswer>(db, request),
  };
}

/** The answer as given: remembered with the request's key when it has one. */
export function answerWithKey(
  answers: KeptAnswers,
  request: Keyed,
): (answer: BetAnswer) => Promise<BetAnswer> {
  const { clientId, key, hash } = request;
  return async (answer) =>
    key === undefined || hash === null ? answer : answers.remember({ clientId, key, hash, answer });
}
