import type { Tx } from '../../db/pool.js';

/**
 * The bets module's SQL for settlement (settling.ts): the bets of a market or fancy runner read
 * and written on the settlement's transaction.
 */

/**
 * The open bets of the target FOR UPDATE, by client and age, with their stake (whole rupees) and
 * the takes they were placed under (docs/agents.md#settlement-split).
 */
export async function openBetsForSettlement(tx: Tx, target: string) {
  return tx
    .selectFrom('bets')
    .select([
      'id',
      'client_id',
      'selection_id',
      'bet_type',
      'odds',
      'profit_paise',
      'liability_paise',
      'stake',
      'takes_id',
    ])
    .where('position_key', '=', target)
    .where('status', '=', 'Pending')
    .orderBy('client_id')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The target's settled bets (Settled or Lost) FOR UPDATE. */
export async function finishedBets(tx: Tx, target: string) {
  return tx
    .selectFrom('bets')
    .select(['id', 'client_id', 'event_id'])
    .where('position_key', '=', target)
    .where('status', 'in', ['Settled', 'Lost'])
    .forUpdate()
    .execute();
}

/** Each bet Settled or Lost, with its profit or loss and remark. */
export async function markBets(
  tx: Tx,
  updates: readonly {
    id: string;
    status: 'Settled' | 'Lost';
    plPaise: number;
    remark: string | null;
  }[],
): Promise<void> {
  for (const update of updates) {
    await tx
      .updateTable('bets')
      .set({ status: update.status, pl_paise: update.plPaise, remark: update.remark })
      .where('id', '=', update.id)
      .execute();
  }
}

/** Settled bets back to Pending, without result (a rollback). */
export async function reopenBets(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('bets')
    .set({ status: 'Pending', pl_paise: null, remark: null })
    .where('id', 'in', [...ids])
    .execute();
}
