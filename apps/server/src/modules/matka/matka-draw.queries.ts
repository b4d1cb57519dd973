/**
 * Settling a matka market with its result (SQL only, plain rows): the result set, each Pending bet
 * closed, and the clients' accounts (the operator's void and rollback read these too).
 */
import type { Tx } from '../../db/pool.js';

export async function setResult(
  tx: Tx,
  change: { mid: string; result: string; source: 'draw' | 'operator'; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({
      result: change.result,
      result_source: change.source,
      result_at: change.at,
      updated_at: change.at,
    })
    .where('id', '=', change.mid)
    .where('result', 'is', null)
    .execute();
}

export interface OpenMatkaBet {
  readonly id: string;
  readonly clientId: string;
  readonly betNo: string;
  readonly amountPaise: bigint;
  /** The takes it was placed under (docs/agents.md#settlement-split); null before the network. */
  readonly takesId: string | null;
}

export async function openBetsOfMarket(tx: Tx, mid: string): Promise<OpenMatkaBet[]> {
  const rows = await tx
    .selectFrom('matka_bets')
    .select(['id', 'client_id', 'bet_no', 'amount_paise', 'takes_id'])
    .where('market_id', '=', mid)
    .where('status', '=', 'Pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    betNo: row.bet_no,
    amountPaise: BigInt(row.amount_paise),
    takesId: row.takes_id,
  }));
}

export async function closeBet(
  tx: Tx,
  betId: string,
  status: 'Settled' | 'Lost',
  plPaise: bigint,
): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status, pl_paise: plPaise.toString() })
    .where('id', '=', betId)
    .execute();
}

export async function clientAccounts(
  tx: Tx,
  clientIds: readonly string[],
): Promise<{ clientId: string; accountId: string }[]> {
  if (clientIds.length === 0) return [];
  const rows = await tx
    .selectFrom('accounts')
    .select(['id', 'client_id'])
    .where('kind', '=', 'client')
    .where('client_id', 'in', clientIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ clientId: row.client_id ?? '', accountId: row.id }));
}
