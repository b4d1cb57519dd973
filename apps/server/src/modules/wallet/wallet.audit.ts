import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { LedgerKind } from '../../db/schema.js';

/*
 * Read-only views of the money tables for the proofs: tests, the reliability suites and the
 * operator's checks read wallets, exposures and ledger_entries through these, never directly
 * (the wallet module owns them; docs/architecture.md, "Money").
 */

export interface MoneyAudit {
  /** Sum of every ledger row: 0 (double entry). */
  readonly ledgerTotal: bigint;
  /** Sum of every wallet's credit + PL, house included: 0. */
  readonly walletsTotal: bigint;
  /** Sum of the wallets' exposure, and of the exposure rows: equal. */
  readonly walletExposure: bigint;
  readonly positionExposure: bigint;
  /** Accounts whose wallet totals differ from the sum of their ledger rows: none. */
  readonly accountsOffLedger: readonly string[];
  /** Clients whose wallet exposure differs from the sum of their exposure rows: none. */
  readonly clientsOffPositions: readonly string[];
}

/** Money is conserved: the figures above, in one snapshot. */
export async function auditMoney(db: Db | Tx): Promise<MoneyAudit> {
  const totals = await sql<{
    ledger: string;
    wallets: string;
    wallet_exposure: string;
    position_exposure: string;
  }>`SELECT (SELECT coalesce(sum(amount_paise), 0) FROM ledger_entries) AS ledger,
      (SELECT coalesce(sum(credit_paise + pl_paise), 0) FROM wallets) AS wallets,
      (SELECT coalesce(sum(exposure_paise), 0) FROM wallets) AS wallet_exposure,
      (SELECT coalesce(sum(exposure_paise), 0) FROM exposures) AS position_exposure`.execute(db);
  const offLedger = await sql<{ account_id: string }>`
    SELECT w.account_id FROM wallets w
    LEFT JOIN ledger_entries l ON l.account_id = w.account_id
    GROUP BY w.account_id, w.credit_paise, w.pl_paise
    HAVING w.credit_paise + w.pl_paise <> coalesce(sum(l.amount_paise), 0)
      OR w.credit_paise <> coalesce(sum(l.amount_paise) FILTER (WHERE l.kind IN ('credit', 'clearing')), 0)
    ORDER BY w.account_id`.execute(db);
  const offPositions = await sql<{ client_id: string }>`
    SELECT a.client_id FROM wallets w JOIN accounts a ON a.id = w.account_id
    LEFT JOIN exposures e ON e.client_id = a.client_id
    WHERE a.kind = 'client'
    GROUP BY a.client_id, w.exposure_paise
    HAVING w.exposure_paise <> coalesce(sum(e.exposure_paise), 0)
    ORDER BY a.client_id`.execute(db);
  const row = totals.rows[0];
  return {
    ledgerTotal: BigInt(row?.ledger ?? 0),
    walletsTotal: BigInt(row?.wallets ?? 0),
    walletExposure: BigInt(row?.wallet_exposure ?? 0),
    positionExposure: BigInt(row?.position_exposure ?? 0),
    accountsOffLedger: offLedger.rows.map((r) => r.account_id),
    clientsOffPositions: offPositions.rows.map((r) => r.client_id),
  };
}

export interface LedgerRow {
  readonly id: string;
  readonly txnId: string;
  readonly accountId: string;
  /** The client's id, or null for the house's row. */
  readonly clientId: string | null;
  readonly username: string | null;
  readonly kind: LedgerKind;
  readonly amountPaise: bigint;
  readonly remark: string;
  readonly description: string;
  readonly eventId: string | null;
  readonly marketId: string | null;
  readonly marketType: string | null;
  readonly createdAt: Date;
}

/** Ledger rows, oldest first, of one client (or the house), one market, one kind or everyone. */
export async function ledgerRows(
  db: Db | Tx,
  filter: {
    clientId?: string;
    house?: boolean;
    marketId?: string;
    kind?: LedgerRow['kind'];
  } = {},
): Promise<LedgerRow[]> {
  let query = db
    .selectFrom('ledger_entries as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .leftJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'l.id',
      'l.txn_id',
      'l.account_id',
      'a.client_id',
      'c.username',
      'l.kind',
      'l.amount_paise',
      'l.remark',
      'l.description',
      'l.event_id',
      'l.market_id',
      'l.market_type',
      'l.created_at',
    ]);
  if (filter.house) query = query.where('a.kind', '=', 'house');
  if (filter.clientId !== undefined) query = query.where('a.client_id', '=', filter.clientId);
  if (filter.marketId !== undefined) query = query.where('l.market_id', '=', filter.marketId);
  if (filter.kind !== undefined) query = query.where('l.kind', '=', filter.kind);
  const rows = await query.orderBy('l.id').execute();
  return rows.map((row) => ({
    id: row.id,
    txnId: row.txn_id,
    accountId: row.account_id,
    clientId: row.client_id,
    username: row.username,
    kind: row.kind,
    amountPaise: BigInt(row.amount_paise),
    remark: row.remark,
    description: row.description,
    eventId: row.event_id,
    marketId: row.market_id,
    marketType: row.market_type,
    createdAt: row.created_at,
  }));
}

/** A client's open positions (or everyone's): position key and exposure in paise. */
export async function positionRows(
  db: Db | Tx,
  clientId?: string,
): Promise<{ clientId: string; positionKey: string; exposurePaise: bigint }[]> {
  let query = db.selectFrom('exposures').select(['client_id', 'position_key', 'exposure_paise']);
  if (clientId !== undefined) query = query.where('client_id', '=', clientId);
  const rows = await query.orderBy('client_id').orderBy('position_key').execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    positionKey: row.position_key,
    exposurePaise: BigInt(row.exposure_paise),
  }));
}

/** The house's wallet totals. */
export async function houseTotals(db: Db | Tx): Promise<{ credit: bigint; pl: bigint }> {
  const row = await db
    .selectFrom('wallets as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['w.credit_paise', 'w.pl_paise'])
    .where('a.kind', '=', 'house')
    .executeTakeFirstOrThrow();
  return { credit: BigInt(row.credit_paise), pl: BigInt(row.pl_paise) };
}

/** Every wallet's totals by account (the house's, the clients' and the agents'), in paise. */
export async function walletTotals(
  db: Db | Tx,
): Promise<Map<string, { credit: bigint; pl: bigint; exposure: bigint }>> {
  const rows = await db
    .selectFrom('wallets')
    .select(['account_id', 'credit_paise', 'pl_paise', 'exposure_paise'])
    .orderBy('account_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.account_id,
      {
        credit: BigInt(row.credit_paise),
        pl: BigInt(row.pl_paise),
        exposure: BigInt(row.exposure_paise),
      },
    ]),
  );
}
