import type { MarketType } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';

/** The market row FOR UPDATE, first in the lock order (docs/decisions.md#money), with the names a statement shows. */
export async function lockMarketForSettlement(tx: Tx, marketId: string) {
  return tx
    .selectFrom('markets')
    .innerJoin('events', 'events.id', 'markets.event_id')
    .select([
      'markets.id',
      'markets.event_id',
      'markets.market_type',
      'markets.name',
      'events.name as event_name',
    ])
    .where('markets.id', '=', marketId)
    .forUpdate('markets')
    .executeTakeFirst();
}

/**
 * The runners of the market being settled, in order, with their names (a winner must be one; the
 * remark names it). Read after the market row is locked, on the same transaction.
 */
export async function marketRunners(tx: Tx, marketId: string) {
  const rows = await tx
    .selectFrom('runners')
    .select(['selection_id', 'name'])
    .where('market_id', '=', marketId)
    .orderBy('sort_priority')
    .execute();
  return rows.map((row) => ({ selectionId: row.selection_id, name: row.name }));
}

export async function lockFancyForSettlement(tx: Tx, selectionId: string) {
  return tx
    .selectFrom('fancy_runners')
    .innerJoin('events', 'events.id', 'fancy_runners.event_id')
    .select([
      'fancy_runners.selection_id',
      'fancy_runners.event_id',
      'fancy_runners.name',
      'events.name as event_name',
    ])
    .where('fancy_runners.selection_id', '=', selectionId)
    .forUpdate('fancy_runners')
    .executeTakeFirst();
}

export async function lockSettlement(tx: Tx, target: string) {
  return tx
    .selectFrom('settlements')
    .selectAll()
    .where('target', '=', target)
    .forUpdate()
    .executeTakeFirst();
}

export async function clientAccounts(tx: Tx, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return (
    tx
      .selectFrom('accounts')
      .innerJoin('clients', 'clients.id', 'accounts.client_id')
      .select(['accounts.id as account_id', 'accounts.client_id', 'clients.commission_bp'])
      .where('accounts.client_id', 'in', [...clientIds])
      // Posted in the order the wallets are locked, whatever plan the join gets.
      .orderBy('accounts.id')
      .execute()
  );
}

export async function saveSettlement(
  tx: Tx,
  row: {
    target: string;
    eventId: string;
    marketType: MarketType;
    state: 'settled' | 'voided' | 'rolled_back';
    result: string;
    epoch: number;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  const values = {
    state: row.state,
    result: row.result,
    epoch: row.epoch,
    reason: row.reason,
    updated_at: row.at,
  };
  await tx
    .insertInto('settlements')
    .values({ target: row.target, event_id: row.eventId, market_type: row.marketType, ...values })
    .onConflict((oc) => oc.column('target').doUpdateSet(values))
    .execute();
}

export async function insertLine(
  tx: Tx,
  line: {
    target: string;
    epoch: number;
    clientId: string;
    grossPaise: bigint;
    commissionPaise: bigint;
    txnId: string | null;
    at: Date;
  },
): Promise<void> {
  await tx
    .insertInto('settlement_lines')
    .values({
      target: line.target,
      epoch: line.epoch,
      client_id: line.clientId,
      gross_paise: line.grossPaise.toString(),
      commission_paise: line.commissionPaise.toString(),
      txn_id: line.txnId,
      created_at: line.at,
    })
    .execute();
}

export async function currentLines(tx: Tx, target: string, epoch: number) {
  return tx
    .selectFrom('settlement_lines')
    .select(['client_id', 'gross_paise', 'commission_paise', 'txn_id'])
    .where('target', '=', target)
    .where('epoch', '=', epoch)
    .where('rolled_back', '=', false)
    .orderBy('client_id')
    .execute();
}

export async function markLinesRolledBack(tx: Tx, target: string, epoch: number): Promise<void> {
  await tx
    .updateTable('settlement_lines')
    .set({ rolled_back: true })
    .where('target', '=', target)
    .where('epoch', '=', epoch)
    .execute();
}

export async function closeMarket(tx: Tx, marketId: string): Promise<void> {
  await tx.updateTable('markets').set({ status: 'CLOSED' }).where('id', '=', marketId).execute();
}

export async function setCommission(
  tx: Tx,
  username: string,
  basisPoints: number,
): Promise<boolean> {
  const result = await tx
    .updateTable('clients')
    .set({ commission_bp: basisPoints })
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
