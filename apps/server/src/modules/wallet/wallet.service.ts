import { canHold, mainBalance, type Paise } from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { LedgerKind } from '../../db/schema.js';
import type { Clock, Random } from '../../seams.js';
import * as q from './wallet.queries.js';
import { rupeesWire } from '../../money.js';

/** A client's wallet in paise (docs/decisions.md#money). */
export interface Wallet {
  readonly creditLimit: bigint;
  readonly pl: bigint;
  readonly exposure: bigint;
  /** CreditLimit + PL. */
  readonly balance: bigint;
  /** Balance − Exposure: the header's W: figure. */
  readonly mainBalance: bigint;
}

export function walletOf(row: q.WalletRow): Wallet {
  const totals = { credit: row.creditPaise, pl: row.plPaise, exposure: row.exposurePaise };
  return {
    creditLimit: row.creditPaise,
    pl: row.plPaise,
    exposure: row.exposurePaise,
    balance: row.creditPaise + row.plPaise,
    mainBalance: mainBalance(totals),
  };
}

const totalsOf = (row: q.WalletRow) => ({
  credit: row.creditPaise,
  pl: row.plPaise,
  exposure: row.exposurePaise,
});

/*
 * The wallet's operations (docs/architecture.md, "Money"). Bets, matka, casino and settlement
 * decide what to hold or post and call these inside their transaction; nothing else reads or
 * writes wallets, exposures or ledger_entries. Lock order (docs/decisions.md#money): the caller's market row
 * first, then wallets by ascending account id (lockClientWallet for one client, settlePositions
 * for many, with the house).
 */

export type { Posting } from './wallet.queries.js';
export { postPair } from './wallet.queries.js';

/** A client's wallet as committed now, without a lock (a balance to show, not to spend). */
export async function readWallet(db: Db | Tx, clientId: string): Promise<Wallet> {
  const row = await q.readClientWallet(db, clientId);
  if (!row) throw new Error(`client ${clientId} has no wallet`);
  return walletOf(row);
}

/**
 * A client's net loss from `from` to `to`: every ledger row but credit (settled bets, commission,
 * casino rounds, matka), negated (docs/safer-gambling.md).
 */
export const netLossOf = (db: Db | Tx, clientId: string, from: Date, to: Date) =>
  q.netLoss(db, clientId, from, to);

/** A client's account id (accounts never change), or undefined for no such client. */
export const accountOfClient = (db: Db | Tx, clientId: string) => q.clientAccountId(db, clientId);

/** Opens the account and the empty wallet of a new client (clients.service, in its transaction). */
export const openClientAccount = (tx: Tx, clientId: string) => q.openClientAccount(tx, clientId);

/** Locks one client's wallet FOR UPDATE: its account and wallet, or undefined for no such client. */
export async function lockClientWallet(
  tx: Tx,
  clientId: string,
): Promise<{ accountId: string; wallet: Wallet } | undefined> {
  const accountId = await q.clientAccountId(tx, clientId);
  if (!accountId) return undefined;
  const row = (await q.lockWallets(tx, [accountId])).get(accountId);
  if (!row) throw new Error(`wallet of account ${accountId} is missing`);
  return { accountId, wallet: walletOf(row) };
}

/**
 * Hold: sets a position's exposure to `exposure` paise, refused (false, nothing changed) when the
 * increase is more than the main balance covers (docs/decisions.md#money). A rollback re-imposing exposure may
 * overdraw. The caller holds the wallet's lock (lockClientWallet).
 */
export async function holdPosition(
  tx: Tx,
  hold: {
    accountId: string;
    clientId: string;
    positionKey: string;
    eventId: string | number | null;
    exposure: bigint;
    mayOverdraw?: boolean;
  },
): Promise<boolean> {
  const version = await q.hold(tx, { ...hold, mayOverdraw: hold.mayOverdraw ?? false });
  return version !== null;
}

/** The exposure a client's position holds now, in paise (0 when none). */
export const positionExposure = (db: Db | Tx, clientId: string, positionKey: string) =>
  q.positionExposure(db, clientId, positionKey);

/** Release: ends a position, taking its exposure off the wallet; answers what it held. */
export const releasePosition = (
  tx: Tx,
  position: { accountId: string; clientId: string; positionKey: string },
) => q.release(tx, position.accountId, position.clientId, position.positionKey);

export interface SettleLine {
  readonly clientId: string;
  readonly accountId: string;
  /** The client's side of the pair (the house takes the opposite); 0 posts nothing. */
  readonly amountPaise: bigint;
}

/**
 * Settle a position's clients: the house's and their wallets locked by ascending account, then
 * per client one ledger pair of its amount (none for 0) and its position's exposure released.
 * Answers each client's ledger transaction id (null when no money moved). The caller holds the
 * market's lock.
 */
export async function settlePositions(
  tx: Tx,
  random: Random,
  settling: Omit<q.Posting, 'txnId' | 'clientAccountId' | 'houseAccountId' | 'amountPaise'> & {
    readonly positionKey: string;
    readonly lines: readonly SettleLine[];
  },
): Promise<Map<string, string | null>> {
  const house = await q.houseAccountId(tx);
  await q.lockWallets(tx, [house, ...settling.lines.map((line) => line.accountId)]);
  const { positionKey, lines, ...posting } = settling;
  const txnIds = new Map<string, string | null>();
  for (const line of lines) {
    const txnId = line.amountPaise !== 0n ? random.uuid() : null;
    if (txnId) {
      await q.postPair(tx, {
        ...posting,
        txnId,
        clientAccountId: line.accountId,
        houseAccountId: house,
        amountPaise: line.amountPaise,
      });
    }
    await q.release(tx, line.accountId, line.clientId, positionKey);
    txnIds.set(line.clientId, txnId);
  }
  return txnIds;
}

/** The house's account and a lock of its wallet with the clients' (ascending account order). */
export async function lockWithHouse(tx: Tx, accountIds: readonly string[]): Promise<string> {
  const house = await q.houseAccountId(tx);
  await q.lockWallets(tx, [house, ...accountIds]);
  return house;
}

export type TransferOutcome =
  | { readonly kind: 'done'; readonly wallet: Wallet; readonly before: Wallet }
  | { readonly kind: 'refused'; readonly message: string };

export interface TransferInput {
  readonly clientId: string;
  readonly amount: Paise;
  readonly remark: string;
  readonly kind?: LedgerKind;
}

export interface WalletServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
}

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, random } = deps;
  async function transferCreditIn(tx: Tx, input: TransferInput): Promise<TransferOutcome> {
    const amount = BigInt(input.amount);
    const house = await q.houseAccountId(tx);
    const account = await q.clientAccountId(tx, input.clientId);
    if (!account) return { kind: 'refused', message: 'No such client' };
    const wallets = await q.lockWallets(tx, [house, account]);
    const before = wallets.get(account);
    if (!before) throw new Error(`wallet of account ${account} is missing`);
    const available = walletOf(before).mainBalance;
    // Taking credit lowers the main balance as much as holding that much exposure would.
    if (!canHold(totalsOf(before), -amount)) {
      return {
        kind: 'refused',
        message: `Cannot take more than the available balance (${rupeesWire(available).toFixed(2)})`,
      };
    }
    await q.postPair(tx, {
      txnId: random.uuid(),
      clientAccountId: account,
      houseAccountId: house,
      kind: input.kind ?? 'credit',
      amountPaise: amount,
      remark: input.remark,
      at: clock.now(),
    });
    const after = await q.readClientWallet(tx, input.clientId);
    if (!after) throw new Error(`wallet of client ${input.clientId} is missing`);
    return { kind: 'done', wallet: walletOf(after), before: walletOf(before) };
  }

  return {
    async read(clientId: string): Promise<Wallet> {
      const row = await q.readClientWallet(db, clientId);
      if (!row) throw new Error(`client ${clientId} has no wallet`);
      return walletOf(row);
    },

    /**
     * Gives (positive) or takes (negative) credit as one ledger pair with the house. A take may not
     * leave the client's MainBalance below zero.
     */
    transferCreditIn,

    transferCredit: (input: TransferInput): Promise<TransferOutcome> =>
      inTransaction(db, (tx) => transferCreditIn(tx, input)),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

// The reports' reads of the ledger (statement, profit and loss, match bets): ledger.queries.ts.
export {
  CANCELLED_BET_REMARK,
  matchBets,
  profitLossCount,
  profitLossPage,
  statementPage,
  statementTotals,
} from './ledger.queries.js';
export type {
  DayWindow,
  MatchBetRow,
  PageWindow,
  ProfitLossFilter,
  ProfitLossRow,
  StatementFilter,
  StatementRow,
  StatementTotals,
} from './ledger.queries.js';
