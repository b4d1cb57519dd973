import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { LedgerKind, WalletsTable } from '../../db/schema.js';

export interface WalletRow {
  readonly accountId: string;
  readonly creditPaise: bigint;
  readonly plPaise: bigint;
  readonly exposurePaise: bigint;
}

function toWallet(row: Selectable<WalletsTable>): WalletRow {
  return {
    accountId: row.account_id,
    creditPaise: BigInt(row.credit_paise),
    plPaise: BigInt(row.pl_paise),
    exposurePaise: BigInt(row.exposure_paise),
  };
}

export async function houseAccountId(db: Db | Tx): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('kind', '=', 'house')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function clientAccountId(db: Db | Tx, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.id;
}

/** Opens the account and the empty wallet of a new client. */
export async function openClientAccount(tx: Tx, clientId: string): Promise<string> {
  const account = await tx
    .insertInto('accounts')
    .values({ kind: 'client', client_id: clientId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.insertInto('wallets').values({ account_id: account.id }).execute();
  return account.id;
}

export async function readClientWallet(
  db: Db | Tx,
  clientId: string,
): Promise<WalletRow | undefined> {
  const row = await db
    .selectFrom('wallets')
    .innerJoin('accounts', 'accounts.id', 'wallets.account_id')
    .select([
      'wallets.account_id',
      'wallets.credit_paise',
      'wallets.pl_paise',
      'wallets.exposure_paise',
    ])
    .where('accounts.client_id', '=', clientId)
    .executeTakeFirst();
  return row && toWallet(row);
}

/** Locks wallets in ascending account order, the lock order of every money-moving transaction (docs/decisions.md#money). */
export async function lockWallets(
  tx: Tx,
  accountIds: readonly string[],
): Promise<Map<string, WalletRow>> {
  const rows = await tx
    .selectFrom('wallets')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.account_id, toWallet(row)]));
}

export interface Posting {
  readonly txnId: string;
  /** The client's side; the house takes the opposite amount. */
  readonly clientAccountId: string;
  readonly houseAccountId: string;
  readonly kind: LedgerKind;
  readonly amountPaise: bigint;
  readonly remark: string;
  readonly description?: string;
  readonly eventId?: string | null;
  readonly marketId?: string | null;
  readonly marketType?: string | null;
  readonly at: Date;
}

/**
 * Writes one ledger pair (client and house, summing to zero) and moves both wallets' running
 * totals: `wallet_post_pair` (db/functions/wallet.sql). The caller holds both wallet locks.
 */
export async function postPair(tx: Tx, posting: Posting): Promise<void> {
  await sql`SELECT wallet_post_pair(${posting.txnId}::uuid, ${posting.clientAccountId}::bigint,
    ${posting.houseAccountId}::bigint, ${posting.kind}, ${posting.amountPaise.toString()}::bigint,
    ${posting.remark}, ${posting.description ?? ''}, ${posting.eventId ?? null}::bigint,
    ${posting.marketId ?? null}, ${posting.marketType ?? null}, ${posting.at}::timestamptz)`.execute(
    tx,
  );
}

/** One account's amount in a split, in paise (+ the account gains). */
export interface AccountAmount {
  readonly accountId: string;
  readonly amountPaise: bigint;
}

/** A split (docs/agents.md#settlement-split): the client's amount and the levels' opposite. */
export interface SplitPosting extends Omit<Posting, 'houseAccountId'> {
  /** Each level's account and amount (summed per account), together −amountPaise. */
  readonly levels: readonly AccountAmount[];
}

/**
 * Writes, under one transaction id, the client's row and one row per level account (no zero
 * rows), moving each wallet's running total: `wallet_post_split` (db/functions/wallet.sql). The
 * levels must sum to the client's amount negated, or nothing is written. The caller holds every
 * wallet's lock.
 */
export async function postSplit(tx: Tx, posting: SplitPosting): Promise<void> {
  const accounts = posting.levels.map((level) => level.accountId);
  const amounts = posting.levels.map((level) => level.amountPaise.toString());
  await sql`SELECT wallet_post_split(${posting.txnId}::uuid, ${posting.clientAccountId}::bigint,
    ${posting.kind}, ${posting.amountPaise.toString()}::bigint, ${accounts}::bigint[],
    ${amounts}::bigint[], ${posting.remark}, ${posting.description ?? ''},
    ${posting.eventId ?? null}::bigint, ${posting.marketId ?? null}, ${posting.marketType ?? null},
    ${posting.at}::timestamptz)`.execute(tx);
}

/**
 * Writes under `newTxnId` the negation of what the transactions `txnIds` booked, per account and
 * kind, with the remark given, and moves the running totals: `wallet_reverse_txns`. The caller
 * holds the lock of every wallet they name (`txnAccounts`).
 */
export async function reverseTxns(
  tx: Tx,
  reversal: { txnIds: readonly string[]; newTxnId: string; remark: string; at: Date },
): Promise<void> {
  await sql`SELECT wallet_reverse_txns(${[...reversal.txnIds]}::uuid[],
    ${reversal.newTxnId}::uuid, ${reversal.remark}, ${reversal.at}::timestamptz)`.execute(tx);
}

/** The accounts the rows of the transactions name, ascending (the wallets a reversal locks). */
export async function txnAccounts(db: Db | Tx, txnIds: readonly string[]): Promise<string[]> {
  if (txnIds.length === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .select('account_id')
    .distinct()
    .where('txn_id', 'in', [...txnIds])
    .orderBy('account_id')
    .execute();
  return rows.map((row) => row.account_id);
}

/**
 * The transactions of one market (kind of market and id) that name each account, oldest first:
 * its results and their reversals, which together leave what stands.
 */
export async function marketTxns(
  db: Db | Tx,
  market: { accountIds: readonly string[]; marketType: string; marketId: string },
): Promise<Map<string, string[]>> {
  const txns = new Map<string, string[]>();
  if (market.accountIds.length === 0) return txns;
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account_id', 'txn_id'])
    .where('account_id', 'in', [...market.accountIds])
    .where('market_type', '=', market.marketType)
    .where('market_id', '=', market.marketId)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = txns.get(row.account_id) ?? [];
    if (!list.includes(row.txn_id)) list.push(row.txn_id);
    txns.set(row.account_id, list);
  }
  return txns;
}

/** Opens the account and the empty wallet of a user above the clients (docs/agents.md#chips). */
export async function openAgentAccount(tx: Tx, agentId: string): Promise<string> {
  const account = await tx
    .insertInto('accounts')
    .values({ kind: 'agent', agent_id: agentId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.insertInto('wallets').values({ account_id: account.id }).execute();
  return account.id;
}

/**
 * Sets a position's exposure and moves the wallet by the difference: `wallet_hold` (migration
 * 0009). Answers the position's new version, or null when the main balance cannot cover the
 * addition (nothing changed). The caller holds the wallet's lock.
 */
export async function hold(
  tx: Tx,
  change: {
    accountId: string;
    clientId: string;
    positionKey: string;
    eventId: string | number | null;
    exposure: bigint;
    mayOverdraw: boolean;
  },
): Promise<string | null> {
  const { rows } = await sql<{ version: string | null }>`SELECT wallet_hold(
    ${change.accountId}::bigint, ${change.clientId}::bigint, ${change.positionKey},
    ${change.eventId === null ? null : String(change.eventId)}::bigint,
    ${change.exposure.toString()}::bigint, ${change.mayOverdraw}) AS version`.execute(tx);
  return rows[0]?.version ?? null;
}

/** Ends a position and takes its exposure off the wallet: `wallet_release`. Answers what was held. */
export async function release(
  tx: Tx,
  accountId: string,
  clientId: string,
  positionKey: string,
): Promise<bigint> {
  const { rows } = await sql<{ held: string }>`SELECT wallet_release(${accountId}::bigint,
    ${clientId}::bigint, ${positionKey}) AS held`.execute(tx);
  return BigInt(rows[0]?.held ?? 0);
}

/** The exposure a client's position holds now (0 when none). */
export async function positionExposure(
  db: Db | Tx,
  clientId: string,
  positionKey: string,
): Promise<bigint> {
  const row = await db
    .selectFrom('exposures')
    .select('exposure_paise')
    .where('client_id', '=', clientId)
    .where('position_key', '=', positionKey)
    .executeTakeFirst();
  return row ? BigInt(row.exposure_paise) : 0n;
}

/** A client's net loss from `from` to `to` (wallet_net_loss, db/functions/wallet.sql): negative when ahead. */
export async function netLoss(
  db: Db | Tx,
  clientId: string,
  from: Date,
  to: Date,
): Promise<bigint> {
  const { rows } = await sql<{ loss: string }>`SELECT wallet_net_loss(${clientId}, ${from}, ${to})
    AS loss`.execute(db);
  return BigInt(rows[0]?.loss ?? '0');
}
