import { inTransaction, type Db } from '../../db/pool.js';
import * as q from './bet-calls.queries.js';
import type { PositionCalls } from './positions.js';

/*
 * The SQL side of `onPosition` (docs/architecture.md, "The path of a bet", "Cancelling a bet"):
 * bet_place through the group commit and bet_cancel, each with its locked path.
 */

/** bet_place: optimistic through the group commit (bet-batches.ts), locked in a transaction. */
export function placeCalls(
  db: Db,
  batches: { place(bet: q.BetCall): Promise<q.PlaceOutcome> },
): PositionCalls<q.BetCall> {
  return {
    optimistic: (call) => batches.place(call),
    locked: (lock, callOf, answered) =>
      inTransaction(db, async (tx) => {
        const position = await q.lockPosition(tx, lock);
        return answered(position, await q.placeBetOnce(tx, callOf(position)));
      }),
  };
}

/** bet_cancel (db/functions/bet_cancel.sql): alone, retried like a bet; locked in a transaction. */
export function cancelCalls(db: Db): PositionCalls<q.CancelCall> {
  return {
    optimistic: (call) => q.cancelBet(db, call),
    locked: (lock, callOf, answered) =>
      inTransaction(db, async (tx) => {
        const position = await q.lockPosition(tx, lock);
        return answered(position, await q.cancelBetOnce(tx, callOf(position)));
      }),
  };
}
