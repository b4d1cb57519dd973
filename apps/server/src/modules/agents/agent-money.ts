import { referencePl } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import type { LedgerKind } from '../../db/schema.js';
import type { Clock, Random } from '../../seams.js';
import { accountOfAgent, lockAccountWallets, subtreeTotals } from '../wallet/agent-wallets.js';
import { accountOfClient, postPair, type Wallet } from '../wallet/wallet.service.js';
import {
  AGENTS_TEXT,
  done,
  invalid,
  refused,
  rupeesText,
  type ActionAnswer,
  type AgentGate,
  type AgentWork,
  type Refusal,
} from './agent-actions.js';
import type * as q from './agents.queries.js';
import { findTarget, targetId, targetName, targetParentId, type Target } from './tree.js';

/*
 * Chips between a parent and its child (docs/agents.md#chips, #clearing): each transfer one
 * ledger pair, the child's row and the parent's, in one transaction that locks both wallets in
 * ascending account order before it reads either balance, so parallel transfers cannot overdraw.
 */

/** A transfer asked of the actor: the child, the transaction password, the key. */
export interface TransferInput {
  readonly username: string;
  readonly transactionPassword: string;
  readonly remark?: string | undefined;
  readonly key?: string | undefined;
}

/** Two wallets of a transfer, locked: the actor's and its child's. */
interface Locked {
  readonly target: Target;
  readonly actorAccount: string;
  readonly childAccount: string;
  readonly actorWallet: Wallet;
  readonly childWallet: Wallet;
}

/** What the child may give back: a client's main balance, an agent's own balance. */
const freeOf = (locked: Locked): bigint =>
  locked.target.kind === 'client' ? locked.childWallet.mainBalance : locked.childWallet.balance;

const positiveAmount = (amount: bigint): Refusal | null =>
  typeof amount === 'bigint' && amount > 0n
    ? null
    : invalid('amount', 'The amount must be a positive whole number of paise');

export interface AgentMoneyDeps {
  readonly gate: AgentGate;
  readonly clock: Clock;
  readonly random: Random;
}

export function createAgentMoney(deps: AgentMoneyDeps) {
  const { gate, clock, random } = deps;

  /** The actor's direct child `username` and both wallets, locked; or why not. */
  async function lockPair(tx: Tx, actor: q.AgentRow, username: string): Promise<Locked | Refusal> {
    const target = await findTarget(tx, actor, username);
    if ('ok' in target) return target;
    if (targetParentId(target) !== actor.id)
      return refused(AGENTS_TEXT.notChild(targetName(target)));
    const actorAccount = await accountOfAgent(tx, actor.id);
    const childAccount =
      target.kind === 'client'
        ? await accountOfClient(tx, target.client.id)
        : await accountOfAgent(tx, target.agent.id);
    if (!actorAccount || !childAccount)
      throw new Error(`an account of ${actor.username} is missing`);
    const wallets = await lockAccountWallets(tx, [actorAccount, childAccount]);
    const actorWallet = wallets.get(actorAccount);
    const childWallet = wallets.get(childAccount);
    if (!actorWallet || !childWallet) throw new Error('a wallet is missing');
    return { target, actorAccount, childAccount, actorWallet, childWallet };
  }

  /** Posts the pair: + moves chips to the child, − back to the actor. */
  async function post(
    tx: Tx,
    locked: Locked,
    move: { kind: LedgerKind; amountPaise: bigint; remark: string },
  ): Promise<Pick<AgentWork, 'before' | 'after'>> {
    await postPair(tx, {
      txnId: random.uuid(),
      clientAccountId: locked.childAccount,
      houseAccountId: locked.actorAccount,
      kind: move.kind,
      amountPaise: move.amountPaise,
      remark: move.remark,
      at: clock.now(),
    });
    const actorBefore = locked.actorWallet.balance;
    const childBefore = locked.childWallet.balance;
    return {
      before: { actorBalancePaise: actorBefore, childBalancePaise: childBefore },
      after: {
        actorBalancePaise: actorBefore - move.amountPaise,
        childBalancePaise: childBefore + move.amountPaise,
      },
    };
  }

  /** Whether the actor's own balance covers `amount` (the admin's is the house's: always). */
  const covers = (actor: q.AgentRow, locked: Locked, amount: bigint): Refusal | null =>
    actor.level === 'admin' || locked.actorWallet.balance >= amount
      ? null
      : refused(
          `Your balance of ${rupeesText(locked.actorWallet.balance)} does not cover ${rupeesText(amount)}`,
        );

  const transfer = (
    action: 'deposit' | 'withdraw',
    actorId: string,
    input: TransferInput & { readonly amountPaise: bigint },
  ): Promise<ActionAnswer> =>
    gate.run(actorId, input.transactionPassword, {
      prepare: () => Promise.resolve(positiveAmount(input.amountPaise)),
      request: () => ({
        action: `agent.${action}`,
        target: input.username,
        key: input.key,
        body: {
          username: input.username,
          amountPaise: input.amountPaise.toString(),
          remark: input.remark ?? null,
        },
      }),
      work: async (tx, actor) => {
        const locked = await lockPair(tx, actor, input.username);
        if ('ok' in locked) return { answer: locked };
        const name = targetName(locked.target);
        const amount = input.amountPaise;
        if (action === 'deposit') {
          const short = covers(actor, locked, amount);
          if (short) return { answer: short };
          const moved = await post(tx, locked, {
            kind: 'credit',
            amountPaise: amount,
            remark: input.remark ?? `Deposit from ${actor.username}`,
          });
          return { answer: done(`Deposited ${rupeesText(amount)} to ${name}`), ...moved };
        }
        const free = freeOf(locked);
        if (amount > free)
          return {
            answer: refused(
              `At most ${rupeesText(free < 0n ? 0n : free)} can be withdrawn from ${name}`,
            ),
          };
        const moved = await post(tx, locked, {
          kind: 'credit',
          amountPaise: -amount,
          remark: input.remark ?? `Withdrawal by ${actor.username}`,
        });
        return { answer: done(`Withdrew ${rupeesText(amount)} from ${name}`), ...moved };
      },
    });

  return {
    /** Chips from the actor's balance to its child's. */
    deposit: (actorId: string, input: TransferInput & { readonly amountPaise: bigint }) =>
      transfer('deposit', actorId, input),

    /** Chips from the child's free balance back to the actor. */
    withdraw: (actorId: string, input: TransferInput & { readonly amountPaise: bigint }) =>
      transfer('withdraw', actorId, input),

    /**
     * Records cash settled outside (docs/agents.md#clearing): chips move so that the child's
     * reference P/L becomes 0 — to the child when it is down, from it when it is up, then at most
     * its free balance (a partial clearing, never past zero). The credit reference stays.
     */
    clearPl: (actorId: string, input: TransferInput): Promise<ActionAnswer> =>
      gate.run(actorId, input.transactionPassword, {
        request: () => ({
          action: 'agent.clear-pl',
          target: input.username,
          key: input.key,
          body: { username: input.username, remark: input.remark ?? null },
        }),
        work: async (tx, actor) => {
          const locked = await lockPair(tx, actor, input.username);
          if ('ok' in locked) return { answer: locked };
          const { target } = locked;
          const name = targetName(target);
          const downline =
            target.kind === 'agent'
              ? ((await subtreeTotals(tx, [targetId(target)])).get(targetId(target))
                  ?.downlinePaise ?? 0n)
              : 0n;
          const creditReference =
            target.kind === 'agent'
              ? target.agent.creditReferencePaise
              : target.client.creditReferencePaise;
          const pl = referencePl(locked.childWallet.balance + downline, creditReference);
          if (pl === 0n) return { answer: refused(`${name}'s reference P/L is already 0`) };
          const remark = input.remark ?? `Clearing with ${actor.username}`;
          if (pl < 0n) {
            const short = covers(actor, locked, -pl);
            if (short) return { answer: short };
            const moved = await post(tx, locked, { kind: 'clearing', amountPaise: -pl, remark });
            return {
              answer: done(
                `Cleared ${name}'s P/L of ${rupeesText(pl)}: ${rupeesText(-pl)} to ${name}`,
              ),
              ...moved,
            };
          }
          const free = freeOf(locked);
          const amount = pl < free ? pl : free;
          if (amount <= 0n)
            return { answer: refused(`${name} has no free balance to clear its P/L with`) };
          const moved = await post(tx, locked, { kind: 'clearing', amountPaise: -amount, remark });
          return {
            answer: done(
              amount === pl
                ? `Cleared ${name}'s P/L of ${rupeesText(pl)}: ${rupeesText(amount)} from ${name}`
                : `Cleared ${rupeesText(amount)} of ${name}'s P/L of ${rupeesText(pl)}: its free balance covers no more`,
            ),
            ...moved,
          };
        },
      }),
  };
}

export type AgentMoney = ReturnType<typeof createAgentMoney>;
