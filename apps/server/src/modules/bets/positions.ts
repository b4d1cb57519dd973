import { assertNever } from '@backlay/domain';
import { keyConflict } from '../idempotency/idempotency.service.js';
import type { BetAnswer } from './bet-answers.js';
import type { BetCall, PlaceOutcome } from './bet-calls.queries.js';
import type { OpenBet } from './bets.queries.js';

/*
 * This instance's memory of positions, and how a bet or a cancel is made on one
 * (docs/architecture.md, "The path of a bet"): optimistic on the version remembered, then on the
 * version PostgreSQL answers, and only under contention with the locks taken first.
 */

/** A client's open bets on one position as of its version (bet_place checks it; db/functions/bet_place.sql). */
export interface Position {
  readonly version: string;
  readonly bets: readonly OpenBet[];
}

/**
 * A position this instance has not seen is guessed empty: version 0 is exactly "no open bets"
 * (migration 0009), so a client's first bet on a fresh position is one round trip; when the guess
 * is wrong, bet_place answers "stale" with the real position.
 */
export const UNSEEN: Position = { version: '0', bets: [] };
/** Positions remembered per instance; an old one only costs a second round trip. */
export const MAX_POSITIONS = 100_000;
/** Optimistic calls before the locked path (the first may only learn an unseen position). */
export const OPTIMISTIC_ATTEMPTS = 2;

/** The positions this instance has seen, by `<clientId>|<positionKey>`. */
export interface PositionMemory {
  /** The position as last seen; UNSEEN when it was not. */
  get(positionId: string): Position;
  remember(positionId: string, position: Position): void;
}

export function createPositionMemory(maxEntries = MAX_POSITIONS): PositionMemory {
  const positions = new Map<string, Position>();
  return {
    get: (positionId) => positions.get(positionId) ?? UNSEEN,
    remember(positionId, position) {
      positions.delete(positionId);
      positions.set(positionId, position);
      if (positions.size > maxEntries) {
        const oldest = positions.keys().next().value;
        if (oldest !== undefined) positions.delete(oldest);
      }
    },
  };
}

/** What the locked path locks: the market row (fancy: session and event rows), then the wallet. */
export type PositionLock = Pick<
  BetCall,
  'clientId' | 'eventId' | 'marketId' | 'marketType' | 'positionKey'
>;

/** bet_place's and bet_cancel's answers without "stale". */
export type Answered = Exclude<PlaceOutcome, { outcome: 'stale' }>;

/**
 * The client's answer of an outcome: a key used for another request is a 409, a replay its first
 * answer; `took` runs when this call placed or cancelled, with the position's new version.
 */
export function answerOf(outcome: Answered, took: (version: string | null) => void): BetAnswer {
  switch (outcome.outcome) {
    case 'conflict':
      throw keyConflict();
    case 'replay':
      return outcome.answer as BetAnswer;
    case 'answered':
      if (outcome.answer.Status) took(outcome.version);
      return outcome.answer;
    default:
      return assertNever(outcome, 'a position call outcome');
  }
}

/**
 * How a call on a position reaches PostgreSQL (bet_place through the group commit, bet_cancel):
 * the seam of `onPosition`.
 */
export interface PositionCalls<Call> {
  /** One call on the version the call carries; "stale" with the position when it changed. */
  optimistic(call: Call): Promise<PlaceOutcome>;
  /**
   * The contended path: in one transaction, the locks first and the position read under them
   * (bet_lock_position), then the call on that position, answered before the commit.
   */
  locked<T>(
    lock: PositionLock,
    callOf: (position: Position) => Call,
    answered: (position: Position, outcome: PlaceOutcome) => T,
  ): Promise<T>;
}

/**
 * A call made on a position: optimistic on this instance's copy of the position, then on the one
 * PostgreSQL answers; when that changed again too (another instance on the same position at the
 * same moment), the locks first, the position read under them, then the call in the same
 * transaction, which cannot find it changed.
 */
export async function onPosition<Call, T>(
  memory: PositionMemory,
  positionId: string,
  calls: PositionCalls<Call>,
  made: {
    readonly lock: PositionLock;
    readonly callOf: (position: Position) => Call;
    readonly answered: (position: Position, outcome: Answered) => T;
  },
): Promise<T> {
  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const position = memory.get(positionId);
    const outcome = await calls.optimistic(made.callOf(position));
    if (outcome.outcome !== 'stale') return made.answered(position, outcome);
    memory.remember(positionId, { version: outcome.version, bets: outcome.bets });
  }
  return calls.locked(made.lock, made.callOf, (position, outcome) => {
    if (outcome.outcome === 'stale') throw new Error('a locked position changed');
    return made.answered(position, outcome);
  });
}
