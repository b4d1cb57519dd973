import type { MatkaPlaceBetBody } from '@backlay/contract/matka';
import { matkaBetNo, matkaTotal, rupeesToPaise, type MatkaBet } from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import type { Clock, Random } from '../../seams.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import {
  holdPosition,
  lockClientWallet,
  lockWithHouse,
  positionExposure,
  postPair,
  releasePosition,
  settlePositions,
} from '../wallet/wallet.service.js';
import * as q from './matka.queries.js';
import { matkaChangeWire, type MatkaChange } from './matka.wire.js';

/** The matka refusals and answers, as the bettor and the operator read them. */
export const MATKA_ANSWERS = {
  placed: 'Bet placed successfully',
  unknownGame: 'Matka game not found',
  closed: 'This game is closed for betting',
  noBets: 'Select at least one number to bet on',
  badNumber: 'Bet numbers must be from 00 to 99',
  badAmount: 'Each bet amount must be greater than 0, with at most two decimals',
  badTotal: 'TotalAmount must be a whole number of rupees equal to the sum of the bet amounts',
  insufficient: 'Insufficient balance',
  unknownMarket: 'Matka market not found',
  badResult: 'A matka result is two digits, 00 to 99',
  noReason: 'Give the reason for the void or the rollback',
  sameMinute: 'A matka game must close at another time than it opens',
} as const;

/** A game for the daily schedule: minutes after midnight in MATKA_TZ. */
export interface NewMatkaGame {
  readonly name: string;
  readonly hindi: string;
  readonly openMinute: number;
  readonly closeMinute: number;
}

const clockTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export type MatkaAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

const refuse = (Result: string): MatkaAnswer => ({ Status: false, Result });

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

/** Bets of a PlaceBet body with their total in paise, or the refusal (docs/product.md#calls; docs/decisions.md#api). */
export function matkaBetsOf(body: MatkaPlaceBetBody): { bets: MatkaBet[] } | string {
  if (body.SMBets.length === 0) return MATKA_ANSWERS.noBets;
  const bets: MatkaBet[] = [];
  for (const item of body.SMBets) {
    const betNo = /^\d{2}$/.test(item.BetNo) ? matkaBetNo(Number(item.BetNo)) : null;
    if (betNo === null) return MATKA_ANSWERS.badNumber;
    const amount = rupeesToPaise(item.Amount);
    if (amount === null || amount <= 0) return MATKA_ANSWERS.badAmount;
    bets.push({ betNo, amount });
  }
  const total = rupeesToPaise(body.TotalAmount);
  if (
    !Number.isInteger(body.TotalAmount) ||
    total === null ||
    total <= 0 ||
    total !== matkaTotal(bets)
  ) {
    return MATKA_ANSWERS.badTotal;
  }
  return { bets };
}

export interface MatkaServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly idempotency: Idempotency;
  /** MATKA_PAYOUT: a hit returns this many times its amount, the stake included. */
  readonly payout: number;
  /** The client's limits on a stake (safer.service's stakeRefusalIn); none checked without it. */
  readonly stakeRefusal?: StakeRefusal;
  /**
   * Hears a market open or close by the clock, and its result, void or rollback once committed
   * (everyone's MatkaChanged). Several instances may tell the same change: a listener takes it twice.
   */
  readonly onChanged?: (change: MatkaChange) => void;
  /** Hears each client whose money a result, void or rollback moved, once committed. */
  readonly onBalanceChanged?: (clientId: string) => void;
}

/** Registers a hook to run once the transaction committed (an operator action's `onCommit`). */
export type WhenDone = (hook: () => void) => void;

/** How often the tick creates the coming markets: they exist a day before they open. */
const ENSURE_EVERY_MS = 60_000;

/** A market's state as the operator's console lists it. */
export type MatkaMarketStatus = 'open' | 'closed' | 'settled' | 'voided' | 'rolled back';

/**
 * A market's state at `now`: its result, else an operator's void, else a rollback waiting for the
 * operator's declaration, else open or closed for betting by the clock.
 */
export function matkaMarketStatus(
  market: Pick<q.MarketRow, 'result' | 'voidedAt' | 'rolledBackAt' | 'opensAt' | 'closesAt'>,
  now: Date,
): MatkaMarketStatus {
  if (market.result !== null) return 'settled';
  if (market.voidedAt !== null) return 'voided';
  if (market.rolledBackAt !== null) return 'rolled back';
  const at = now.getTime();
  return market.opensAt.getTime() <= at && at < market.closesAt.getTime() ? 'open' : 'closed';
}

const label = (market: q.MarketRow) => `${market.name} (Mid ${market.mid})`;

/** Sums per client, in the order first seen. */
function sumByClient<T extends { clientId: string }>(
  rows: readonly T[],
  amount: (row: T) => bigint,
) {
  const sums = new Map<string, bigint>();
  for (const row of rows) sums.set(row.clientId, (sums.get(row.clientId) ?? 0n) + amount(row));
  return sums;
}

/** Matka games, bets and results (docs/product.md#entities, #calls "Matka"; docs/decisions.md#api, #money, #feed). */
export function createMatkaService(deps: MatkaServiceDeps) {
  const { db, clock, random } = deps;
  const payout = BigInt(deps.payout);

  /**
   * After the commit: everyone hears the market's new state, and each client with bets on it
   * (whose money the change moved) hears it once.
   */
  function tell(
    whenDone: WhenDone,
    market: q.MarketRow,
    status: MatkaMarketStatus,
    result: string | null,
    clients: Iterable<string> = [],
  ): void {
    const change = matkaChangeWire(market, status, result);
    const moved = [...new Set(clients)];
    whenDone(() => {
      deps.onChanged?.(change);
      for (const clientId of moved) deps.onBalanceChanged?.(clientId);
    });
  }

  /** `work` in its own transaction; what it told runs once that committed (not a failed attempt's). */
  async function committed<T>(work: (tx: Tx, whenDone: WhenDone) => Promise<T>): Promise<T> {
    let hooks: (() => void)[] = [];
    const result = await inTransaction(db, (tx) => {
      hooks = [];
      return work(tx, (hook) => hooks.push(hook));
    });
    for (const hook of hooks) hook();
    return result;
  }

  /** When the tick last created the coming markets, and the `now` of its last look. */
  let ensuredAt: number | undefined;
  let lookedAt: Date | null = null;

  /** docs/decisions.md#money acceptance in one transaction: the open market FOR SHARE, then the wallet FOR UPDATE. */
  async function accept(
    tx: Tx,
    clientId: string,
    body: MatkaPlaceBetBody,
    ipAddress: string,
  ): Promise<MatkaAnswer> {
    const checked = matkaBetsOf(body);
    if (typeof checked === 'string') return refuse(checked);
    const game = await q.gameById(tx, String(body.EventId));
    if (!game) return refuse(MATKA_ANSWERS.unknownGame);
    const now = clock.now();
    await q.ensureMarkets(tx, now);
    const market = await q.lockOpenMarket(tx, game.id, now);
    if (!market) return refuse(MATKA_ANSWERS.closed);

    const locked = await lockClientWallet(tx, clientId);
    if (!locked) throw new Error(`client ${clientId} has no account`);
    // A game's worst case is losing every amount staked on it: the position grows by the total,
    // refused when the main balance cannot cover it (docs/decisions.md#money).
    const before = await positionExposure(tx, clientId, market.mid);
    const total = BigInt(matkaTotal(checked.bets));
    // Each number is a bet for the stake limit; the total is what the loss limits see.
    const limited = await deps.stakeRefusal?.(tx, {
      clientId,
      held: locked.wallet.exposure,
      added: total,
      stakePaise: BigInt(checked.bets.reduce((most, bet) => Math.max(most, bet.amount), 0)),
    });
    if (limited) return refuse(limited);
    const isHeld = await holdPosition(tx, {
      accountId: locked.accountId,
      clientId,
      positionKey: market.mid,
      eventId: null,
      exposure: before + total,
    });
    if (!isHeld) return refuse(MATKA_ANSWERS.insufficient);

    await q.insertBets(
      tx,
      checked.bets.map((bet) => ({
        clientId,
        mid: market.mid,
        betNo: bet.betNo,
        amountPaise: bet.amount,
        ipAddress,
        at: now,
      })),
    );
    return { Status: true, Result: MATKA_ANSWERS.placed };
  }

  /**
   * Settles a market with `result` unless it has one already (the first result wins): each bet
   * Settled with (payout − 1) × amount on a hit or Lost with −amount, one ledger pair per client
   * with the house (kind profit_loss), and the client's exposure on the market released. A voided
   * market is refused until its void is rolled back; a rolled back one is refused to the draw.
   * Once committed, everyone hears the result and each bettor's wallet reloads (`whenDone`).
   */
  async function settle(
    tx: Tx,
    mid: string,
    result: string,
    source: 'draw' | 'operator',
    whenDone: WhenDone,
  ): Promise<OperatorOutcome> {
    if (!/^\d{2}$/.test(result)) return { ok: false, message: MATKA_ANSWERS.badResult };
    const market = await q.lockMarket(tx, mid);
    if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
    if (market.result !== null) {
      // Another instance drew it since this tick looked, and may have told its result before
      // this one told the close: told again, the result is what the screens hear last.
      if (source === 'draw') tell(whenDone, market, 'settled', market.result);
      return {
        ok: false,
        message: `${label(market)} already has its result ${market.result}`,
      };
    }
    if (market.voidedAt !== null) {
      return { ok: false, message: `${label(market)} was voided: roll the void back first` };
    }
    // A rolled back market is settled by an operator only (docs/architecture.md, "Operator voids
    // and rollbacks"): the draw found it due before the rollback committed.
    if (source === 'draw' && market.rolledBackAt !== null) {
      return {
        ok: false,
        message: `${label(market)} was rolled back: only an operator's declaration settles it`,
      };
    }
    // The audit's snapshots are the operator's; the draw has no audit row to write them to.
    const isOperator = source === 'operator';
    const before = isOperator ? await snapshot(tx, market) : undefined;
    const at = clock.now();
    await q.setResult(tx, { mid, result, source, at });

    const bets = await q.openBetsOfMarket(tx, mid);
    const netOf = new Map<string, bigint>();
    for (const bet of bets) {
      const hit = bet.betNo === result;
      const pl = hit ? (payout - 1n) * bet.amountPaise : -bet.amountPaise;
      await q.closeBet(tx, bet.id, hit ? 'Settled' : 'Lost', pl);
      netOf.set(bet.clientId, (netOf.get(bet.clientId) ?? 0n) + pl);
    }
    const accounts = await q.clientAccounts(tx, [...netOf.keys()]);
    if (accounts.length > 0) {
      await settlePositions(tx, random, {
        positionKey: mid,
        kind: 'profit_loss',
        remark: `Matka ${market.name} result ${result}`,
        description: `${market.name} (Mid ${mid})`,
        eventId: null,
        marketId: mid,
        marketType: 'MATKA',
        at,
        lines: accounts.map((account) => ({
          clientId: account.clientId,
          accountId: account.accountId,
          amountPaise: netOf.get(account.clientId) ?? 0n,
        })),
      });
    }
    tell(whenDone, market, 'settled', result, netOf.keys());
    const how = source === 'draw' ? 'drawn' : 'declared';
    return {
      ok: true,
      message: `${label(market)} result ${result} ${how}; ${bets.length} bets settled`,
      ...(isOperator ? { before, after: await snapshotOf(tx, mid) } : {}),
    };
  }

  /** A market as the operator's audit log keeps it: state, result and amounts in paise. */
  async function snapshot(tx: Tx, market: q.MarketRow) {
    const totals = await q.marketTotals(tx, market.mid);
    return {
      mid: market.mid,
      status: matkaMarketStatus(market, clock.now()),
      result: market.result,
      ...(market.voidReason === null ? {} : { voidReason: market.voidReason }),
      ...(market.rollbackReason === null ? {} : { rollbackReason: market.rollbackReason }),
      bets: totals.bets,
      stakedPaise: totals.stakedPaise.toString(),
      pendingPaise: totals.pendingPaise.toString(),
      clientsNetPaise: totals.clientsNetPaise.toString(),
    };
  }

  async function snapshotOf(tx: Tx, mid: string) {
    const market = await q.lockMarket(tx, mid);
    if (!market) throw new Error(`matka market ${mid} is missing`);
    return snapshot(tx, market);
  }

  /**
   * An operator's void of a market with no result (open or closed): the market row FOR UPDATE,
   * then the wallets by ascending account (docs/decisions.md#money); every Pending bet Voided with the reason and
   * its stake back (the client's position on the market released), no ledger row (nothing was won
   * or lost), the market voided. It takes no more bets and is not drawn. Once committed, everyone
   * hears the void and each bettor's wallet reloads (`whenDone`).
   */
  async function voidMarketIn(
    tx: Tx,
    mid: string,
    reason: string,
    whenDone: WhenDone,
  ): Promise<OperatorOutcome> {
    const why = reason.trim();
    if (why === '') return { ok: false, message: MATKA_ANSWERS.noReason };
    const market = await q.lockMarket(tx, mid);
    if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
    const before = await snapshot(tx, market);
    if (market.result !== null) {
      return {
        ok: false,
        message: `${label(market)} is settled with ${market.result}: roll back its result first`,
        before,
      };
    }
    if (market.voidedAt !== null) {
      return { ok: false, message: `${label(market)} was voided already`, before };
    }
    const at = clock.now();
    const bets = await q.openBetsOfMarket(tx, mid);
    const stakes = sumByClient(bets, (bet) => bet.amountPaise);
    const accounts = await q.clientAccounts(tx, [...stakes.keys()]);
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
    await q.voidBets(tx, mid, why);
    await q.voidMarket(tx, { mid, reason: why, at });
    tell(whenDone, market, 'voided', null, stakes.keys());
    return {
      ok: true,
      message: `Voided ${label(market)}: ${bets.length} bets of ${accounts.length} clients, stakes ₹ ${rupeesWire(released).toFixed(2)} returned`,
      before,
      after: { ...(await snapshotOf(tx, mid)), releasedPaise: released.toString() },
    };
  }

  /**
   * An operator's rollback of a settled or voided market, as a sports rollback (settlement
   * service): the ledger is append-only, so each client's result is undone by a compensating pair
   * with the house (the opposite of the sum of their bets' P/L, which is exactly what the
   * settlement posted; nothing for a void); the bets are Pending again and their stakes held again,
   * even past the main balance (docs/decisions.md#money); the result is cleared and the market marked rolled
   * back, so that the draw never settles it again and it takes no more bets. Once committed,
   * everyone hears the rollback and each bettor's wallet reloads (`whenDone`).
   */
  async function rollbackIn(
    tx: Tx,
    mid: string,
    reason: string,
    whenDone: WhenDone,
  ): Promise<OperatorOutcome> {
    const why = reason.trim();
    if (why === '') return { ok: false, message: MATKA_ANSWERS.noReason };
    const market = await q.lockMarket(tx, mid);
    if (!market) return { ok: false, message: MATKA_ANSWERS.unknownMarket };
    const before = await snapshot(tx, market);
    if (market.result === null && market.voidedAt === null) {
      return {
        ok: false,
        message: `${label(market)} has no result or void to roll back`,
        before,
      };
    }
    const was = market.result ?? 'void';
    const at = clock.now();
    const finished = await q.finishedBetsOfMarket(tx, mid);
    const netOf = sumByClient(finished, (bet) => bet.plPaise);
    const accounts = await q.clientAccounts(tx, [...netOf.keys()]);
    // The house's wallet with the clients', by ascending account (a market without bets locks none).
    const house =
      accounts.length > 0
        ? await lockWithHouse(
            tx,
            accounts.map((account) => account.accountId),
          )
        : '';
    let undone = 0n;
    for (const account of accounts) {
      const net = netOf.get(account.clientId) ?? 0n;
      if (net === 0n) continue;
      await postPair(tx, {
        txnId: random.uuid(),
        clientAccountId: account.accountId,
        houseAccountId: house,
        kind: 'profit_loss',
        amountPaise: -net,
        remark: `Matka ${market.name} result ${was} rolled back: ${why}`,
        description: `${market.name} (Mid ${mid})`,
        eventId: null,
        marketId: mid,
        marketType: 'MATKA',
        at,
      });
      undone += net;
    }
    await q.reopenBets(tx, mid);
    const held = sumByClient(await q.openBetsOfMarket(tx, mid), (bet) => bet.amountPaise);
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
    await q.rollBackMarket(tx, { mid, reason: why, at });
    tell(whenDone, market, 'rolled back', null, netOf.keys());
    return {
      ok: true,
      message: `Rolled back ${label(market)} (was ${was}): ${finished.length} bets of ${accounts.length} clients Pending again; only an operator's declaration settles it now`,
      before,
      after: { ...(await snapshotOf(tx, mid)), reversedPaise: undone.toString() },
    };
  }

  /**
   * An operator's new game on the daily schedule; a close at or before the open crosses midnight.
   * Its markets exist at once, and the scheduler's next tick tells everyone the one open now.
   */
  async function addGameIn(tx: Tx, game: NewMatkaGame): Promise<OperatorOutcome> {
    if (game.openMinute === game.closeMinute) {
      return { ok: false, message: MATKA_ANSWERS.sameMinute };
    }
    const id = await q.insertGame(tx, game);
    if (id === undefined) return { ok: false, message: `A matka game named ${game.name} exists` };
    await q.ensureMarkets(tx, clock.now());
    const hours = `${clockTime(game.openMinute)} to ${clockTime(game.closeMinute)}`;
    return {
      ok: true,
      message: `Added matka game ${game.name} (EventId ${id}), open ${hours} ${q.MATKA_TZ} every day`,
      after: { id, ...game },
    };
  }

  return {
    addGameIn,

    /** Places the bets of a PlaceBet body, deduplicated by the Idempotency-Key. */
    place(request: {
      clientId: string;
      body: MatkaPlaceBetBody;
      ipAddress: string;
      idempotencyKey: string | undefined;
      route: string;
    }): Promise<MatkaAnswer> {
      return deps.idempotency(
        {
          clientId: request.clientId,
          key: request.idempotencyKey,
          route: request.route,
          body: request.body,
        },
        (tx) => accept(tx, request.clientId, request.body, request.ipAddress),
      );
    },

    /**
     * The operator's result for a market on the caller's transaction; refused when it has one.
     * Its pushes wait for `whenDone` (the caller's commit).
     */
    declareIn: (
      tx: Tx,
      mid: string,
      result: string,
      whenDone: WhenDone,
    ): Promise<OperatorOutcome> => settle(tx, mid, result, 'operator', whenDone),

    /** The operator's result for a market in its own transaction; refused when it has one. */
    declare(mid: string, result: string): Promise<OperatorOutcome> {
      return committed((tx, whenDone) => settle(tx, mid, result, 'operator', whenDone));
    },

    voidMarketIn,

    /** `voidMarketIn` in its own transaction. */
    voidMarket: (mid: string, reason: string): Promise<OperatorOutcome> =>
      committed((tx, whenDone) => voidMarketIn(tx, mid, reason, whenDone)),

    rollbackIn,

    /** `rollbackIn` in its own transaction. */
    rollback: (mid: string, reason: string): Promise<OperatorOutcome> =>
      committed((tx, whenDone) => rollbackIn(tx, mid, reason, whenDone)),

    /**
     * The markets opened in the last `days` days, and any older one rolled back and waiting for a
     * declaration; newest first, with their bets and stakes.
     */
    async recentMarkets(days = 3) {
      const now = clock.now();
      const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
      const rows = await q.recentMarkets(db, since, now);
      return rows.map((row) => ({
        mid: row.mid,
        game: row.name,
        openAt: row.opensAt,
        closeAt: row.closesAt,
        status: matkaMarketStatus(row, now),
        result: row.result,
        bets: row.bets,
        stakedPaise: row.stakedPaise,
      }));
    },

    /**
     * The scheduler's pass: creates the coming markets (at most once a minute), then one look at
     * the markets (`dueMarkets`): everyone hears each market that opened since the last pass
     * (created already open included) and each whose close passed since then, then every market
     * whose close has passed is drawn, oldest first (each told once committed). The first pass of
     * a process tells every open market and every due one. Answers the Mids of each kind.
     */
    async tick(): Promise<{ opened: string[]; closed: string[]; drawn: string[] }> {
      const now = clock.now();
      if (ensuredAt === undefined || Math.abs(now.getTime() - ensuredAt) >= ENSURE_EVERY_MS) {
        await q.ensureMarkets(db, now);
        ensuredAt = now.getTime();
      }
      const since = lookedAt;
      const markets = await q.dueMarkets(db, now, since);
      lookedAt = now;
      const opened: q.DueMarketRow[] = [];
      const closed: q.DueMarketRow[] = [];
      const due: q.DueMarketRow[] = [];
      for (const market of markets) {
        if (market.closesAt.getTime() > now.getTime()) opened.push(market);
        else {
          due.push(market);
          if (since === null || market.closesAt.getTime() > since.getTime()) closed.push(market);
        }
      }
      // The clock's changes: nothing to commit, told at once.
      for (const market of opened) deps.onChanged?.(matkaChangeWire(market, 'open'));
      for (const market of closed) deps.onChanged?.(matkaChangeWire(market, 'closed'));
      const drawn: string[] = [];
      for (const market of due) {
        const outcome = await committed((tx, whenDone) =>
          settle(tx, market.mid, drawMatkaNumber(random), 'draw', whenDone),
        );
        if (outcome.ok) drawn.push(market.mid);
      }
      const mids = (rows: q.DueMarketRow[]) => rows.map((market) => market.mid);
      return { opened: mids(opened), closed: mids(closed), drawn };
    },

    /** Each game's current market (open now, else the next to open), by open time. */
    async currentMarkets() {
      const now = clock.now();
      await q.ensureMarkets(db, now);
      return { now, markets: await q.currentMarkets(db, now) };
    },

    betsOfClient: (clientId: string, mid: string | null) =>
      q.betsOfClient(db, clientId, mid, mid === null ? 500 : 10_000),

    latestResults: () => q.latestResults(db, 100),

    exposureOf: (clientId: string, mid: string) => positionExposure(db, clientId, mid),

    profitLoss: async (
      clientId: string,
      range: q.DayRange,
      page: { skip: number; take: number },
    ) => ({
      rows: await q.profitLossPage(db, clientId, range, page),
      total: await q.profitLossCount(db, clientId, range),
    }),
  };
}

export type MatkaService = ReturnType<typeof createMatkaService>;
