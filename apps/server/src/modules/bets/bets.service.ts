import { CANCEL_MESSAGES, type BetDraft, type CashOutBet } from '@backlay/contract/bets';
import {
  assertNever,
  betDelaySeconds,
  betFigures,
  CANCEL_WINDOW_MS,
  cancelDeadline,
  cashOutPlan,
  type CashOutBet as CashOutPlanBet,
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
  type BetDelays,
  type ExchangeBet,
  type FancyBet,
  type Paise,
  type PricedBet,
} from '@backlay/domain';
import { createHash } from 'node:crypto';
import { notifiedCache, type Announce, type Changes } from '../../db/changes.js';
import { inTransaction, type Db } from '../../db/pool.js';
import type { PriceBook } from '../../feed/price-book.js';
import type { Clock, Timer } from '../../seams.js';
import {
  checkedKey,
  keyConflict,
  recalledAnswer,
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
  positionChanged: 'Your position changed: check the cash out again',
  cashOutMarket: 'Cash out is for match odds and bookmaker markets',
  clientLocked: 'Your betting is locked. Please contact your operator.',
} as const;

export type BetAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

const refuse = (Result: string): BetAnswer => ({ Status: false, Result });

/** The answers bet_place stores, once as JSON. */
const MESSAGES_JSON = JSON.stringify(BET_MESSAGES);
/** The answers bet_cancel stores, once as JSON. */
const CANCEL_MESSAGES_JSON = JSON.stringify(CANCEL_MESSAGES);

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

/** What a cash out locked in, as its answer says it (rupees, two decimals). */
function lockedText(book: readonly { readonly pl: Paise }[], percent: number): string {
  const results = book.map((runner) => runner.pl);
  const worst = Math.min(...results);
  const rupeesOf = (paise: number) =>
    `${paise < 0 ? '-' : ''}₹${(Math.abs(paise) / 100).toFixed(2)}`;
  if (percent < 100)
    return `${percent}% of your position, at least ${rupeesOf(worst)} whichever runner wins`;
  return Math.max(...results) === worst
    ? `${rupeesOf(worst)} whichever runner wins`
    : `at least ${rupeesOf(worst)} whichever runner wins`;
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
  /** The in-play delay before the bet is checked again and made (seconds; 0: at once). */
  readonly delayS: number;
  /** PriceBook downAt of the market now (0 for fancy, whose rows are checked again instead). */
  readonly downAt: number;
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
  /** The in-play bet delays (docs/architecture.md, "In-play bet delay"). */
  betDelay: BetDelays;
  timer: Timer;
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
    options: { isCashOut: boolean } = { isCashOut: false },
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
    // A cash out's bet may be under the market's minimum (docs/architecture.md, "Cash out").
    const check = stakeCheck(stakeValue, {
      min: options.isCashOut ? 1 : market.minStake,
      max: market.maxStake,
    });
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
      delayS: betDelaySeconds(deps.betDelay, {
        sportId: event.row.sportId,
        isInPlay: event.status === 'inplay',
        marketType: draft.MarketType,
      }),
      downAt: book.downAt,
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
      delayS: betDelaySeconds(deps.betDelay, {
        sportId: event.row.sportId,
        isInPlay: event.status === 'inplay',
        marketType: 'FANCY',
      }),
      downAt: 0,
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
    return onceInFlight(clientId, key, hash, () => placeKeyed(request, key, hash));
  }

  /**
   * The same key and request while the first is still being decided (held for the in-play delay,
   * say) share its answer instead of deciding twice; PostgreSQL's record of the key answers any
   * later repeat (DESIGN §4).
   */
  const inFlight = new Map<string, { hash: Buffer; answer: Promise<BetAnswer> }>();
  function onceInFlight(
    clientId: string,
    key: string | undefined,
    hash: Buffer | null,
    work: () => Promise<BetAnswer>,
  ): Promise<BetAnswer> {
    if (key === undefined || hash === null) return work();
    const flightId = `${clientId}|${key}`;
    const flying = inFlight.get(flightId);
    if (flying?.hash.equals(hash)) return flying.answer;
    const answer = work();
    if (!flying) {
      inFlight.set(flightId, { hash, answer });
      const forget = () => inFlight.delete(flightId);
      answer.then(forget, forget);
    }
    return answer;
  }

  async function placeKeyed(
    request: { clientId: string; draft: BetDraft; isFancyRoute: boolean },
    key: string | undefined,
    hash: Buffer | null,
  ): Promise<BetAnswer> {
    const { clientId, draft } = request;
    const refused = async (message: string): Promise<BetAnswer> => {
      const answer = refuse(message);
      if (key === undefined || hash === null) return answer;
      return rememberAnswer(db, { clientId, key, hash, answer, at: clock.now() });
    };

    if ((draft.MarketType === 'FANCY') !== request.isFancyRoute)
      return refused(BET_MESSAGES.wrongRoute);
    const basic = stakeCheck(draft.Stack);
    if (!basic.ok) return refused(basic.message);
    const placementOf = () =>
      request.isFancyRoute
        ? fancyPlacement(draft, draft.Stack)
        : exchangePlacement(draft, draft.Stack);
    const placement = await held([await placementOf()], async () => [await placementOf()]);
    if (typeof placement === 'string') return refused(placement);
    const [made] = placement;
    if (!made) return refused(BET_MESSAGES.notFound);

    const positionId = `${clientId}|${made.positionKey}`;
    return inTurn(positionId, () => make(positionId, made, { clientId, key, hash }));
  }

  /**
   * The in-play delay (docs/architecture.md, "In-play bet delay"): placements that need one are
   * held for it, then decided again from scratch (catalog, prices, the DESIGN §5 price check at
   * the asked odds); "Market suspended" when the market went down at any moment of the delay.
   * Answers the placements to make, or the refusal.
   */
  async function held(
    first: readonly (Placement | string)[],
    again: () => Promise<readonly (Placement | string)[]>,
  ): Promise<readonly Placement[] | string> {
    const decided = (placements: readonly (Placement | string)[]) => {
      const refusal = placements.find((placement) => typeof placement === 'string');
      return refusal ?? (placements as readonly Placement[]);
    };
    const now = decided(first);
    if (typeof now === 'string') return now;
    if (now.length === 0) return BET_MESSAGES.notFound;
    // One market's placements share its delay.
    const delayS = Math.max(...now.map((placement) => placement.delayS));
    if (delayS === 0) return now;
    const start = clock.now().getTime();
    await deps.timer.wait(delayS * 1000);
    const later = decided(await again());
    if (typeof later === 'string') return later;
    return later.some((placement) => placement.downAt >= start) ? BET_MESSAGES.suspended : later;
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

  /** A position's open bets without one equal to `bet` (the same figures: the same exposure). */
  function without(bets: readonly q.OpenBet[], bet: q.OpenBet): q.OpenBet[] {
    const index = bets.findIndex(
      (open) =>
        open.selectionId === bet.selectionId &&
        open.betType === bet.betType &&
        open.odds === bet.odds &&
        open.profitPaise === bet.profitPaise &&
        open.liabilityPaise === bet.liabilityPaise,
    );
    return index < 0 ? [...bets] : bets.filter((_, at) => at !== index);
  }

  /**
   * The football cancel rule (docs/architecture.md, "Cancelling a bet"): decided in memory (the
   * bet is the client's and open, on football, inside its window by this server's clock, its
   * market not closed and not down since the bet), then made by bet_cancel like a bet: on this
   * instance's copy of the position, again on the one it answers, then under the locks.
   */
  async function cancel(request: {
    clientId: string;
    betId: string;
    idempotencyKey: string | undefined;
    route: string;
  }): Promise<BetAnswer> {
    const { clientId, betId } = request;
    const key = checkedKey(request.idempotencyKey);
    const hash = key === undefined ? null : requestHash(request.route, { BetId: betId });
    const refused = async (message: string): Promise<BetAnswer> => {
      const answer = refuse(message);
      if (key === undefined || hash === null) return answer;
      return rememberAnswer(db, { clientId, key, hash, answer, at: clock.now() });
    };
    return onceInFlight(clientId, key, hash, async () => {
      const bet = await q.betOfClient(db, clientId, betId);
      if (!bet) return refused(CANCEL_MESSAGES.notFound);
      const now = clock.now().getTime();
      const deadline = cancelDeadline({
        sportId: bet.sport_id,
        marketType: bet.market_type,
        acceptedAt: bet.created_at.getTime(),
      });
      if (deadline === null) return refused(CANCEL_MESSAGES.notFootball);
      if (bet.status !== 'Pending') return refused(CANCEL_MESSAGES.notOpen);
      const event = await catalog.event(Number(bet.event_id));
      const market = event?.markets.get(bet.market_id);
      if (!event || !market) return refused(CANCEL_MESSAGES.notFound);
      if (market.isClosed || event.status === 'closed' || event.declared.has(bet.market_id))
        return refused(CANCEL_MESSAGES.closed);
      if (now >= deadline) return refused(CANCEL_MESSAGES.expired);
      const book = priceBook.market(bet.market_id, now);
      if (
        market.operatorSuspended ||
        !book ||
        book.status !== 'ACTIVE' ||
        // Down at the bet's own millisecond was before it: it was accepted on an open market.
        book.downAt > bet.created_at.getTime()
      )
        return refused(CANCEL_MESSAGES.suspended);

      const selectionIds = market.runners.map((runner) => runner.selectionId);
      const cancelled: q.OpenBet = {
        selectionId: bet.selection_id,
        betType: bet.bet_type,
        odds: bet.odds,
        profitPaise: Number(bet.profit_paise),
        liabilityPaise: Number(bet.liability_paise),
      };
      const positionId = `${clientId}|${bet.position_key}`;
      const call = (position: Position): q.CancelCall => ({
        clientId,
        betId,
        key: key ?? null,
        hash,
        at: clock.now(),
        windowMs: CANCEL_WINDOW_MS,
        version: position.version,
        exposure: exchangeExposure(selectionIds, without(position.bets, cancelled)),
        messages: CANCEL_MESSAGES_JSON,
      });
      const answered = (position: Position, outcome: q.PlaceOutcome): BetAnswer => {
        switch (outcome.outcome) {
          case 'stale':
            throw new Error('a locked position changed');
          case 'conflict':
            throw keyConflict();
          case 'replay':
            return outcome.answer as BetAnswer;
          case 'answered':
            if (outcome.answer.Status && outcome.version !== null)
              remember(positionId, {
                version: outcome.version,
                bets: without(position.bets, cancelled),
              });
            return outcome.answer;
          default:
            return assertNever(outcome, 'bet_cancel outcome');
        }
      };
      return inTurn(positionId, async () => {
        for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
          const position = positions.get(positionId) ?? UNSEEN;
          const outcome = await q.cancelBet(db, call(position));
          if (outcome.outcome !== 'stale') return answered(position, outcome);
          remember(positionId, { version: outcome.version, bets: outcome.bets });
        }
        return inTransaction(db, async (tx) => {
          const position = await q.lockPosition(tx, {
            clientId,
            eventId: Number(bet.event_id),
            marketId: bet.market_id,
            marketType: bet.market_type,
            positionKey: bet.position_key,
          });
          return answered(position, await q.cancelBetOnce(tx, call(position)));
        });
      });
    });
  }

  /**
   * Cash out (docs/architecture.md, "Cash out"): the client's hedging bets are checked to be
   * exactly the domain's plan for its position at the odds it asked, held for the in-play delay
   * once, checked again against the prices like any bet (a cash out's bet may be under the
   * market's minimum), then made one after another in the position's turn. The whole answer is
   * stored with the key; each bet has a key of its own derived from it.
   */
  async function cashOut(request: {
    clientId: string;
    marketId: string;
    marketType: 'MATCH_ODDS' | 'BOOKMAKER';
    eventId: string | number;
    percent: number;
    bets: readonly CashOutBet[];
    idempotencyKey: string | undefined;
    route: string;
  }): Promise<BetAnswer> {
    const { clientId } = request;
    const key = checkedKey(request.idempotencyKey);
    const body = {
      MarketId: request.marketId,
      MarketType: request.marketType,
      EventId: request.eventId,
      Percent: request.percent,
      Bets: request.bets,
    };
    const hash = key === undefined ? null : requestHash(request.route, body);
    const answered = async (answer: BetAnswer): Promise<BetAnswer> =>
      key === undefined || hash === null
        ? answer
        : rememberAnswer(db, { clientId, key, hash, answer, at: clock.now() });
    return onceInFlight(clientId, key, hash, async () => {
      if (key !== undefined && hash !== null) {
        const earlier = await recalledAnswer<BetAnswer>(db, { clientId, key, hash });
        if (earlier) return earlier;
      }
      const parts = marketIdParse(request.marketId);
      if (!parts || parts.kind !== request.marketType)
        return answered(refuse(BET_MESSAGES.cashOutMarket));
      const event = await catalog.event(parts.eventId);
      const market = event?.markets.get(request.marketId);
      if (!event || !market) return answered(refuse(BET_MESSAGES.notFound));

      // The plan for the position as it is, at the odds the client asked.
      const planNow = async () =>
        cashOutPlan(
          request.marketType,
          marketBook(
            market.runners.map((runner) => runner.selectionId),
            exchangeBets(await q.openBets(db, clientId, request.marketId)),
          ).map((runner) => ({
            selectionId: runner.selectionId,
            pl: runner.pl,
            back: asked(runner.selectionId, 'Back'),
            lay: asked(runner.selectionId, 'Lay'),
          })),
          request.percent,
        );
      const asked = (selectionId: string, betType: 'Back' | 'Lay') => {
        const bet = request.bets.find(
          (entry) => entry.SelectionID === selectionId && entry.BetType === betType,
        );
        if (!bet) return null;
        return request.marketType === 'BOOKMAKER'
          ? toBookmakerOdds(bet.Odds)
          : oddsFromDecimal(bet.Odds);
      };
      const wire = (odds: number) => (request.marketType === 'BOOKMAKER' ? odds : odds / 100);
      const given = request.bets.map(
        (bet) => `${bet.SelectionID}|${bet.BetType}|${bet.Odds}|${bet.Stack}`,
      );
      const isAsked = (bets: readonly CashOutPlanBet[]) => {
        const planned = bets.map(
          (bet) => `${bet.selectionId}|${bet.betType}|${wire(bet.odds)}|${bet.stake}`,
        );
        return planned.length === given.length && planned.every((leg) => given.includes(leg));
      };
      const plan = await planNow();
      if (!plan.ok) return answered(refuse(plan.reason));
      if (!isAsked(plan.bets)) return answered(refuse(BET_MESSAGES.positionChanged));

      const drafts: BetDraft[] = plan.bets.map((bet) => ({
        sportsId: event.row.sportId === 1 || event.row.sportId === 2 ? event.row.sportId : 4,
        SelectionName:
          market.runners.find((runner) => runner.selectionId === bet.selectionId)?.name ?? '',
        SelectionID: bet.selectionId,
        Odds: wire(bet.odds),
        Price: 0,
        MarketType: request.marketType,
        MarketId: request.marketId,
        EventId: parts.eventId,
        BetType: bet.betType,
        BetStatus: 'Pending',
        Stack: bet.stake,
      }));
      const placementsNow = () =>
        Promise.all(
          drafts.map((draft) => exchangePlacement(draft, draft.Stack, { isCashOut: true })),
        );
      // Every bet of the plan: held once for the market's delay, then decided again together.
      const legs = await held(await placementsNow(), placementsNow);
      if (typeof legs === 'string') return answered(refuse(legs));

      const positionId = `${clientId}|${request.marketId}`;
      const legKey = (index: number) =>
        key === undefined
          ? null
          : `cashout-${createHash('sha256').update(key).digest('hex').slice(0, 40)}-${index}`;
      // In the position's turn: checked again against the position after the delay (another cash
      // out from the same book may have been made meanwhile), then the bets one after another.
      const answers = await inTurn(positionId, async () => {
        const again = await planNow();
        if (!again.ok || !isAsked(again.bets)) return [refuse(BET_MESSAGES.positionChanged)];
        const made: BetAnswer[] = [];
        for (const [index, leg] of legs.entries()) {
          const legHashKey = legKey(index);
          made.push(
            await make(positionId, leg, {
              clientId,
              key: legHashKey ?? undefined,
              hash: legHashKey === null ? null : requestHash(`${request.route}#bet`, drafts[index]),
            }),
          );
        }
        return made;
      });
      const placed = answers.filter((answer) => answer.Status).length;
      const failed = answers.find((answer) => !answer.Status);
      if (placed === 0) return answered(refuse(failed?.Result ?? BET_MESSAGES.notFound));
      if (failed)
        return answered({
          Status: true,
          Result: `Cashed out in part: ${placed} of ${answers.length} bets placed (${failed.Result})`,
        });
      return answered({
        Status: true,
        Result: `Cashed out: ${lockedText(plan.book, request.percent)}`,
      });
    });
  }

  return {
    /** Places a bet; the client's Exposure, ReturnBalance and UserId are ignored (DESIGN §5). */
    place,
    cancel,
    cashOut,

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
