import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import * as q from './wallet.queries.js';
import { walletOf, type Wallet } from './wallet.service.js';

/*
 * The wallets of the agent network (docs/agents.md#chips): every user above the clients holds
 * chips in an account of its own, the admin's being the house's. The agents module decides what
 * moves; these find, lock and read those accounts, `openAgentAccount` (wallet.service.ts) opens
 * one and `postPair` moves the chips, as for a client.
 */

/** The account of a user above the clients (the admin's is the house's), or undefined. */
export async function accountOfAgent(db: Db | Tx, agentId: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string | null }>`SELECT coalesce(
      (SELECT id FROM accounts WHERE agent_id = ${agentId}::bigint),
      (SELECT h.id FROM accounts h JOIN agents a ON a.id = ${agentId}::bigint AND a.level = 'admin'
        WHERE h.kind = 'house')) AS id`.execute(db);
  return rows[0]?.id ?? undefined;
}

/**
 * Locks the wallets of `accountIds` FOR UPDATE in ascending account order, the lock order of
 * every money-moving transaction (docs/decisions.md#money); answers each account's wallet.
 */
export async function lockAccountWallets(
  tx: Tx,
  accountIds: readonly string[],
): Promise<Map<string, Wallet>> {
  const rows = await q.lockWallets(tx, accountIds);
  return new Map([...rows].map(([accountId, row]) => [accountId, walletOf(row)]));
}

/** A user above the clients' own balance, and what its downline holds (docs/agents.md#credit-reference). */
export interface SubtreeTotals {
  /** Its own wallet's credit + PL. */
  readonly ownPaise: bigint;
  /** Every balance below it, agents' and clients' (credit + PL). */
  readonly downlinePaise: bigint;
  /** The exposure of every client below it. */
  readonly downlineExposurePaise: bigint;
}

/** The totals of each agent of `agentIds`, in one statement (the paths' GIN index). */
export async function subtreeTotals(
  db: Db | Tx,
  agentIds: readonly string[],
): Promise<Map<string, SubtreeTotals>> {
  if (agentIds.length === 0) return new Map();
  const { rows } = await sql<{
    agent_id: string;
    own: string;
    agents: string;
    clients: string;
    exposure: string;
  }>`SELECT x.id::text AS agent_id,
      coalesce(own.balance, 0) AS own, coalesce(da.balance, 0) AS agents,
      coalesce(dc.balance, 0) AS clients, coalesce(dc.exposure, 0) AS exposure
    FROM unnest(${[...agentIds]}::bigint[]) AS x(id)
    LEFT JOIN LATERAL (
      SELECT w.credit_paise + w.pl_paise AS balance FROM accounts ac
      JOIN wallets w ON w.account_id = ac.id WHERE ac.agent_id = x.id) own ON true
    LEFT JOIN LATERAL (
      SELECT sum(w.credit_paise + w.pl_paise) AS balance FROM agents d
      JOIN accounts ac ON ac.agent_id = d.id JOIN wallets w ON w.account_id = ac.id
      WHERE d.path @> ARRAY[x.id]) da ON true
    LEFT JOIN LATERAL (
      SELECT sum(w.credit_paise + w.pl_paise) AS balance, sum(w.exposure_paise) AS exposure
      FROM clients c JOIN accounts ac ON ac.client_id = c.id
      JOIN wallets w ON w.account_id = ac.id
      WHERE c.path @> ARRAY[x.id]) dc ON true`.execute(db);
  return new Map(
    rows.map((row) => [
      row.agent_id,
      {
        ownPaise: BigInt(row.own),
        downlinePaise: BigInt(row.agents) + BigInt(row.clients),
        downlineExposurePaise: BigInt(row.exposure),
      },
    ]),
  );
}

/** The wallets of `clientIds` as committed now, in one statement (to show, not to spend). */
export async function clientWallets(
  db: Db | Tx,
  clientIds: readonly string[],
): Promise<Map<string, Wallet>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('wallets as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['a.client_id', 'w.account_id', 'w.credit_paise', 'w.pl_paise', 'w.exposure_paise'])
    .where('a.client_id', 'in', [...clientIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.client_id ?? '',
      walletOf({
        accountId: row.account_id,
        creditPaise: BigInt(row.credit_paise),
        plPaise: BigInt(row.pl_paise),
        exposurePaise: BigInt(row.exposure_paise),
      }),
    ]),
  );
}

/** One account's wallet as committed now (to show, not to spend). */
export async function walletOfAccount(db: Db | Tx, accountId: string): Promise<Wallet> {
  const row = await db
    .selectFrom('wallets')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return walletOf({
    accountId: row.account_id,
    creditPaise: BigInt(row.credit_paise),
    plPaise: BigInt(row.pl_paise),
    exposurePaise: BigInt(row.exposure_paise),
  });
}
