import { assertNever } from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { ResultDeclaration } from '../../feed/types.js';
import type { Clock, Random } from '../../seams.js';
import type { Result, SettlementOutcome } from './settlement-plan.js';
import { rollback, settle, type TargetOutcome } from './settlement-transactions.js';
import * as q from './settlement.queries.js';

export type { Result, SettlementOutcome } from './settlement-plan.js';

/**
 * Settlement (docs/decisions.md#money): the market row FOR UPDATE, then wallets by ascending account; one ledger
 * transaction per client and market at the domain's figures, split among the levels of the agent
 * network (docs/agents.md#settlement-split), commission on a net win, commission paid to the
 * client and borne by the levels (docs/agents.md#commission), exposure released, bets Settled or
 * Lost; the same result again changes nothing; another result is a 409 until a rollback, which
 * writes the negation of every row booked and re-imposes exposure. What it decides is
 * settlement-plan.ts's; its transactions are settlement-transactions.ts's; here they run in a
 * transaction of their own or the caller's, and the event is told changed once committed.
 */
export function createSettlementService(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  /**
   * Hears each settled, voided or rolled back event once its transaction has committed, before the
   * answer: this instance's catalog drops it at once (the others hear PostgreSQL's notification).
   */
  onChanged?: (eventId: number) => void;
}) {
  const { db } = deps;
  /** The target's event, as its row has it, is told changed once the outcome is committed. */
  const changed = ({ outcome, eventId }: TargetOutcome): SettlementOutcome => {
    if (outcome.ok && outcome.changed && eventId !== undefined) deps.onChanged?.(eventId);
    return outcome;
  };

  return {
    declare: (result: Result) => inTransaction(db, (tx) => settle(tx, deps, result)).then(changed),
    rollback: (target: string, reason: string) =>
      inTransaction(db, (tx) => rollback(tx, deps, target, reason)).then(changed),
    /**
     * `declare` on the caller's transaction (an operator's action, docs/backoffice.md); `whenDone`
     * receives what must run once it commits.
     */
    declareIn: async (
      tx: Tx,
      result: Result,
      whenDone: (hook: () => void) => void,
    ): Promise<SettlementOutcome> => {
      const settled = await settle(tx, deps, result);
      whenDone(() => void changed(settled));
      return settled.outcome;
    },
    /** `rollback` on the caller's transaction, as `declareIn`. */
    rollbackIn: async (
      tx: Tx,
      target: string,
      reason: string,
      whenDone: (hook: () => void) => void,
    ): Promise<SettlementOutcome> => {
      const rolledBack = await rollback(tx, deps, target, reason);
      whenDone(() => void changed(rolledBack));
      return rolledBack.outcome;
    },
    async setCommission(username: string, percent: number): Promise<SettlementOutcome> {
      const basisPoints = Math.round(percent * 100);
      const found = await inTransaction(db, (tx) => q.setCommission(tx, username, basisPoints));
      if (!found) return { ok: false, message: `No client named '${username}'` };
      return {
        ok: true,
        changed: true,
        message: `Commission of ${username} set to ${(basisPoints / 100).toFixed(2)}%`,
      };
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;

/** A feed declaration as a settlement result (the first declaration wins; a later one is logged). */
export function resultOfDeclaration(declaration: ResultDeclaration): Result {
  switch (declaration.kind) {
    case 'market':
      return {
        kind: 'winner',
        marketId: declaration.marketId,
        selectionId: String(declaration.winnerSelectionId),
      };
    case 'fancy':
      return { kind: 'runs', selectionId: declaration.selectionId, runs: declaration.runs };
    case 'void-market':
      return { kind: 'void', target: declaration.marketId, reason: declaration.reason };
    case 'void-fancy':
      return { kind: 'void', target: declaration.selectionId, reason: declaration.reason };
    default:
      return assertNever(declaration, 'declaration');
  }
}

/** The feed's hook: settle each declaration, logging one that arrives after another result. */
export function settleFromFeed(settlement: SettlementService, log: (message: string) => void) {
  return async (declaration: ResultDeclaration): Promise<void> => {
    try {
      const outcome = await settlement.declare(resultOfDeclaration(declaration));
      if (!outcome.ok) log(`feed result not settled: ${outcome.message}`);
    } catch (error) {
      log(`feed result not settled: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
