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
 * and reverseBooked for many, with the house and the level accounts of the agent network in the
 * same sorted lock).
 */

export type { AccountAmount, Posting, SplitPosting } from './wallet.queries.js';
/** The ledger as a user above the clients reads it (modules/agents' reports). */
export * as agentLedger from './agent-ledger.queries.js';
export type { CommissionLine, CommissionSums, PlSums } from './agent-ledger.queries.js';
export { postPair, postSplit } from './wallet.queries.js';

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

/** Opens the account and the empty wallet of a user above the clients (docs/agents.md#chips). */
export const openAgentAccount = (tx: Tx, agentId: string) => q.openAgentAccount(tx, agentId);

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
  /** The client's side (+ the client won); 0 writes no client row. */
  readonly amountPaise: bigint;
  /**
   * Who books the opposite (docs/agents.md#settlement-split): each level's account and amount,
   * together −amountPaise. None: the house alone, a pair.
   */
  readonly levels?: readonly q.AccountAmount[];
  /**
   * Commission paid to the client (kind commission) and the levels' bearing of it, together its
   * negation (docs/agents.md#commission): booked beside the result, under its transaction id.
   */
  readonly commission?: {
    readonly amountPaise: bigint;
    readonly levels: readonly q.AccountAmount[];
  };
}

/**
 * Settle a position's clients: the wallets of the house, the clients and every level account
 * locked together by ascending account, then per client one ledger transaction — its split (or
 * pair with the house) and its commission, no zero rows — and its position's exposure released.
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
  const { positionKey, lines, ...posting } = settling;
  const levelsOf = (line: SettleLine) =>
    line.levels ?? [{ accountId: house, amountPaise: -line.amountPaise }];
  await q.lockWallets(tx, [
    ...new Set([
      house,
      ...lines.flatMap((line) => [
        line.accountId,
        ...levelsOf(line).map((level) => level.accountId),
        ...(line.commission?.levels ?? []).map((level) => level.accountId),
      ]),
    ]),
  ]);
  const txnIds = new Map<string, string | null>();
  for (const line of lines) {
    const levels = levelsOf(line);
    const commission = line.commission?.amountPaise ?? 0n;
    const moves =
      line.amountPaise !== 0n || commission !== 0n || levels.some((l) => l.amountPaise !== 0n);
    const txnId = moves ? random.uuid() : null;
    if (txnId) {
      const client = { ...posting, txnId, clientAccountId: line.accountId };
      await q.postSplit(tx, { ...client, amountPaise: line.amountPaise, levels });
      if (line.commission && commission !== 0n) {
        await q.postSplit(tx, {
          ...client,
          kind: 'commission',
          amountPaise: commission,
          levels: line.commission.levels,
        });
      }
    }
    await q.release(tx, line.accountId, line.clientId, positionKey);
    txnIds.set(line.clientId, txnId);
  }
  return txnIds;
}

/**
 * Reverses exactly what ledger transactions booked (docs/agents.md#settlement-split: a rollback
 * negates what was booked, never splits again): the wallets their rows name and `alsoLock`
 * locked together by ascending account, then per group of transactions one new transaction
 * writing the negation of their rows, summed per account and kind, with `remark`. Answers each
 * group's new transaction id (null for an empty group). The caller holds the market's lock.
 */
export async function reverseBooked(
  tx: Tx,
  random: Random,
  reversing: {
    readonly groups: readonly (readonly string[])[];
    readonly alsoLock: readonly string[];
    readonly remark: string;
    readonly at: Date;
  },
): Promise<(string | null)[]> {
  const booked = await q.txnAccounts(tx, reversing.groups.flat());
  const locking = [...new Set([...booked, ...reversing.alsoLock])];
  if (locking.length > 0) await q.lockWallets(tx, locking);
  const newTxnIds: (string | null)[] = [];
  for (const txnIds of reversing.groups) {
    if (txnIds.length === 0) {
      newTxnIds.push(null);
      continue;
    }
    const newTxnId = random.uuid();
    await q.reverseTxns(tx, { txnIds, newTxnId, remark: reversing.remark, at: reversing.at });
    newTxnIds.push(newTxnId);
  }
  return newTxnIds;
}

/**
 * The ledger transactions of one market naming each client account, oldest first (a matka
 * market's results and their rollbacks): reversed together, they undo what stands.
 */
export const marketTxnsOf = (
  db: Db | Tx,
  market: { accountIds: readonly string[]; marketType: string; marketId: string },
) => q.marketTxns(db, market);

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
