/**
 * Drawing and settling a matka market's result (docs/decisions.md#money, #feed): the fair draw at
 * close, or an operator's declaration; the first result wins.
 */
import type { Db, Tx } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import { splitByClient } from '../agents/takes.js';
import { settlePositions } from '../wallet/wallet.service.js';
import { marketLabel, MATKA_ANSWERS } from './matka-answers.js';
import { committed, tell, type MatkaListeners, type WhenDone } from './matka-changes.js';
import { clientAccounts, closeBet, openBetsOfMarket, setResult } from './matka-draw.queries.js';
import { marketSnapshot, marketSnapshotOf } from './matka-operator.js';
import { lockMarket } from './matka.queries.js';

/**
 * A fair draw of 00–99 from the injected randomness: one byte, rejected at 200 or above so each
 * number has the same chance (no modulo bias). Never looks at the bets.
 */
export function drawMatkaNumber(random: Random): string {
  for (;;) {
    const [byte = 255] = random.bytes(1);
    if (byte < 200) return String(byte % 100).padStart(2, '0');
  }
}

export interface MatkaDrawDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  /** A hit returns this many times its amount, the stake included (MATKA_PAYOUT). */
  readonly payout: bigint;
  readonly listeners: MatkaListeners;
}

/**
 * Settles a market with `result` unless it has one already (the first result wins): each bet
 * Settled with (payout − 1) × amount on a hit or Lost with −amount, one ledger transaction per
 * client (kind profit_loss): its net and the levels' split of it by the takes of its bets
 * (docs/agents.md#settlement-split; the house alone before the network), and the client's
 * exposure on the market released. A voided market is refused until its void is rolled back; a
 * rolled back one is refused to the draw. Once committed, everyone hears the result and each
 * bettor's wallet reloads (`whenDone`).
 */
export async function settle(
  deps: MatkaDrawDeps,
  tx: Tx,
  mid: string,
  result: string,
  source: 'draw' | 'operator',
  whenDone: WhenDone,
): Promise<OperatorOutcome> {
  if (!/^\d{2}$/.test(result)) return { ok: false, message: MATKA_ANSWERS.badResult };
  const market = await lockMarket(tx, mid);
  if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
  if (market.result !== null) {
    // Another instance drew it since this tick looked, and may have told its result before
    // this one told the close: told again, the result is what the screens hear last.
    if (source === 'draw') tell(deps.listeners, whenDone, market, 'settled', market.result);
    return {
      ok: false,
      message: `${marketLabel(market)} already has its result ${market.result}`,
    };
  }
  if (market.voidedAt !== null) {
    return { ok: false, message: `${marketLabel(market)} was voided: roll the void back first` };
  }
  // A rolled back market is settled by an operator only (docs/architecture.md, "Operator voids
  // and rollbacks"): the draw found it due before the rollback committed.
  if (source === 'draw' && market.rolledBackAt !== null) {
    return {
      ok: false,
      message: `${marketLabel(market)} was rolled back: only an operator's declaration settles it`,
    };
  }
  // The audit's snapshots are the operator's; the draw has no audit row to write them to.
  const isOperator = source === 'operator';
  const before = isOperator ? await marketSnapshot(deps, tx, market) : undefined;
  const at = deps.clock.now();
  await setResult(tx, { mid, result, source, at });

  const bets = await openBetsOfMarket(tx, mid);
  const netOf = new Map<string, bigint>();
  const resultsOf = new Map<string, { resultPaise: bigint; takesId: string | null }[]>();
  for (const bet of bets) {
    const hit = bet.betNo === result;
    const pl = hit ? (deps.payout - 1n) * bet.amountPaise : -bet.amountPaise;
    await closeBet(tx, bet.id, hit ? 'Settled' : 'Lost', pl);
    netOf.set(bet.clientId, (netOf.get(bet.clientId) ?? 0n) + pl);
    resultsOf.set(bet.clientId, [
      ...(resultsOf.get(bet.clientId) ?? []),
      { resultPaise: pl, takesId: bet.takesId },
    ]);
  }
  const accounts = await clientAccounts(tx, [...netOf.keys()]);
  // Each client's result split among the levels by the takes of its bets, in the order placed
  // (docs/agents.md#settlement-split); matka pays no commission (docs/agents.md#commission).
  const splits = await splitByClient(
    tx,
    accounts.map((account) => ({
      clientId: account.clientId,
      bets: resultsOf.get(account.clientId) ?? [],
    })),
  );
  if (accounts.length > 0) {
    await settlePositions(tx, deps.random, {
      positionKey: mid,
      kind: 'profit_loss',
      remark: `Matka ${market.name} result ${result}`,
      description: `${market.name} (Mid ${mid})`,
      eventId: null,
      marketId: mid,
      marketType: 'MATKA',
      at,
      lines: accounts.map((account) => {
        const split = splits.get(account.clientId);
        if (!split) throw new Error(`client ${account.clientId} has no split`);
        return {
          clientId: account.clientId,
          accountId: account.accountId,
          amountPaise: netOf.get(account.clientId) ?? 0n,
          levels: split.levels,
        };
      }),
    });
  }
  tell(deps.listeners, whenDone, market, 'settled', result, netOf.keys());
  const how = source === 'draw' ? 'drawn' : 'declared';
  return {
    ok: true,
    message: `${marketLabel(market)} result ${result} ${how}; ${bets.length} bets settled`,
    ...(isOperator ? { before, after: await marketSnapshotOf(deps, tx, mid) } : {}),
  };
}

/**
 * Draws each due market, oldest first, in its own transaction (each told once committed);
 * answers the Mids drawn.
 */
export async function drawDue(
  deps: MatkaDrawDeps,
  due: readonly { readonly mid: string }[],
): Promise<string[]> {
  const drawn: string[] = [];
  for (const market of due) {
    const outcome = await committed(deps.db, (tx, whenDone) =>
      settle(deps, tx, market.mid, drawMatkaNumber(deps.random), 'draw', whenDone),
    );
    if (outcome.ok) drawn.push(market.mid);
  }
  return drawn;
}
