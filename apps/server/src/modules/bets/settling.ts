import type { Tx } from '../../db/pool.js';
import * as q from './settling.queries.js';

/**
 * What a settlement does to bets, done by the bets module, the one writer of `bets`
 * (docs/conventions.md#server-modules): read the open bets of a market or fancy runner, mark them
 * Settled or Lost, and reopen them on a rollback. Each runs on the settlement's transaction,
 * which has locked the market or fancy runner first (docs/decisions.md#money, the lock order).
 */

/** An open bet as a settlement reads it (FOR UPDATE), by client and age. */
export type BetToSettle = Awaited<ReturnType<typeof q.openBetsForSettlement>>[number];

/** The open bets of a market or fancy runner, locked until the settlement commits. */
export function betsToSettle(tx: Tx, target: string): Promise<BetToSettle[]> {
  return q.openBetsForSettlement(tx, target);
}

/** Each bet Settled or Lost, with its profit or loss (paise) and the remark its statement shows. */
export function markSettled(tx: Tx, marks: Parameters<typeof q.markBets>[1]): Promise<void> {
  return q.markBets(tx, marks);
}

/** A rollback: every settled bet of the target back to Pending, without its result. */
export async function reopenSettled(tx: Tx, target: string): Promise<void> {
  const finished = await q.finishedBets(tx, target);
  await q.reopenBets(
    tx,
    finished.map((bet) => bet.id),
  );
}
