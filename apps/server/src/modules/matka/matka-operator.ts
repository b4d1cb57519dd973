/**
 * An operator's void and rollback of a matka market, and the market as the audit log keeps it
 * (docs/architecture.md, "Operator voids and rollbacks (casino, matka)").
 */
import type { Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import type { Clock, Random } from '../../seams.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import {
  holdPosition,
  lockWithHouse,
  marketTxnsOf,
  releasePosition,
  reverseBooked,
} from '../wallet/wallet.service.js';
import { marketLabel, MATKA_ANSWERS } from './matka-answers.js';
import { matkaMarketStatus, tell, type MatkaListeners, type WhenDone } from './matka-changes.js';
import { clientAccounts, openBetsOfMarket } from './matka-draw.queries.js';
import {
  finishedBetsOfMarket,
  marketTotals,
  reopenBets,
  rollBackMarket,
  voidBets,
  voidMarket,
} from './matka-operator.queries.js';
import { lockMarket, type MarketRow } from './matka.queries.js';

export interface MatkaOperatorDeps {
  readonly clock: Clock;
  readonly random: Random;
  readonly listeners: MatkaListeners;
}

/** Sums per client, in the order first seen. */
function sumByClient<T extends { clientId: string }>(
  rows: readonly T[],
  amount: (row: T) => bigint,
) {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(row.clientId, (sums.get(row.clientId) ?? 0n) + amount(row));
  return sums;
}

/** A market as the operator's audit log keeps it: state, result and amounts in paise. */
export async function marketSnapshot(deps: { readonly clock: Clock }, tx: Tx, market: MarketRow) {
  const totals = await marketTotals(tx, market.mid);
  return {
    mid: market.mid,
    status: matkaMarketStatus(market, deps.clock.now()),
    result: market.result,
    ...(market.voidReason === null ? {} : { voidReason: market.voidReason }),
    ...(market.rollbackReason === null ? {} : { rollbackReason: market.rollbackReason }),
    bets: totals.bets,
    stakedPaise: totals.stakedPaise.toString(),
    pendingPaise: totals.pendingPaise.toString(),
    clientsNetPaise: totals.clientsNetPaise.toString(),
  };
}

export async function marketSnapshotOf(deps: { readonly clock: Clock }, tx: Tx, mid: string) {
  const market = await lockMarket(tx, mid);
  if (!market) throw new Error(`matka market ${mid} is missing`);
  return marketSnapshot(deps, tx, market);
}

/**
 * What a void and a rollback begin with: a reason given, the market row FOR UPDATE (first in
 * the lock order) and its state before, for the audit log; or the refusal.
 */
async function operatorOpening(
  deps: MatkaOperatorDeps,
  tx: Tx,
  mid: string,
  reason: string,
): Promise<
  | OperatorOutcome
  | {
      why: string;
      market: MarketRow;
      before: Awaited<ReturnType<typeof marketSnapshot>>;
    }
> {
  const why = reason.trim();
  if (why === '') return { ok: false, message: MATKA_ANSWERS.noReason };
  const market = await lockMarket(tx, mid);
  if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
  return { why, market, before: await marketSnapshot(deps, tx, market) };
}

/**
 * An operator's void of a market with no result (open or closed): the market row FOR UPDATE,
 * then the wallets by ascending account (docs/decisions.md#money); every Pending bet Voided with the reason and
 * its stake back (the client's position on the market released), no ledger row (nothing was won
 * or lost), the market voided. It takes no more bets and is not drawn. Once committed, everyone
 * hears the void and each bettor's wallet reloads (`whenDone`).
 */
export async function voidMarketIn(
  deps: MatkaOperatorDeps,
  tx: Tx,
  mid: string,
  reason: string,
  whenDone: WhenDone,
): Promise<OperatorOutcome> {
  const opened = await operatorOpening(deps, tx, mid, reason);
  if ('ok' in opened) return opened;
  const { why, market, before } = opened;
  if (market.result !== null) {
    return {
      ok: false,
      message: `${marketLabel(market)} is settled with ${market.result}: roll back its result first`,
      before,
    };
  }
  if (market.voidedAt !== null) {
    return { ok: false, message: `${marketLabel(market)} was voided already`, before };
  }
  const at = deps.clock.now();
  const bets = await openBetsOfMarket(tx, mid);
  const stakes = sumByClient(bets, (bet) => bet.amountPaise);
  const accounts = await clientAccounts(tx, [...stakes.keys()]);
  if (accounts.length > 0) {
    await lockWithHouse(
      tx,
      accounts.map((account) => account.accountId),
    );
  }
  let released = 0n;
  for (const account of accounts) {
    released += await releasePosition(tx, {
      accountId: account.accountId,
      clientId: account.clientId,
      positionKey: mid,
    });
  }
  await voidBets(tx, mid, why);
  await voidMarket(tx, { mid, reason: why, at });
  tell(deps.listeners, whenDone, market, 'voided', null, stakes.keys());
  return {
    ok: true,
    message: `Voided ${marketLabel(market)}: ${bets.length} bets of ${accounts.length} clients, stakes ₹ ${rupeesWire(released).toFixed(2)} returned`,
    before,
    after: { ...(await marketSnapshotOf(deps, tx, mid)), releasedPaise: released.toString() },
  };
}

/**
 * An operator's rollback of a settled or voided market, as a sports rollback (settlement
 * service): the ledger is append-only, so each client's result is undone by a compensating
 * transaction, the negation of every row its result booked, the levels' split included (nothing
 * for a void); the bets are Pending again and their stakes held again, even past the main
 * balance (docs/decisions.md#money); the result is cleared and the market marked rolled back, so
 * that the draw never settles it again and it takes no more bets. Once committed, everyone hears
 * the rollback and each bettor's wallet reloads (`whenDone`).
 */
export async function rollbackIn(
  deps: MatkaOperatorDeps,
  tx: Tx,
  mid: string,
  reason: string,
  whenDone: WhenDone,
): Promise<OperatorOutcome> {
  const opened = await operatorOpening(deps, tx, mid, reason);
  if ('ok' in opened) return opened;
  const { why, market, before } = opened;
  if (market.result === null && market.voidedAt === null) {
    return {
      ok: false,
      message: `${marketLabel(market)} has no result or void to roll back`,
      before,
    };
  }
  const was = market.result ?? 'void';
  const at = deps.clock.now();
  const finished = await finishedBetsOfMarket(tx, mid);
  const netOf = sumByClient(finished, (bet) => bet.plPaise);
  const accounts = await clientAccounts(tx, [...netOf.keys()]);
  const accountIds = accounts.map((account) => account.accountId);
  // What stands booked for each client on the market (its result's transaction, and any earlier
  // result with its rollback, which cancel), every row negated: the levels' split included, never
  // split again (docs/agents.md#settlement-split). A void booked nothing. The wallets named and
  // the clients' locked together by ascending account (a market without bets locks none).
  const booked = await marketTxnsOf(tx, { accountIds, marketType: 'MATKA', marketId: mid });
  if (accounts.length > 0) {
    await reverseBooked(tx, deps.random, {
      groups: accounts.map((account) => booked.get(account.accountId) ?? []),
      alsoLock: accountIds,
      remark: `Matka ${market.name} result ${was} rolled back: ${why}`,
      at,
    });
  }
  const undone = [...netOf.values()].reduce((sum, net) => sum + net, 0n);
  await reopenBets(tx, mid);
  const held = sumByClient(await openBetsOfMarket(tx, mid), (bet) => bet.amountPaise);
  for (const account of accounts) {
    await holdPosition(tx, {
      accountId: account.accountId,
      clientId: account.clientId,
      positionKey: mid,
      eventId: null,
      exposure: held.get(account.clientId) ?? 0n,
      mayOverdraw: true,
    });
  }
  await rollBackMarket(tx, { mid, reason: why, at });
  tell(deps.listeners, whenDone, market, 'rolled back', null, netOf.keys());
  return {
    ok: true,
    message: `Rolled back ${marketLabel(market)} (was ${was}): ${finished.length} bets of ${accounts.length} clients Pending again; only an operator's declaration settles it now`,
    before,
    after: { ...(await marketSnapshotOf(deps, tx, mid)), reversedPaise: undone.toString() },
  };
}
