import {
  assertNever,
  divideRoundHalfAwayFromZero,
  exchangeBetOutcome,
  fancyBetOutcome,
  marketIdParse,
  toFancyLine,
  type MarketType,
  type Paise,
} from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { conflict } from '../../errors.js';
import type { ResultDeclaration } from '../../feed/types.js';
import type { Clock, Random } from '../../seams.js';
import * as betsQ from '../bets/bets.queries.js';
import { exchangeExposure, fancyExposure } from '../bets/bets.service.js';
import {
  holdPosition,
  lockWithHouse,
  postPair,
  settlePositions,
} from '../wallet/wallet.service.js';
import * as q from './settlement.queries.js';

/** What a market or fancy runner is settled with (DESIGN §5). */
export type Result =
  | { readonly kind: 'winner'; readonly marketId: string; readonly selectionId: string }
  | { readonly kind: 'runs'; readonly selectionId: string; readonly runs: number }
  | { readonly kind: 'void'; readonly target: string; readonly reason: string };

export type SettlementOutcome =
  | { readonly ok: true; readonly changed: boolean; readonly message: string }
  | { readonly ok: false; readonly message: string };

interface Target {
  readonly target: string;
  readonly eventId: string;
  readonly marketType: MarketType;
  readonly label: string;
  readonly description: string;
  readonly isFancy: boolean;
  /** Runner ids and names of a market; none for a fancy runner. */
  readonly runners: readonly { selectionId: string; name: string }[];
}

function targetOf(result: Result): string {
  switch (result.kind) {
    case 'winner':
      return result.marketId;
    case 'runs':
      return result.selectionId;
    case 'void':
      return result.target;
    default:
      return assertNever(result, 'result');
  }
}

function resultText(result: Result): string {
  switch (result.kind) {
    case 'winner':
      return result.selectionId;
    case 'runs':
      return String(result.runs);
    case 'void':
      return 'VOID';
    default:
      return assertNever(result, 'result');
  }
}

/**
 * Settlement (DESIGN §5): the market row FOR UPDATE, then wallets by ascending account; one ledger
 * pair per client and market at the domain's figures, commission on a net win, exposure released,
 * bets Settled or Lost; the same result again changes nothing; another result is a 409 until a
 * rollback, which writes compensating rows and re-imposes exposure.
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
  const { db, clock, random } = deps;
  const changed =
    (target: string) =>
    (outcome: SettlementOutcome): SettlementOutcome => {
      const eventId = marketIdParse(target)?.eventId ?? Number(target.split('-')[0]);
      if (outcome.ok && outcome.changed && Number.isSafeInteger(eventId)) deps.onChanged?.(eventId);
      return outcome;
    };

  async function lockTarget(tx: Tx, target: string): Promise<Target | undefined> {
    if (marketIdParse(target)) {
      const market = await q.lockMarketForSettlement(tx, target);
      if (!market) return undefined;
      const runners = (await betsQ.marketRunners(tx, target)).map((runner) => ({
        selectionId: runner.selectionId,
        name: runner.name,
      }));
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

  function remarkOf(subject: Target, result: Result): string {
    switch (result.kind) {
      case 'winner':
        return `${subject.label}: ${subject.runners.find((runner) => runner.selectionId === result.selectionId)?.name ?? result.selectionId} won`;
      case 'runs':
        return `${subject.label}: ${result.runs} runs`;
      case 'void':
        return 'Void';
      default:
        return assertNever(result, 'result');
    }
  }

  async function settle(tx: Tx, result: Result): Promise<SettlementOutcome> {
    const target = targetOf(result);
    const subject = await lockTarget(tx, target);
    if (!subject) return { ok: false, message: `No market or session ${target}` };
    if (
      result.kind === 'winner' &&
      (subject.isFancy ||
        !subject.runners.some((runner) => runner.selectionId === result.selectionId))
    ) {
      return { ok: false, message: `Selection ${result.selectionId} is not a runner of ${target}` };
    }
    if (result.kind === 'runs' && !subject.isFancy)
      return { ok: false, message: `${target} is not a fancy session` };
    const text = resultText(result);
    const existing = await q.lockSettlement(tx, target);
    if (existing && existing.state !== 'rolled_back') {
      if (existing.result === text)
        return { ok: true, changed: false, message: `Already settled as ${text}` };
      throw conflict(`Already settled as ${existing.result}; roll back first`);
    }
    const epoch = (existing?.epoch ?? 0) + 1;
    const at = clock.now();

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
    const bets = await q.openBetsForSettlement(tx, target);
    const outcomes = bets.map((bet) => {
      let pl = 0;
      if (result.kind === 'winner') {
        pl = exchangeBetOutcome(
          {
            selectionId: bet.selection_id,
            betType: bet.bet_type === 'Lay' ? 'Lay' : 'Back',
            profit: Number(bet.profit_paise) as Paise,
            liability: Number(bet.liability_paise) as Paise,
          },
          { kind: 'winner', selectionId: result.selectionId },
        );
      } else if (result.kind === 'runs') {
        const line = toFancyLine(bet.odds);
        if (line === null) throw new Error(`bet ${bet.id} has no valid line`);
        pl = fancyBetOutcome(
          {
            line,
            betType: bet.bet_type === 'No' ? 'No' : 'Yes',
            profit: Number(bet.profit_paise) as Paise,
            liability: Number(bet.liability_paise) as Paise,
          },
          { kind: 'runs', runs: result.runs },
        );
      }
      return { bet, pl };
    });

    const byClient = new Map<string, number>();
    for (const { bet, pl } of outcomes)
      byClient.set(bet.client_id, (byClient.get(bet.client_id) ?? 0) + pl);
    const accounts = await q.clientAccounts(tx, [...byClient.keys()]);
    const lines = accounts.map((account) => {
      const clientId = account.client_id ?? '';
      const gross = BigInt(byClient.get(clientId) ?? 0);
      const commission =
        gross > 0n
          ? BigInt(divideRoundHalfAwayFromZero(Number(gross) * account.commission_bp, 10_000))
          : 0n;
      return { clientId, accountId: account.account_id, gross, commission };
    });
    // The wallets (house included) locked by ascending account, one pair per client, exposure released.
    const txnIds = await settlePositions(tx, random, {
      positionKey: target,
      kind: 'settlement',
      remark: remarkOf(subject, result),
      description: subject.description,
      eventId: subject.eventId,
      marketId: target,
      marketType: subject.marketType,
      at,
      lines: lines.map((line) => ({
        clientId: line.clientId,
        accountId: line.accountId,
        amountPaise: line.gross - line.commission,
      })),
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
    await q.markBets(
      tx,
      outcomes.map(({ bet, pl }) => ({
        id: bet.id,
        status: result.kind !== 'void' && pl < 0 ? 'Lost' : 'Settled',
        plPaise: pl,
        remark: result.kind === 'void' ? 'Void' : null,
      })),
    );
    if (!subject.isFancy) await q.closeMarket(tx, target);
    const verb = result.kind === 'void' ? 'Voided' : 'Settled';
    return {
      ok: true,
      changed: true,
      message: `${verb} ${target} as ${text}: ${bets.length} bets of ${accounts.length} clients`,
    };
  }

  async function rollback(tx: Tx, target: string, reason: string): Promise<SettlementOutcome> {
    const subject = await lockTarget(tx, target);
    if (!subject) return { ok: false, message: `No market or session ${target}` };
    const existing = await q.lockSettlement(tx, target);
    if (!existing || existing.state === 'rolled_back')
      return { ok: false, message: `${target} is not settled` };
    const at = clock.now();
    const lines = await q.currentLines(tx, target, existing.epoch);
    const accounts = await q.clientAccounts(
      tx,
      lines.map((line) => line.client_id),
    );
    const house = await lockWithHouse(
      tx,
      accounts.map((account) => account.account_id),
    );
    const accountOf = new Map(
      accounts.map((account) => [account.client_id ?? '', account.account_id]),
    );

    for (const line of lines) {
      const accountId = accountOf.get(line.client_id);
      if (!accountId) throw new Error(`client ${line.client_id} has no account`);
      const amount = BigInt(line.gross_paise) - BigInt(line.commission_paise);
      if (amount !== 0n) {
        await postPair(tx, {
          txnId: random.uuid(),
          clientAccountId: accountId,
          houseAccountId: house,
          kind: 'settlement',
          amountPaise: -amount,
          remark: `Rollback: ${reason}`,
          description: subject.description,
          eventId: subject.eventId,
          marketId: target,
          marketType: subject.marketType,
          at,
        });
      }
    }
    const finished = await q.finishedBets(tx, target);
    await q.reopenBets(
      tx,
      finished.map((bet) => bet.id),
    );
    // Exposure comes back as the open bets stand now (MainBalance may go negative; DESIGN §5).
    for (const line of lines) {
      const accountId = accountOf.get(line.client_id) ?? '';
      const open = await betsQ.openBets(tx, line.client_id, target);
      const exposure = subject.isFancy
        ? fancyExposure(open)
        : exchangeExposure(
            subject.runners.map((runner) => runner.selectionId),
            open,
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

  return {
    declare: (result: Result) =>
      inTransaction(db, (tx) => settle(tx, result)).then(changed(targetOf(result))),
    rollback: (target: string, reason: string) =>
      inTransaction(db, (tx) => rollback(tx, target, reason)).then(changed(target)),
    /**
     * `declare` on the caller's transaction (an operator's action, docs/backoffice.md); `whenDone`
     * receives what must run once it commits.
     */
    declareIn: async (
      tx: Tx,
      result: Result,
      whenDone: (hook: () => void) => void,
    ): Promise<SettlementOutcome> => {
      const outcome = await settle(tx, result);
      whenDone(() => void changed(targetOf(result))(outcome));
      return outcome;
    },
    /** `rollback` on the caller's transaction, as `declareIn`. */
    rollbackIn: async (
      tx: Tx,
      target: string,
      reason: string,
      whenDone: (hook: () => void) => void,
    ): Promise<SettlementOutcome> => {
      const outcome = await rollback(tx, target, reason);
      whenDone(() => void changed(target)(outcome));
      return outcome;
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
