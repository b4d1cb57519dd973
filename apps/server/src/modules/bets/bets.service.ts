import {
  cancelDeadline,
  fancyLadder,
  marketBook,
  type BetDelays,
  type HouseMargins,
  type Paise,
} from '@backlay/domain';
import { notifiedCache, type Changes } from '../../db/changes.js';
import type { Db } from '../../db/pool.js';
import type { PriceBook } from '../../feed/price-book.js';
import type { Clock, Timer } from '../../seams.js';
import type { Catalog } from '../markets/catalog.js';
import { keptAnswers, type BetAnswer } from './bet-answers.js';
import { createBetBatches } from './bet-batches.js';
import * as calls from './bet-calls.queries.js';
import * as q from './bets.queries.js';
import { cancel, type CancelDeps, type CancelRequest } from './cancel.js';
import { cashOut, type CashOutDeps, type CashOutRequest } from './cash-out.js';
import { exchangeBets, fancyBets, fancyWorstOf } from './exposure.js';
import { betMessagesJson, make, type MakeDeps } from './make.js';
import { place, type PlaceDeps, type PlaceRequest } from './place.js';
import { cancelCalls, placeCalls } from './position-calls.js';
import { createPositionMemory, MAX_POSITIONS } from './positions.js';
import { createOnceInFlight, createTurns } from './turns.js';

/*
 * The bets module's service (docs/architecture.md, "The path of a bet", "In-play bet delay",
 * "Cancelling a bet", "Cash out"): it wires its parts together over this instance's memory
 * (positions, turns, keys in flight) and serves the reads of positions. Each part has one job:
 * placement.ts decides a bet in memory, in-play-delay.ts holds it, make.ts and positions.ts make
 * it on its position, cancel.ts and cash-out.ts are the two other ways to move a position.
 */

export { BET_MESSAGES, type BetAnswer } from './bet-answers.js';

/** A client with no open fancy bet on an event. */
const NO_POSITIONS: ReadonlyMap<string, number> = new Map();

export function createBetsService(deps: {
  db: Db;
  clock: Clock;
  priceBook: PriceBook;
  catalog: Catalog;
  changes: Changes;
  /** The in-play bet delays (docs/architecture.md, "In-play bet delay"). */
  betDelay: BetDelays;
  /** The house's margins its quotes keep (packages/domain/README.md, "House margins"). */
  margins: HouseMargins;
  timer: Timer;
  /** REPORT_TZ: the periods of the client's loss limits (docs/safer-gambling.md). */
  reportTz: string;
}) {
  const { db, clock, priceBook, catalog } = deps;
  /**
   * Each client's worst result per fancy session of an event (`<eventId>:<clientId>`), as BmFancy
   * shows it: dropped by this instance's own fancy bets before the answer, by every fancy bet's
   * notification (sent in the bet's transaction by a trigger of db/functions/notify.sql) and by any result,
   * void or rollback of the event (the catalog's notification).
   */
  const fancyWorst = notifiedCache(
    deps.changes,
    async (key) => {
      const [eventId = '', clientId = ''] = key.split(':');
      const worst = await fancyPositions(clientId, Number(eventId));
      return worst.length === 0
        ? NO_POSITIONS
        : new Map(worst.map((position) => [position.selectionId, position.worst]));
    },
    { maxEntries: MAX_POSITIONS },
  );
  const worstKeysOfEvent = new Map<string, Set<string>>();
  deps.changes.on('backlay_positions', (key) => fancyWorst.forget(key));
  deps.changes.on('backlay_catalog', (eventId) => {
    for (const key of worstKeysOfEvent.get(eventId) ?? []) fancyWorst.forget(key);
    worstKeysOfEvent.delete(eventId);
  });
  const fancyPositionsChanged = (clientId: string, eventId: number) => {
    const key = `${eventId}:${clientId}`;
    fancyWorst.forget(key);
  };

  /** Each fancy runner of the event with open bets: its worst result, in paise (negative or 0). */
  async function fancyPositions(clientId: string, eventId: number) {
    const keys = [
      ...new Set(
        (await q.openBetsOfEvent(db, clientId, eventId))
          .filter((bet) => bet.marketType === 'FANCY')
          .map((bet) => bet.positionKey),
      ),
    ];
    const found = [];
    for (const key of keys.sort()) {
      found.push({ selectionId: key, worst: fancyWorstOf(await q.openBets(db, clientId, key)) });
    }
    return found;
  }

  // This instance's memory, shared by bets, cancels and cash outs: the positions it has seen,
  // each position's turn, and the keys in flight.
  const positions = createPositionMemory();
  const inTurn = createTurns();
  const onceInFlight = createOnceInFlight<BetAnswer>();
  const answers = keptAnswers(db, clock);
  const batches = createBetBatches<calls.BetCall, calls.PlaceOutcome>({
    alone: (bet) => calls.placeBet(db, bet),
    together: (bets) => calls.placeBetBatch(db, bets),
  });
  const placement = { catalog, priceBook, clock, betDelay: deps.betDelay, margins: deps.margins };
  const delay = { clock, timer: deps.timer };
  const makeDeps: MakeDeps = {
    clock,
    positions,
    calls: placeCalls(db, batches),
    fancyPlaced: fancyPositionsChanged,
    messages: betMessagesJson(deps.reportTz),
  };
  const placeDeps: PlaceDeps = {
    placement,
    delay,
    answers,
    onceInFlight,
    inTurn,
    make: (positionId, made, request) => make(makeDeps, positionId, made, request),
  };
  const cancelDeps: CancelDeps = {
    clock,
    catalog,
    priceBook,
    betOfClient: (clientId, betId) => q.betOfClient(db, clientId, betId),
    answers,
    onceInFlight,
    inTurn,
    positions,
    calls: cancelCalls(db),
  };
  const cashOutDeps: CashOutDeps = {
    ...placeDeps,
    openBets: (clientId, positionKey) => q.openBets(db, clientId, positionKey),
  };

  return {
    /** Places a bet; the client's Exposure, ReturnBalance and UserId are ignored (docs/decisions.md#money). */
    place: (request: PlaceRequest) => place(placeDeps, request),
    /** Cancels a football bet (docs/architecture.md, "Cancelling a bet"). */
    cancel: (request: CancelRequest) => cancel(cancelDeps, request),
    /** Cashes out a position (docs/architecture.md, "Cash out"). */
    cashOut: (request: CashOutRequest) => cashOut(cashOutDeps, request),

    /**
     * The client's open and cancelled bets on an event (the bets table), each open one with the
     * time until which it may be cancelled, or null (docs/architecture.md, "Cancelling a bet").
     */
    async listedBetsOfEvent(clientId: string, eventId: number) {
      const now = clock.now().getTime();
      return (await q.listedBetsOfEvent(db, clientId, eventId)).map((bet) => {
        const deadline =
          bet.status === 'Pending'
            ? cancelDeadline({
                sportId: bet.sportId,
                marketType: bet.marketType,
                acceptedAt: bet.createdAt.getTime(),
              })
            : null;
        const book = deadline === null ? undefined : priceBook.market(bet.marketId, now);
        const open =
          deadline !== null &&
          now < deadline &&
          book?.status === 'ACTIVE' &&
          book.downAt <= bet.createdAt.getTime();
        return { ...bet, cancelUntil: open ? new Date(deadline) : null };
      });
    },

    /** Where one of the client's bets is, as a push names it; undefined when it is not theirs. */
    async betOf(clientId: string, betId: string) {
      const bet = await q.betOfClient(db, clientId, betId);
      return (
        bet && {
          EventId: Number(bet.event_id),
          MarketId: bet.market_id,
          MarketType: bet.market_type,
        }
      );
    },

    /** The client's book on a market: the result if each runner wins, in paise. */
    async runnerBook(clientId: string, marketId: string) {
      const runners = await q.marketRunners(db, marketId);
      const book = marketBook(
        runners.map((runner) => runner.selectionId),
        exchangeBets(await q.openBets(db, clientId, marketId)),
      );
      return runners.map((runner, index) => ({
        selectionId: runner.selectionId,
        name: runner.name,
        pl: book[index]?.pl ?? (0 as Paise),
      }));
    },

    /** A fancy runner's ladder (docs/product.md#entities RunValue, Pl), in paise. */
    async fancyLadder(clientId: string, selectionId: string) {
      return fancyLadder(fancyBets(await q.openBets(db, clientId, selectionId)));
    },

    fancyPositions,

    /**
     * The client's worst result per fancy session of the event with open bets (selection id →
     * paise), from memory once loaded (fancyWorst).
     */
    fancyWorst(clientId: string, eventId: number): Promise<ReadonlyMap<string, number>> {
      const key = `${eventId}:${clientId}`;
      const keys = worstKeysOfEvent.get(String(eventId)) ?? new Set<string>();
      keys.add(key);
      worstKeysOfEvent.set(String(eventId), keys);
      return fancyWorst.get(key);
    },
    /** The same when it is in memory; never loads. */
    fancyWorstInMemory: (clientId: string, eventId: number) =>
      fancyWorst.peek(`${eventId}:${clientId}`),

    openMarketsOfClient: (clientId: string) => q.openMarketsOfClient(db, clientId),

    /** Each fancy session the client has open bets on, with its worst result in paise (≤ 0). */
    async openFancyOfClient(clientId: string) {
      const sessions = await q.openFancyOfClient(db, clientId);
      const result = [];
      for (const session of sessions) {
        result.push({
          ...session,
          worst: fancyWorstOf(await q.openBets(db, clientId, session.selection_id)),
        });
      }
      return result;
    },
  };
}

export type BetsService = ReturnType<typeof createBetsService>;
