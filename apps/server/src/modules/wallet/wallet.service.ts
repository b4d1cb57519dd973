import type { Paise } from '@backlay/domain';
import { inTransaction, type Db } from '../../db/pool.js';
import type { LedgerKind } from '../../db/schema.js';
import type { Clock, Random } from '../../seams.js';
import * as q from './wallet.queries.js';
import { rupeesWire } from '../../money.js';

/** A client's wallet in paise (DESIGN §5). */
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
  const balance = row.creditPaise + row.plPaise;
  return {
    creditLimit: row.creditPaise,
    pl: row.plPaise,
    exposure: row.exposurePaise,
    balance,
    mainBalance: balance - row.exposurePaise,
  };
}

export type TransferOutcome =
  | { readonly kind: 'done'; readonly wallet: Wallet }
  | { readonly kind: 'refused'; readonly message: string };

export interface WalletServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
}

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, random } = deps;
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
    async transferCredit(input: {
      clientId: string;
      amount: Paise;
      remark: string;
      kind?: LedgerKind;
    }): Promise<TransferOutcome> {
      const amount = BigInt(input.amount);
      return inTransaction(db, async (tx) => {
        const house = await q.houseAccountId(tx);
        const account = await q.clientAccountId(tx, input.clientId);
        if (!account) return { kind: 'refused', message: 'No such client' };
        const wallets = await q.lockWallets(tx, [house, account]);
        const before = wallets.get(account);
        if (!before) throw new Error(`wallet of account ${account} is missing`);
        const available = walletOf(before).mainBalance;
        if (amount < 0n && available + amount < 0n) {
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
        return { kind: 'done', wallet: walletOf(after) };
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
