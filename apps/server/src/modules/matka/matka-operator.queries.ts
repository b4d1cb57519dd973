/**
 * An operator's void and rollback of a matka market (SQL only, plain rows), and the market's
 * totals the audit log keeps.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** An operator's void: the market voided with the reason (its stakes released by the caller). */
export async function voidMarket(
  tx: Tx,
  change: { mid: string; reason: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({ voided_at: change.at, void_reason: change.reason, updated_at: change.at })
    .where('id', '=', change.mid)
    .where('result', 'is', null)
    .execute();
}

/** Every Pending bet of the market Voided with the reason: its stake back, P/L 0. */
export async function voidBets(tx: Tx, mid: string, reason: string): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status: 'Voided', pl_paise: 0, void_reason: reason })
    .where('market_id', '=', mid)
    .where('status', '=', 'Pending')
    .execute();
}

export interface FinishedMatkaBet {
  readonly id: string;
  readonly clientId: string;
  /** What the settlement booked for the bet: (payout − 1) × amount, −amount, or 0 for a void. */
  readonly plPaise: bigint;
}

/** The bets a result or a void closed (Settled, Lost, Voided), for their rollback. */
export async function finishedBetsOfMarket(tx: Tx, mid: string): Promise<FinishedMatkaBet[]> {
  const rows = await tx
    .selectFrom('matka_bets')
    .select(['id', 'client_id', 'pl_paise'])
    .where('market_id', '=', mid)
    .where('status', '<>', 'Pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    plPaise: BigInt(row.pl_paise ?? 0),
  }));
}

/** Every closed bet of the market back to Pending (a rollback). */
export async function reopenBets(tx: Tx, mid: string): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status: 'Pending', pl_paise: null, void_reason: null })
    .where('market_id', '=', mid)
    .where('status', '<>', 'Pending')
    .execute();
}

/**
 * An operator's rollback: the result (or the void) cleared and the market marked rolled back, so
 * that the draw at close never settles it again (dueMarkets) and it takes no more bets.
 */
export async function rollBackMarket(
  tx: Tx,
  change: { mid: string; reason: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({
      result: null,
      result_source: null,
      result_at: null,
      voided_at: null,
      void_reason: null,
      rolled_back_at: change.at,
      rollback_reason: change.reason,
      updated_at: change.at,
    })
    .where('id', '=', change.mid)
    .execute();
}

export interface MarketTotals {
  readonly bets: number;
  /** Every bet's stake, whatever its status. */
  readonly stakedPaise: bigint;
  /** The stakes of the Pending bets: what the clients' positions on the market hold. */
  readonly pendingPaise: bigint;
  /** The clients' net result booked by the settlement standing now (Settled and Lost bets). */
  readonly clientsNetPaise: bigint;
}

export async function marketTotals(db: Db | Tx, mid: string): Promise<MarketTotals> {
  const row = await db
    .selectFrom('matka_bets')
    .select([
      sql<string>`count(*)`.as('bets'),
      sql<string>`coalesce(sum(amount_paise), 0)`.as('staked'),
      sql<string>`coalesce(sum(amount_paise) FILTER (WHERE status = 'Pending'), 0)`.as('pending'),
      sql<string>`coalesce(sum(pl_paise) FILTER (WHERE status IN ('Settled', 'Lost')), 0)`.as(
        'net',
      ),
    ])
    .where('market_id', '=', mid)
    .executeTakeFirstOrThrow();
  return {
    bets: Number(row.bets),
    stakedPaise: BigInt(row.staked),
    pendingPaise: BigInt(row.pending),
    clientsNetPaise: BigInt(row.net),
  };
}
