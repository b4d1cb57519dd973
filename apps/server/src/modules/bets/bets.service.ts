import type { BetDraft } from '@backlay/contract/bets';
import {
  assertNever,
  betFigures,
  bookmakerRowsAssemble,
  fancyLadder,
  fancyRowIsOpen,
  fancyRowsAssemble,
  marketBook,
  marketExposure,
  marketIdParse,
  oddsFromDecimal,
  RUNNER_ACTIVE,
  stakeCheck,
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  type ExchangeBet,
  type FancyBet,
  type Paise,
  type PricedBet,
} from '@backlay/domain';
import { notifiedCache, type Announce, type Changes } from '../../db/changes.js';
import { inTransaction, type Db } from '../../db/pool.js';
import type { PriceBook } from '../../feed/price-book.js';
import type { Clock } from '../../seams.js';
import {
  checkedKey,
  keyConflict,
  rememberAnswer,
  requestHash,
} from '../idempotency/idempotency.service.js';
import type { Catalog } from '../markets/catalog.js';
import { fancyRowWire, operatorFancyWire } from '../markets/markets.wire.js';
import { createBetBatches } from './bet-batches.js';
import * as q from './bets.queries.js';

/** The refusals of DESIGN §5, word for word as the bettor reads them. */
export const BET_MESSAGES = {
  placed: 'Bet placed successfully',
  suspended: 'Market suspended',
  closed: 'Market closed',
  locked: 'Betting is locked for this event',
  oddsChanged: 'Odds changed',
  insufficient: 'Insufficient balance',
  notFound: 'Market not found',
  runnerNotFound: 'Selection not found',
  wrongRoute: 'Use the fancy bet for FANCY markets and the user bet for the others',
  wrongSide: 'Bet type does not fit the market',
} as const;

export type BetAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

const refuse = (Result: string): BetAnswer => ({ Status: false, Result });

/** The answers bet_place stores, once as JSON. */
const MESSAGES_JSON = JSON.stringify(BET_MESSAGES);

type Side = 'Back' | 'Lay' | 'Yes' | 'No';

function exchangeBets(bets: readonly q.OpenBet[]): ExchangeBet[] {
  return bets.map((bet) => ({
    selectionId: bet.selectionId,
    betType: bet.betType === 'Lay' ? 'Lay' : 'Back',
    profit: bet.profitPaise as Paise,
    liability: bet.liabilityPaise as Paise,
  }));
}

function fancyBets(bets: readonly q.OpenBet[]): FancyBet[] {
  return bets.flatMap((bet) => {
    const line = toFancyLine(bet.odds);
    return line === null
      ? []
      : [
          {
            line,
            betType: bet.betType === 'No' ? 'No' : 'Yes',
            profit: bet.profitPaise as Paise,
            liability: bet.liabilityPaise as Paise,
          },
        ];
  });
}

/** The worst loss of a market's open bets over its runners (DESIGN §5). */
export function exchangeExposure(
  selectionIds: readonly string[],
  bets: readonly q.OpenBet[],
): bigint {
  return BigInt(
    marketExposure(marketBook(selectionIds, exchangeBets(bets)).map((position) => position.pl)),
  );
}

/** The worst loss of a fancy runner's open bets over its run ladder; its lines offset each other. */
export function fancyExposure(bets: readonly q.OpenBet[]): bigint {
  return BigInt(marketExposure(fancyLadder(fancyBets(bets)).map((rung) => rung.Pl)));
}

interface Placement {
  readonly eventId: number;
  readonly marketId: string;
  readonly marketType: BetDraft['MarketType'];
  readonly positionKey: string;
  readonly selectionId: string;
  readonly selectionName: string;
  readonly betType: Side;
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
  readonly figures: { profit: Paise; liability: Paise };
  /** The bet as one of the position's open bets. */
  readonly bet: q.OpenBet;
  /** The position's exposure with this bet added. */
  readonly exposureWith: (open: readonly q.OpenBet[]) => bigint;
}

/** A client's open bets on one position as of its version (bet_place checks it; migration 0009). */
interface Position {
  readonly version: string;
  readonly bets: readonly q.OpenBet[];
}

/**
 * A position this instance has not seen is guessed empty: version 0 is exactly "no open bets"
 * (migration 0009), so a client's first bet on a fresh position is one round trip; when the guess
 * is wrong, bet_place answers "stale" with the real position.
 */
const UNSEEN: Position = { version: '0', bets: [] };
/** A client with no open fancy bet on an event. */
const NO_POSITIONS: ReadonlyMap<string, number> = new Map();
/** Positions remembered per instance; an old one only costs a second round trip. */
const MAX_POSITIONS = 100_000;
/** Optimistic calls before the locked path (the first may only learn an unseen position). */
const OPTIMISTIC_ATTEMPTS = 2;

export function createBetsService(deps: {
  db: Db;
  clock: Clock;
  priceBook: PriceBook;
  catalog: Catalog;
  changes: Changes;
  announce: Announce;
}) {
  const { db, clock, priceBook, catalog } = deps;
  const positions = new Map<string, Position>();
  /**
   * Each client's worst result per fancy session of an event (`<eventId>:<clientId>`), as BmFancy
   * shows it: dropped by this instance's own fancy bets, by the other instances' (announced after
   * their commit) and by any result, void or rollback of the event (the catalog's notification).
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
    deps.announce('backlay_positions', key);
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
      const ladder = fancyLadder(fancyBets(await q.openBets(db, clientId, key)));
      found.push({
        selectionId: key,
        worst: ladder.reduce((worst, rung) => Math.min(worst, rung.Pl), 0),
      });
    }
    return found;
  }
  const batches = createBetBatches<q.BetCall, q.PlaceOutcome>({
    alone: (bet) => q.placeBet(db, bet),
    together: (bets) => q.placeBetBatch(db, bets),
  });
  /**
   * One client's bets on one position run one at a time in this instance (PostgreSQL would
   * serialise them on the wallet anyway): each then computes on the version the previous one
   * left, instead of every one of a burst finding the position changed.
   */
  const queues = new Map<string, Promise<unknown>>();
  const inTurn = <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(id) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const settled = turn.then(
      () => {},
      () => {},
    );
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return turn;
  };
  const remember = (key: string, position: Position) => {
    positions.delete(key);
    positions.set(key, position);
    if (positions.size > MAX_POSITIONS) {
      const oldest = positions.keys().next().value;
      if (oldest !== undefined) positions.delete(oldest);
    }
  };

  /**
   * The exchange markets (match odds, tied match, over/under …), bookmaker and toss: the market's
   * facts from the catalog, the feed and the DESIGN §5 price check.
   */
  async function exchangePlacement(
    draft: BetDraft,
    stakeValue: number,
  ): Promise<Placement | string> {
    const parts = marketIdParse(draft.MarketId);
    if (!parts || parts.kind !== draft.MarketType) return BET_MESSAGES.notFound;
    if (draft.BetType !== 'Back' && draft.BetType !== 'Lay') return BET_MESSAGES.wrongSide;
    const event = await catalog.event(parts.eventId);
    const market = event?.markets.get(draft.MarketId);
    if (!event || !market) return BET_MESSAGES.notFound;
    if (market.isClosed || event.status === 'closed' || event.declared.has(draft.MarketId)) {
      return BET_MESSAGES.closed;
    }
    if (event.betLocked) return BET_MESSAGES.locked;
    const book = priceBook.market(draft.MarketId, clock.now().getTime());
    if (market.operatorSuspended || !book || book.status !== 'ACTIVE')
      return BET_MESSAGES.suspended;
    const runners = market.runners;
    const runner = runners.find((entry) => entry.selectionId === draft.SelectionID);
    if (!runner) return BET_MESSAGES.runnerNotFound;
    const check = stakeCheck(stakeValue, { min: market.minStake, max: market.maxStake });
    if (!check.ok) return check.message;

    const quote = book.runners.find((entry) => String(entry.selectionId) === runner.selectionId);
    let bestBack = quote?.status === RUNNER_ACTIVE ? quote.back[0]?.price : undefined;
    let bestLay = quote?.status === RUNNER_ACTIVE ? quote.lay[0]?.price : undefined;
    if (quote?.status !== RUNNER_ACTIVE) return BET_MESSAGES.suspended;

    let priced: PricedBet;
    let odds: number;
    if (draft.MarketType === 'BOOKMAKER') {
      // Custom bookmaker rows override the feed's prices when active (SPEC §4).
      const [row] = bookmakerRowsAssemble(
        [
          {
            MarketId: draft.MarketId,
            selectionId: runner.selectionId,
            RunnerName: runner.name,
            status: quote.status,
            BackPrice1: bestBack ?? 0,
            BackSize1: 0,
            LayPrice1: bestLay ?? 0,
            LaySize1: 0,
          },
        ],
        market.customBookmaker
          .filter((custom) => String(custom.selectionId) === runner.selectionId)
          .map((custom) => ({
            ...custom,
            MarketId: custom.marketId,
            selectionId: String(custom.selectionId),
            RunnerName: custom.runnerName,
            BackPrice1: custom.backPrice,
            BackSize1: custom.backSize,
            LayPrice1: custom.layPrice,
            LaySize1: custom.laySize,
            IsCustome: custom.isCustom,
            IsActive: custom.isActive,
          })),
      );
      bestBack = row?.BackPrice1 || undefined;
      bestLay = row?.LayPrice1 || undefined;
      const bookmakerOdds = toBookmakerOdds(draft.Odds);
      if (bookmakerOdds === null) return BET_MESSAGES.oddsChanged;
      odds = bookmakerOdds;
      priced = {
        market: 'BOOKMAKER',
        betType: draft.BetType,
        odds: bookmakerOdds,
        stake: check.stake,
      };
    } else {
      const decimal = oddsFromDecimal(draft.Odds);
      if (decimal === null) return BET_MESSAGES.oddsChanged;
      odds = decimal;
      priced = {
        // Every exchange market has match odds' figures (docs/architecture.md identifiers).
        market: draft.MarketType === 'TOSS' ? 'TOSS' : 'MATCH_ODDS',
        betType: draft.BetType,
        odds: decimal,
        stake: check.stake,
      };
    }
    // DESIGN §5: a Back is taken when the best back is at least its odds, a Lay when the best lay is at most.
    const takes =
      draft.BetType === 'Back'
        ? bestBack !== undefined && bestBack >= odds
        : bestLay !== undefined && bestLay <= odds;
    if (!takes) return BET_MESSAGES.oddsChanged;

    const selectionIds = runners.map((entry) => entry.selectionId);
    const figures = betFigures(priced);
    const newBet: q.OpenBet = {
      selectionId: runner.selectionId,
      betType: draft.BetType,
      odds,
      profitPaise: figures.profit,
      liabilityPaise: figures.liability,
    };
    return {
      eventId: parts.eventId,
      marketId: draft.MarketId,
      marketType: draft.MarketType,
      positionKey: draft.MarketId,
      selectionId: runner.selectionId,
      selectionName: runner.name,
      betType: draft.BetType,
      odds,
      price: 0,
      stake: check.stake,
      figures,
      bet: newBet,
      exposureWith: (open) => exchangeExposure(selectionIds, [...open, newBet]),
    };
  }

  /** Fancy: the exact line and rate of that side of the row as the domain assembles it (DESIGN §5). */
  async function fancyPlacement(draft: BetDraft, stakeValue: number): Promise<Placement | string> {
    if (draft.BetType !== 'Yes' && draft.BetType !== 'No') return BET_MESSAGES.wrongSide;
    const eventId = Number(draft.MarketId);
    const event = Number.isSafeInteger(eventId) ? await catalog.event(eventId) : undefined;
    const runnerName = event?.fancyNames.get(draft.SelectionID);
    if (!event || runnerName === undefined) return BET_MESSAGES.notFound;
    if (event.status === 'closed' || event.declared.has(draft.SelectionID))
      return BET_MESSAGES.closed;
    if (event.betLocked) return BET_MESSAGES.locked;

    const book = priceBook.fancy(eventId, clock.now().getTime());
    const rateRows = (book?.rows ?? []).flatMap((quote) => {
      const name = event.fancyNames.get(quote.selectionId);
      // The same rows the event screen reads (markets.wire), suspended while the feed is stale.
      const gameStatus = book?.isStale ? 'SUSPENDED' : quote.gameStatus;
      return name === undefined
        ? []
        : [fancyRowWire({ selectionId: quote.selectionId, name, quote: { ...quote, gameStatus } })];
    });
    const operatorRows = [...event.customFancy, ...event.activeFancy].map(operatorFancyWire);
    const rows = fancyRowsAssemble(rateRows, operatorRows, {
      IsFancyActive: event.fancyActive,
      EvBetStatus: !event.betLocked,
      SessionMinStake: event.sessionMinStake,
      SessionMaxStake: event.sessionMaxStake,
    });
    const row = rows.find((entry) => entry.SelectionId === draft.SelectionID);
    if (!row || !fancyRowIsOpen(row)) return BET_MESSAGES.suspended;
    const check = stakeCheck(stakeValue, { min: row.min, max: row.max });
    if (!check.ok) return check.message;
    const [line, rate] =
      draft.BetType === 'Yes' ? [row.BackPrice1, row.BackSize1] : [row.LayPrice1, row.LaySize1];
    if (line !== draft.Odds || rate !== draft.Price) return BET_MESSAGES.oddsChanged;
    const fancyLine = toFancyLine(draft.Odds);
    const fancyRate = toFancyRate(draft.Price);
    if (fancyLine === null || fancyRate === null) return BET_MESSAGES.oddsChanged;

    const figures = betFigures({
      market: 'FANCY',
      betType: draft.BetType,
      rate: fancyRate,
      stake: check.stake,
    });
    const newBet: q.OpenBet = {
      selectionId: draft.SelectionID,
      betType: draft.BetType,
      odds: fancyLine,
      profitPaise: figures.profit,
      liabilityPaise: figures.liability,
    };
    return {
      eventId,
      marketId: draft.MarketId,
      marketType: 'FANCY',
      positionKey: draft.SelectionID,
      selectionId: draft.SelectionID,
      selectionName: runnerName,
      betType: draft.BetType,
      odds: fancyLine,
      price: fancyRate,
      stake: check.stake,
      figures,
      bet: newBet,
      exposureWith: (open) => fancyExposure([...open, newBet]),
    };
  }

  /**
   * DESIGN §5 acceptance and §11's path: decided in memory (catalog, prices, stake, the position's
   * exposure with the bet), then made in one call of bet_place, which locks the market row FOR
   * SHARE and the wallet FOR UPDATE, re-checks what may have changed, holds the exposure, inserts
   * the bet and records the key. A refusal decided in memory costs no round trip without a key,
   * one with (its record). A position with open bets this instance has not seen costs a second
   * call (one it has not seen is guessed empty).
   */
  async function place(request: {
    clientId: string;
    draft: BetDraft;
    isFancyRoute: boolean;
    idempotencyKey: string | undefined;
    route: string;
  }): Promise<BetAnswer> {
    const { clientId, draft } = request;
    const key = checkedKey(request.idempotencyKey);
    const hash = key === undefined ? null : requestHash(request.route, draft);
    const refused = async (message: string): Promise<BetAnswer> => {
      const answer = refuse(message);
      if (key === undefined || hash === null) return answer;
      return rememberAnswer(db, { clientId, key, hash, answer, at: clock.now() });
    };

    if ((draft.MarketType === 'FANCY') !== request.isFancyRoute)
      return refused(BET_MESSAGES.wrongRoute);
    const basic = stakeCheck(draft.Stack);
    if (!basic.ok) return refused(basic.message);
    const placement = request.isFancyRoute
      ? await fancyPlacement(draft, draft.Stack)
      : await exchangePlacement(draft, draft.Stack);
    if (typeof placement === 'string') return refused(placement);

    const positionId = `${clientId}|${placement.positionKey}`;
    return inTurn(positionId, () => make(positionId, placement, { clientId, key, hash }));
  }

  /** The answer of bet_place, the position remembered as it left it. */
  function answerOf(
    clientId: string,
    positionId: string,
    position: Position,
    placement: Placement,
    outcome: Exclude<q.PlaceOutcome, { outcome: 'stale' }>,
  ): BetAnswer {
    switch (outcome.outcome) {
      case 'conflict':
        throw keyConflict();
      case 'replay':
        return outcome.answer as BetAnswer;
      case 'answered':
        if (outcome.answer.Status && outcome.version !== null)
          remember(positionId, {
            version: outcome.version,
            bets: [...position.bets, placement.bet],
          });
        if (outcome.answer.Status && placement.marketType === 'FANCY')
          fancyPositionsChanged(clientId, placement.eventId);
        return outcome.answer;
      default:
        return assertNever(outcome, 'bet_place outcome');
    }
  }

  async function make(
    positionId: string,
    placement: Placement,
    request: { clientId: string; key: string | undefined; hash: Buffer | null },
  ): Promise<BetAnswer> {
    const call = (position: Position): q.BetCall => ({
      clientId: request.clientId,
      key: request.key ?? null,
      hash: request.hash,
      at: clock.now(),
      version: position.version,
      exposure: placement.exposureWith(position.bets),
      eventId: placement.eventId,
      marketId: placement.marketId,
      marketType: placement.marketType,
      positionKey: placement.positionKey,
      selectionId: placement.selectionId,
      selectionName: placement.selectionName,
      betType: placement.betType,
      odds: placement.odds,
      price: placement.price,
      stake: placement.stake,
      profitPaise: placement.figures.profit,
      liabilityPaise: placement.figures.liability,
      messages: MESSAGES_JSON,
    });
    // Optimistic: on this instance's copy of the position, then on the one bet_place answers.
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
      const position = positions.get(positionId) ?? UNSEEN;
      const outcome = await batches.place(call(position));
      if (outcome.outcome !== 'stale')
        return answerOf(request.clientId, positionId, position, placement, outcome);
      remember(positionId, { version: outcome.version, bets: outcome.bets });
    }
    // Contended (another instance betting on this position at the same moment): the locks first,
    // the position read under them, then bet_place in the same transaction.
    return inTransaction(db, async (tx) => {
      const position = await q.lockPosition(tx, { ...placement, clientId: request.clientId });
      const outcome = await q.placeBetOnce(tx, call(position));
      if (outcome.outcome === 'stale') throw new Error('a locked position changed');
      return answerOf(request.clientId, positionId, position, placement, outcome);
    });
  }

  return {
    /** Places a bet; the client's Exposure, ReturnBalance and UserId are ignored (DESIGN §5). */
    place,

    openBetsOfEvent: (clientId: string, eventId: number) =>
      q.openBetsOfEvent(db, clientId, eventId),

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

    /** A fancy runner's ladder (SPEC §3 RunValue, Pl), in paise. */
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
        const ladder = fancyLadder(fancyBets(await q.openBets(db, clientId, session.selection_id)));
        result.push({
          ...session,
          worst: ladder.reduce((worst, rung) => Math.min(worst, rung.Pl), 0),
        });
      }
      return result;
    },
  };
}

export type BetsService = ReturnType<typeof createBetsService>;
