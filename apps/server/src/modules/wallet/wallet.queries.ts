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

/** Locks wallets in ascending account order, the lock order of every money-moving transaction (DESIGN §5). */
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
 * totals. The caller holds both wallet locks and the transaction.
 */
export async function postPair(tx: Tx, posting: Posting): Promise<void> {
  const common = {
    txn_id: posting.txnId,
    kind: posting.kind,
    remark: posting.remark,
    description: posting.description ?? '',
    event_id: posting.eventId ?? null,
    market_id: posting.marketId ?? null,
    market_type: posting.marketType ?? null,
    created_at: posting.at,
  };
  await tx
    .insertInto('ledger_entries')
    .values([
      {
        ...common,
        account_id: posting.clientAccountId,
        amount_paise: posting.amountPaise.toString(),
      },
      {
        ...common,
        account_id: posting.houseAccountId,
        amount_paise: (-posting.amountPaise).toString(),
      },
    ])
    .execute();
  const column = posting.kind === 'credit' ? 'credit_paise' : 'pl_paise';
  for (const [accountId, delta] of [
    [posting.clientAccountId, posting.amountPaise],
    [posting.houseAccountId, -posting.amountPaise],
  ] as const) {
    await tx
      .updateTable('wallets')
      .set({ [column]: sql`${sql.ref(column)} + ${delta.toString()}::bigint` })
      .where('account_id', '=', accountId)
      .execute();
  }
}
