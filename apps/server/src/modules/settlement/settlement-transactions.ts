import { isMarketId } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import { conflict } from '../../errors.js';
import type { Clock, Random } from '../../seams.js';
import { openPositionExposure } from '../bets/open-bets.js';
import { clientCommission, splitByClient, type ClientSplit } from '../agents/takes.js';
import { betsToSettle, markSettled, reopenSettled } from '../bets/settling.js';
import { holdPosition, reverseBooked, settlePositions } from '../wallet/wallet.service.js';
import {
  betMarks,
  betOutcomes,
  clientLines,
  netByClient,
  paidCommission,
  remarkOf,
  resultRefusal,
  resultText,
  targetOf,
  type ClientLine,
  type Result,
  type SettledBet,
  type SettlementOutcome,
  type Target,
} from './settlement-plan.js';
import * as q from './settlement.queries.js';

/*
 * Settlement's transactions (docs/decisions.md#money): the market row FOR UPDATE, then wallets by
 * ascending account (the house's, the clients' and the levels' together); one ledger transaction
 * per client and market at the domain's figures: the client's result split among the levels of
 * the agent network by the takes each bet was placed under, commission on a net win kept by the
 * house, commission paid to the client borne by the levels (docs/agents.md#settlement-split,
 * #commission); exposure released, bets Settled or Lost; the same result again changes nothing;
 * another result is a 409 until a rollback, which writes the negation of every row booked and
 * re-imposes exposure. The decisions are settlement-plan.ts's and the domain's; here they are
 * read for and written, on the caller's transaction.
 */

/** What a settlement's transaction needs besides it: the time, and ids for its ledger pairs. */
export interface SettlementDeps {
  readonly clock: Clock;
  readonly random: Random;
}

/** The market (first in the lock order) or fancy runner FOR UPDATE, with its names and runners. */
export async function lockTarget(tx: Tx, target: string): Promise<Target | undefined> {
  if (isMarketId(target)) {
    const market = await q.lockMarketForSettlement(tx, target);
    if (!market) return undefined;
    const runners = await q.marketRunners(tx, target);
    return {
      target,
      eventId: market.event_id,
      marketType: market.market_type,
      label: market.name,
      description: `${market.event_name} - ${market.name}`,
      isFancy: false,
      runners,
    };
  }
  const fancy = await q.lockFancyForSettlement(tx, target);
  if (!fancy) return undefined;
  return {
    target,
    eventId: fancy.event_id,
    marketType: 'FANCY',
    label: fancy.name,
    description: `${fancy.event_name} - ${fancy.name}`,
    isFancy: true,
    runners: [],
  };
}

/**
 * A settlement's or rollback's outcome with the event of its target, as the locked row has it
 * (a market id need not name its event: docs/architecture.md identifiers); none when the target
 * was not found.
 */
export interface TargetOutcome {
  readonly outcome: SettlementOutcome;
  readonly eventId?: number;
}

/** Settles (or voids) a target with a result, on the caller's transaction. */
export async function settle(tx: Tx, deps: SettlementDeps, result: Result): Promise<TargetOutcome> {
  const target = targetOf(result);
  const subject = await lockTarget(tx, target);
  if (!subject) return { outcome: { ok: false, message: `No market or session ${target}` } };
  const outcome = await settleLocked(tx, deps, result, subject);
  return { outcome, eventId: Number(subject.eventId) };
}

async function settleLocked(
  tx: Tx,
  deps: SettlementDeps,
  result: Result,
  subject: Target,
): Promise<SettlementOutcome> {
  const { target } = subject;
  const refusal = resultRefusal(subject, result);
  if (refusal !== null) return { ok: false, message: refusal };
  const text = resultText(result);
  const existing = await q.lockSettlement(tx, target);
  if (existing && existing.state !== 'rolled_back') {
    if (existing.result === text)
      return { ok: true, changed: false, message: `Already settled as ${text}` };
    throw conflict(`Already settled as ${existing.result}; roll back first`);
  }
  const epoch = (existing?.epoch ?? 0) + 1;
  const at = deps.clock.now();

  // The settlement row first: its lines refer to it.
  await q.saveSettlement(tx, {
    target,
    eventId: subject.eventId,
    marketType: subject.marketType,
    state: result.kind === 'void' ? 'voided' : 'settled',
    result: text,
    epoch,
    reason: result.kind === 'void' ? result.reason : null,
    at,
  });
  const bets = await betsToSettle(tx, target);
  const outcomes = betOutcomes(bets, result);
  const byClient = netByClient(outcomes);
  const accounts = await q.clientAccounts(tx, [...byClient.keys()]);
  const lines = clientLines(byClient, accounts);
  const splits = await splitsOf(tx, subject, result, outcomes, lines);
  const splitOf = (clientId: string) => {
    const split = splits.get(clientId);
    if (!split) throw new Error(`client ${clientId} has no split`);
    return split;
  };
  // The wallets (house, clients, levels) locked by ascending account, one ledger transaction per
  // client, exposure released.
  const txnIds = await settlePositions(tx, deps.random, {
    positionKey: target,
    kind: 'settlement',
    remark: remarkOf(subject, result),
    description: subject.description,
    eventId: subject.eventId,
    marketId: target,
    marketType: subject.marketType,
    at,
    lines: lines.map((line) => {
      const { levels, commission } = splitOf(line.clientId);
      return {
        clientId: line.clientId,
        accountId: line.accountId,
        amountPaise: line.gross - line.commission,
        levels,
        ...(commission
          ? { commission: { amountPaise: commission.paise, levels: commission.levels } }
          : {}),
      };
    }),
  });
  for (const line of lines) {
    await q.insertLine(tx, {
      target,
      epoch,
      clientId: line.clientId,
      grossPaise: line.gross,
      commissionPaise: line.commission,
      txnId: txnIds.get(line.clientId) ?? null,
      at,
    });
  }
  await markSettled(tx, betMarks(outcomes, result));
  if (!subject.isFancy) await q.closeMarket(tx, target);
  const verb = result.kind === 'void' ? 'Voided' : 'Settled';
  return {
    ok: true,
    changed: true,
    message: `${verb} ${target} as ${text}: ${bets.length} bets of ${accounts.length} clients`,
  };
}

/**
 * Each client's bookings for the levels (docs/agents.md#settlement-split): its bets' results by
 * the takes they were placed under, the commission on a net win kept by the house, and the
 * commission paid to it (docs/agents.md#commission) borne by its latest bet's takes.
 */
async function splitsOf(
  tx: Tx,
  subject: Target,
  result: Result,
  outcomes: readonly { bet: SettledBet; pl: number }[],
  lines: readonly ClientLine[],
): Promise<Map<string, ClientSplit>> {
  const rates = await clientCommission(
    tx,
    lines.map((line) => line.clientId),
  );
  return splitByClient(
    tx,
    lines.map((line) => {
      const own = outcomes.filter(({ bet }) => bet.client_id === line.clientId);
      const commission = paidCommission(
        subject,
        result,
        own,
        rates.get(line.clientId) ?? { matchBp: 0, sessionBp: 0 },
      );
      return {
        clientId: line.clientId,
        bets: own.map(({ bet, pl }) => ({ resultPaise: BigInt(pl), takesId: bet.takes_id })),
        houseKeepsPaise: line.commission,
        commission,
      };
    }),
  );
}

/**
 * Rolls back a target's settlement, on the caller's transaction: each client's transaction reversed,
 * the bets open again, and exposure held again as the open bets stand now (MainBalance may go
 * negative; docs/decisions.md#money).
 */
export async function rollback(
  tx: Tx,
  deps: SettlementDeps,
  target: string,
  reason: string,
): Promise<TargetOutcome> {
  const subject = await lockTarget(tx, target);
  if (!subject) return { outcome: { ok: false, message: `No market or session ${target}` } };
  const outcome = await rollbackLocked(tx, deps, subject, reason);
  return { outcome, eventId: Number(subject.eventId) };
}

async function rollbackLocked(
  tx: Tx,
  deps: SettlementDeps,
  subject: Target,
  reason: string,
): Promise<SettlementOutcome> {
  const { target } = subject;
  const existing = await q.lockSettlement(tx, target);
  if (!existing || existing.state === 'rolled_back')
    return { ok: false, message: `${target} is not settled` };
  const at = deps.clock.now();
  const lines = await q.currentLines(tx, target, existing.epoch);
  const accounts = await q.clientAccounts(
    tx,
    lines.map((line) => line.client_id),
  );
  const accountOf = new Map(
    accounts.map((account) => [account.client_id ?? '', account.account_id]),
  );
  // What each line's transaction booked, every row negated (the split and the commission
  // included, never split again: docs/agents.md#settlement-split); the wallets it names and the
  // clients' locked together by ascending account.
  await reverseBooked(tx, deps.random, {
    groups: lines.map((line) => (line.txn_id === null ? [] : [line.txn_id])),
    alsoLock: accounts.map((account) => account.account_id),
    remark: `Rollback: ${reason}`,
    at,
  });
  await reopenSettled(tx, target);
  // Exposure comes back as the open bets stand now (MainBalance may go negative; docs/decisions.md#money).
  for (const line of lines) {
    const accountId = accountOf.get(line.client_id) ?? '';
    const exposure = await openPositionExposure(
      tx,
      subject.isFancy
        ? { kind: 'fancy', clientId: line.client_id, selectionId: target }
        : {
            kind: 'market',
            clientId: line.client_id,
            marketId: target,
            selectionIds: subject.runners.map((runner) => runner.selectionId),
          },
    );
    await holdPosition(tx, {
      accountId,
      clientId: line.client_id,
      positionKey: target,
      eventId: subject.eventId,
      exposure,
      mayOverdraw: true,
    });
  }
  await q.markLinesRolledBack(tx, target, existing.epoch);
  await q.saveSettlement(tx, {
    target,
    eventId: subject.eventId,
    marketType: subject.marketType,
    state: 'rolled_back',
    result: existing.result,
    epoch: existing.epoch,
    reason,
    at,
  });
  return {
    ok: true,
    changed: true,
    message: `Rolled back ${target} (was ${existing.result}): ${lines.length} clients`,
  };
}
