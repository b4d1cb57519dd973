import type { Db, Tx } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import type { StakeRefusal } from '../safer/safer.service.js';
import { positionExposure } from '../wallet/wallet.service.js';
import { placeMatkaBets, type MatkaPlaceRequest } from './matka-bets.js';
import {
  committed,
  matkaMarketStatus,
  type MatkaListeners,
  type WhenDone,
} from './matka-changes.js';
import { drawDue, settle, type MatkaDrawDeps } from './matka-draw.js';
import { addGameIn, type NewMatkaGame } from './matka-games.js';
import { createMatkaOpening } from './matka-opening.js';
import { rollbackIn, voidMarketIn, type MatkaOperatorDeps } from './matka-operator.js';
import * as reads from './matka-reads.queries.js';
import { ensureMarkets, type DueMarketRow } from './matka.queries.js';

/*
 * The matka module's service: it wires its parts together and serves the reads. Each part has one
 * job: matka-games.ts the games on their daily schedule, matka-opening.ts the markets opened and
 * closed by the clock, matka-bets.ts placing bets, matka-draw.ts drawing and settling results,
 * matka-operator.ts an operator's voids and rollbacks; matka-changes.ts tells what changed once
 * committed.
 */

export interface MatkaServiceDeps extends MatkaListeners {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly idempotency: Idempotency;
  /** MATKA_PAYOUT: a hit returns this many times its amount, the stake included. */
  readonly payout: number;
  /** The client's limits on a stake (safer.service's stakeRefusalIn); none checked without it. */
  readonly stakeRefusal?: StakeRefusal;
}

/** Matka games, bets and results (docs/product.md#entities, #calls "Matka"; docs/decisions.md#api, #money, #feed). */
export function createMatkaService(deps: MatkaServiceDeps) {
  const { db, clock, random } = deps;
  const operatorDeps: MatkaOperatorDeps = { clock, random, listeners: deps };
  const drawDeps: MatkaDrawDeps = { ...operatorDeps, db, payout: BigInt(deps.payout) };
  const look = createMatkaOpening({ db, clock, listeners: deps });

  return {
    addGameIn: (tx: Tx, game: NewMatkaGame): Promise<OperatorOutcome> => addGameIn(deps, tx, game),

    /** Places the bets of a PlaceBet body, deduplicated by the Idempotency-Key. */
    place: (request: MatkaPlaceRequest) => placeMatkaBets(deps, request),

    /**
     * The operator's result for a market on the caller's transaction; refused when it has one.
     * Its pushes wait for `whenDone` (the caller's commit).
     */
    declareIn: (
      tx: Tx,
      mid: string,
      result: string,
      whenDone: WhenDone,
    ): Promise<OperatorOutcome> => settle(drawDeps, tx, mid, result, 'operator', whenDone),

    /** The operator's result for a market in its own transaction; refused when it has one. */
    declare(mid: string, result: string): Promise<OperatorOutcome> {
      return committed(db, (tx, whenDone) =>
        settle(drawDeps, tx, mid, result, 'operator', whenDone),
      );
    },

    voidMarketIn: (
      tx: Tx,
      mid: string,
      reason: string,
      whenDone: WhenDone,
    ): Promise<OperatorOutcome> => voidMarketIn(operatorDeps, tx, mid, reason, whenDone),

    /** `voidMarketIn` in its own transaction. */
    voidMarket: (mid: string, reason: string): Promise<OperatorOutcome> =>
      committed(db, (tx, whenDone) => voidMarketIn(operatorDeps, tx, mid, reason, whenDone)),

    rollbackIn: (
      tx: Tx,
      mid: string,
      reason: string,
      whenDone: WhenDone,
    ): Promise<OperatorOutcome> => rollbackIn(operatorDeps, tx, mid, reason, whenDone),

    /** `rollbackIn` in its own transaction. */
    rollback: (mid: string, reason: string): Promise<OperatorOutcome> =>
      committed(db, (tx, whenDone) => rollbackIn(operatorDeps, tx, mid, reason, whenDone)),

    /**
     * The markets opened in the last `days` days, and any older one rolled back and waiting for a
     * declaration; newest first, with their bets and stakes.
     */
    async recentMarkets(days = 3) {
      const now = clock.now();
      const since = new Date(now.getTime() - days * 24 * 60 * 60_000);
      const rows = await reads.recentMarkets(db, since, now);
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
      const { opened, closed, due } = await look();
      const drawn = await drawDue(drawDeps, due);
      const mids = (rows: DueMarketRow[]) => rows.map((market) => market.mid);
      return { opened: mids(opened), closed: mids(closed), drawn };
    },

    /** Each game's current market (open now, else the next to open), by open time. */
    async currentMarkets() {
      const now = clock.now();
      await ensureMarkets(db, now);
      return { now, markets: await reads.currentMarkets(db, now) };
    },

    betsOfClient: (clientId: string, mid: string | null) =>
      reads.betsOfClient(db, clientId, mid, mid === null ? 500 : 10_000),

    latestResults: () => reads.latestResults(db, 100),

    exposureOf: (clientId: string, mid: string) => positionExposure(db, clientId, mid),

    profitLoss: async (
      clientId: string,
      range: reads.DayRange,
      page: { skip: number; take: number },
    ) => ({
      rows: await reads.profitLossPage(db, clientId, range, page),
      total: await reads.profitLossCount(db, clientId, range),
    }),
  };
}

export type MatkaService = ReturnType<typeof createMatkaService>;
