import { randomUUID } from 'node:crypto';
import {
  cashOutPlan,
  fancyRunnerIsHidden,
  isExchangeMarket,
  type MarketType,
  type Paise,
} from '@backlay/domain';

/**
 * The bank test's load (docs/reliability.md, "Conservation"): clients and operators driving the
 * server over real HTTP as the web client and the operator CLI do. Bettors read the current price
 * and bet at it, so a share is refused for price moves; invalid bets are built to be refused
 * whatever the prices do. Operators declare, void and roll back results on markets with bets and
 * move credit.
 */

export const OPS_PATHS = {
  createClient: '/api/ops/create-client',
  credit: '/api/ops/credit',
  declare: '/api/ops/declare-result',
  void: '/api/ops/void-market',
  rollback: '/api/ops/rollback',
  matkaResult: '/api/ops/matka-result',
} as const;

export interface Answer {
  readonly status: number;
  /** The envelope's Status and Result; undefined when the body was not JSON. */
  readonly ok: boolean | undefined;
  readonly result: unknown;
  /** The whole parsed body. */
  readonly body: unknown;
  readonly ms: number;
  /** Which instance answered, behind the scale suite's balancer (its X-Served-By header). */
  readonly servedBy: string | undefined;
}

/** A keep-alive HTTP client of one server (Node's fetch pools connections per origin). */
export function httpClient(base: string) {
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    options: {
      token?: string;
      json?: unknown;
      raw?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined || options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.raw ?? JSON.stringify(options.json);
    }
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { method, headers, body });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const envelope = parsed as { Status?: unknown; Result?: unknown } | undefined;
    return {
      status: response.status,
      ok: typeof envelope?.Status === 'boolean' ? envelope.Status : undefined,
      result: envelope?.Result,
      body: parsed,
      ms,
      servedBy: response.headers.get('x-served-by') ?? undefined,
    };
  };
}

export type Call = ReturnType<typeof httpClient>;

// ---------------------------------------------------------------- what the bettors can see

export interface CatalogMarket {
  readonly marketId: string;
  readonly marketType: Exclude<MarketType, 'FANCY'>;
  readonly minStake: number;
  readonly runners: readonly { selectionId: number; name: string }[];
}

export interface CatalogEvent {
  readonly eventId: number;
  readonly sportId: 1 | 2 | 4;
  readonly markets: readonly CatalogMarket[];
  readonly sessionMin: number;
}

export interface MatkaGame {
  readonly eventId: number;
  readonly mid: number;
  readonly name: string;
}

/** The open events and matka games as a client reads them, refreshed by {@link refreshCatalog}. */
export interface Catalog {
  events: CatalogEvent[];
  matka: MatkaGame[];
}

interface MarketListWire {
  EventId: number;
}
interface EventDetailWire {
  EventId: number;
  SportsId: number;
  MarketList: {
    MarketId: string;
    MarketType: string;
    MinStake: number;
    runners: { selectionId: number; RunnerName: string }[];
  }[];
  fancy: { SessionMinStake: number };
}
interface MatkaEventWire {
  EventId: number;
  Mid: number;
  EventName: string;
  isOpen: boolean;
}

/** Reads the market list, the detail of events not seen before, and the matka games. */
export async function refreshCatalog(call: Call, token: string, catalog: Catalog): Promise<void> {
  const list = await call('GET', '/api/MarketModels/GetMarketList?sportsId=0', { token });
  if (list.ok !== true) return;
  const open = new Set((list.result as MarketListWire[]).map((item) => item.EventId));
  const known = new Map(catalog.events.map((event) => [event.eventId, event]));
  const events: CatalogEvent[] = [];
  for (const eventId of open) {
    const seen = known.get(eventId);
    if (seen) {
      events.push(seen);
      continue;
    }
    const detail = await call('GET', `/api/MarketModels/GetEventDetail?eventId=${eventId}`, {
      token,
    });
    if (detail.ok !== true) continue;
    const wire = detail.result as EventDetailWire;
    events.push({
      eventId,
      sportId: wire.SportsId === 1 || wire.SportsId === 2 ? wire.SportsId : 4,
      sessionMin: wire.fancy.SessionMinStake,
      markets: wire.MarketList.flatMap((market) =>
        isExchangeMarket(market.MarketType) ||
        market.MarketType === 'BOOKMAKER' ||
        market.MarketType === 'TOSS'
          ? [
              {
                marketId: market.MarketId,
                marketType: market.MarketType,
                minStake: market.MinStake,
                runners: market.runners.map((runner) => ({
                  selectionId: runner.selectionId,
                  name: runner.RunnerName,
                })),
              },
            ]
          : [],
      ),
    });
  }
  catalog.events = events;
  const matka = await call('GET', '/api/Matka/GetEventMarkets', { token });
  if (matka.ok === true) {
    catalog.matka = (matka.result as MatkaEventWire[])
      .filter((game) => game.isOpen)
      .map((game) => ({ eventId: game.EventId, mid: game.Mid, name: game.EventName }));
  }
}

// ---------------------------------------------------------------- randomness of the load

export const pick = <T>(items: readonly T[]): T | undefined =>
  items.length === 0 ? undefined : items[Math.floor(Math.random() * items.length)];

export const between = (low: number, high: number) =>
  low + Math.floor(Math.random() * (high - low + 1));

/** Picks a key by weight. */
export function weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
  const entries = Object.entries(weights) as [K, number][];
  let roll = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [name, weight] of entries) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return entries[entries.length - 1]![0];
}

// ---------------------------------------------------------------- bets

export interface Bettor {
  readonly username: string;
  readonly token: string;
}

/** A market or fancy session that has had an accepted bet: what the operators act on. */
export interface Target {
  readonly target: string;
  readonly kind: 'market' | 'fancy';
  readonly eventId: number;
  readonly runners: readonly number[];
  /** The fancy line last bet on (results are drawn around it). */
  line: number;
  /** When it was last bet on (performance.now()). */
  lastBetAt: number;
  /** Our last view of it: settled or voided by an operator here (the server decides). */
  settled: boolean;
}

/** The further exchange markets (docs/architecture.md identifiers) are bet on as kinds of their own. */
export type ValidKind =
  | 'MATCH_ODDS'
  | 'BOOKMAKER'
  | 'TOSS'
  | 'TIED_MATCH'
  | 'COMPLETED_MATCH'
  | 'OVER_UNDER_25'
  | 'SET_WINNER'
  | 'FANCY'
  | 'MATKA'
  | 'CANCEL'
  | 'CASH_OUT';
export type InvalidKind =
  | 'bad odds'
  | 'stake below min'
  | 'stake not whole'
  | 'wrong market id'
  | 'wrong route'
  | 'malformed body'
  | 'matka bad total'
  | 'over balance';

/** What one placement attempt came to. */
export interface Attempt {
  readonly kind: ValidKind | InvalidKind;
  readonly isValid: boolean;
  /** Accepted, refused (Status false or 4xx), or a server error (5xx, network). */
  readonly outcome: 'accepted' | 'refused' | 'error';
  readonly message: string;
  /** Bet rows an acceptance stored (a matka bet stores one per number). */
  readonly rows: number;
  /** Latency of each placement request sent (a replay with the same key sends two). */
  readonly latencies: readonly number[];
  /** A replay with the same Idempotency-Key that answered differently. */
  readonly replayDiffered: boolean;
  /** The target bet on, for the operators. */
  readonly target?: Target;
}

interface RunnerBookWire {
  selectionId: number;
  status: string;
  ex: { availableToBack: { price: number }[]; availableToLay: { price: number }[] };
}
interface BmFancyWire {
  BMList: {
    selectionId: number;
    status: string;
    BackPrice1: number;
    LayPrice1: number;
  }[];
  fancyList: {
    SelectionId: string;
    RunnerName: string;
    BackPrice1: number;
    BackSize1: number;
    LayPrice1: number;
    LaySize1: number;
    GameStatus: string;
  }[];
}

interface Draft {
  readonly route: 'user' | 'fancy';
  readonly body: Record<string, unknown>;
  readonly target: Target;
}

const USER_BET = '/api/UserBetModels/PostUserBetModel';
const FANCY_BET = '/api/UserBetModels/PostFancyBetModel';
const MATKA_BET = '/api/Matka/PlaceBet';
const CANCEL_BET = '/api/UserBetModels/CancelBet';
const CASH_OUT = '/api/UserBetModels/CashOut';

interface MyMarketWire {
  EventId: number;
  SportsId: number;
  MarketType: string;
  Runners: { selectionId: number | string; profitLoss: number }[];
}

/** The bettor's open markets (GetMyMarkets), as the web's My Markets page reads them. */
async function myMarkets(call: Call, bettor: Bettor): Promise<MyMarketWire[]> {
  const answer = await call('GET', '/api/MarketModels/GetMyMarkets', { token: bettor.token });
  return answer.ok === true ? (answer.result as MyMarketWire[]) : [];
}

/**
 * A cancel of one of the bettor's football bets still inside its window: one found on the
 * bettor's open football markets, or else a football match odds bet placed now (its row counts
 * when accepted) and cancelled at once, as a bettor who changed their mind does. Football
 * markets suspend at every goal, which at the simulator's speed comes within seconds, so most
 * older bets can no longer be cancelled.
 */
async function cancelAttempt(
  call: Call,
  bettor: Bettor,
  catalog: Catalog,
): Promise<Attempt | null> {
  const cancellable = async (eventId: number) => {
    const listed = await call('GET', `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`, {
      token: bettor.token,
    });
    if (listed.ok !== true) return undefined;
    return pick(
      (listed.result as { BetId: string; CancelUntil: string | null }[]).filter(
        (bet) => bet.CancelUntil !== null,
      ),
    );
  };
  let rows = 0;
  let open: { BetId: string } | undefined;
  for (const market of (await myMarkets(call, bettor)).filter(
    (m) => m.SportsId === 1 && m.MarketType !== 'FANCY',
  )) {
    open = await cancellable(market.EventId);
    if (open) break;
  }
  if (!open) {
    const football = { ...catalog, events: catalog.events.filter((e) => e.sportId === 1) };
    const draft = await exchangeDraft(call, bettor.token, football, 'MATCH_ODDS');
    if (!draft) return null;
    const placed = await call('POST', USER_BET, { token: bettor.token, json: draft.body });
    if (classify(placed) !== 'accepted') return null;
    rows = 1;
    open = await cancellable(Number(draft.body.EventId));
    // Placed, but no longer cancellable (a goal suspended the market meanwhile): its row counts.
    if (!open)
      return {
        kind: 'CANCEL',
        isValid: true,
        outcome: 'refused',
        message: 'placed, then nothing left to cancel',
        rows,
        latencies: [placed.ms],
        replayDiffered: false,
      };
  }
  const sent = await send(call, bettor.token, CANCEL_BET, { BetId: open.BetId });
  return {
    kind: 'CANCEL',
    isValid: true,
    outcome: classify(sent.answer),
    message: messageOf(sent.answer),
    rows,
    latencies: sent.latencies,
    replayDiffered: sent.replayDiffered,
  };
}

/**
 * A cash out of the bettor's position on a match odds or bookmaker market, at the best prices as
 * the client reads them (cashOutPlan, as the web does), of a random percentage; null without a
 * position or a plan.
 */
async function cashOutAttempt(
  call: Call,
  bettor: Bettor,
  catalog: Catalog,
): Promise<Attempt | null> {
  const mine = pick(
    (await myMarkets(call, bettor)).filter(
      (m) => m.MarketType === 'MATCH_ODDS' || m.MarketType === 'BOOKMAKER',
    ),
  );
  if (!mine) return null;
  const type = mine.MarketType === 'BOOKMAKER' ? 'BOOKMAKER' : 'MATCH_ODDS';
  const event = catalog.events.find((e) => e.eventId === mine.EventId);
  const market = event?.markets.find((m) => m.marketType === type);
  if (!event || !market) return null;
  const pls = new Map(
    mine.Runners.map((runner) => [Number(runner.selectionId), Math.round(runner.profitLoss * 100)]),
  );
  const prices = new Map<number, { back: number | null; lay: number | null }>();
  if (type === 'BOOKMAKER') {
    const rates = await call('GET', `/api/Odds/BmFancy/${event.eventId}`, { token: bettor.token });
    if (rates.ok !== true) return null;
    for (const row of (rates.result as BmFancyWire).BMList)
      if (row.status === 'ACTIVE')
        prices.set(row.selectionId, { back: row.BackPrice1 || null, lay: row.LayPrice1 || null });
  } else {
    const rates = await call('GET', `/api/MarketModels/GetRates?marketids=${market.marketId}`, {
      token: bettor.token,
    });
    if (rates.ok !== true) return null;
    const [quotes] = rates.result as { status: string; runners: RunnerBookWire[] }[];
    for (const runner of quotes?.status === 'ACTIVE' ? quotes.runners : []) {
      const back = runner.ex.availableToBack[0]?.price;
      const lay = runner.ex.availableToLay[0]?.price;
      prices.set(runner.selectionId, {
        back: back === undefined ? null : Math.round(back * 100),
        lay: lay === undefined ? null : Math.round(lay * 100),
      });
    }
  }
  const percent = pick([100, 100, 50, 25])!;
  const plan = cashOutPlan(
    type,
    market.runners.map((runner) => ({
      selectionId: String(runner.selectionId),
      pl: (pls.get(runner.selectionId) ?? 0) as Paise,
      back: prices.get(runner.selectionId)?.back ?? null,
      lay: prices.get(runner.selectionId)?.lay ?? null,
    })),
    percent,
  );
  if (!plan.ok) return null;
  const sent = await send(call, bettor.token, CASH_OUT, {
    MarketId: market.marketId,
    MarketType: type,
    EventId: event.eventId,
    Percent: percent,
    Bets: plan.bets.map((bet) => ({
      SelectionID: bet.selectionId,
      BetType: bet.betType,
      Odds: type === 'BOOKMAKER' ? bet.odds : bet.odds / 100,
      Stack: bet.stake,
    })),
  });
  const outcome = classify(sent.answer);
  const message = messageOf(sent.answer);
  // "Cashed out in part: k of n bets placed (…)" stored k rows.
  const part = /^Cashed out in part: (\d+) of/.exec(message);
  return {
    kind: 'CASH_OUT',
    isValid: true,
    outcome,
    message,
    rows: outcome !== 'accepted' ? 0 : part ? Number(part[1]) : plan.bets.length,
    latencies: sent.latencies,
    replayDiffered: sent.replayDiffered,
  };
}

const matchStake = () => pick([500, 500, 1000, 1000, 2000, 5000])!;

function draftOf(
  event: CatalogEvent,
  market: CatalogMarket,
  selectionId: number,
  side: 'Back' | 'Lay',
  odds: number,
  stake: number,
): Draft {
  return {
    route: 'user',
    body: {
      sportsId: event.sportId,
      SelectionName:
        market.runners.find((runner) => runner.selectionId === selectionId)?.name ?? '',
      SelectionID: String(selectionId),
      Odds: odds,
      Price: 0,
      MarketType: market.marketType,
      MarketId: market.marketId,
      EventId: event.eventId,
      BetType: side,
      BetStatus: 'Pending',
      Stack: stake,
      // Ignored by the server (docs/decisions.md#money); sent as the web client sends them.
      Exposure: stake,
      ReturnBalance: 0,
      UserId: 0,
    },
    target: {
      target: market.marketId,
      kind: 'market',
      eventId: event.eventId,
      runners: market.runners.map((runner) => runner.selectionId),
      line: 0,
      lastBetAt: performance.now(),
      settled: false,
    },
  };
}

/** A bet at the current best price of a match odds, bookmaker or toss market, or null if none is open. */
async function exchangeDraft(
  call: Call,
  token: string,
  catalog: Catalog,
  type: CatalogMarket['marketType'],
): Promise<Draft | null> {
  const event = pick(catalog.events.filter((e) => e.markets.some((m) => m.marketType === type)));
  const market = event?.markets.find((m) => m.marketType === type);
  if (!event || !market) return null;
  const side = Math.random() < 0.5 ? 'Back' : 'Lay';
  if (type === 'BOOKMAKER') {
    const rates = await call('GET', `/api/Odds/BmFancy/${event.eventId}`, { token });
    if (rates.ok !== true) return null;
    const row = pick(
      (rates.result as BmFancyWire).BMList.filter(
        (r) => r.status === 'ACTIVE' && r.BackPrice1 > 0 && r.LayPrice1 > 0,
      ),
    );
    if (!row) return null;
    const odds = side === 'Back' ? row.BackPrice1 : row.LayPrice1;
    return draftOf(event, market, row.selectionId, side, odds, matchStake());
  }
  const path =
    type === 'TOSS'
      ? `/api/Odds/Toss?marketids=${market.marketId}`
      : `/api/MarketModels/GetRates?marketids=${market.marketId}`;
  const rates = await call('GET', path, { token });
  if (rates.ok !== true) return null;
  const [book] = rates.result as { status: string; runners: RunnerBookWire[] }[];
  if (!book || book.status !== 'ACTIVE') return null;
  const runner = pick(
    book.runners.filter(
      (r) =>
        r.status === 'ACTIVE' &&
        r.ex.availableToBack[0] !== undefined &&
        r.ex.availableToLay[0] !== undefined,
    ),
  );
  if (!runner) return null;
  const odds =
    side === 'Back' ? runner.ex.availableToBack[0]!.price : runner.ex.availableToLay[0]!.price;
  return draftOf(event, market, runner.selectionId, side, odds, matchStake());
}

/** A Yes or No bet at the exact line and rate of an open fancy row, or null if none is open. */
async function fancyDraft(call: Call, token: string, catalog: Catalog): Promise<Draft | null> {
  const event = pick(catalog.events.filter((e) => e.sportId === 4));
  if (!event) return null;
  const rates = await call('GET', `/api/Odds/BmFancy/${event.eventId}`, { token });
  if (rates.ok !== true) return null;
  const row = pick(
    (rates.result as BmFancyWire).fancyList.filter(
      (r) =>
        (r.GameStatus === '' || r.GameStatus === 'ACTIVE') &&
        !fancyRunnerIsHidden(r.RunnerName) &&
        r.BackPrice1 > 0 &&
        r.LayPrice1 > 0,
    ),
  );
  if (!row) return null;
  const side = Math.random() < 0.5 ? 'Yes' : 'No';
  const [line, rate] =
    side === 'Yes' ? [row.BackPrice1, row.BackSize1] : [row.LayPrice1, row.LaySize1];
  const stake = Math.max(event.sessionMin, pick([100, 200, 500, 1000])!);
  return {
    route: 'fancy',
    body: {
      sportsId: 4,
      SelectionName: row.RunnerName,
      SelectionID: row.SelectionId,
      Odds: line,
      Price: rate,
      MarketType: 'FANCY',
      MarketId: String(event.eventId),
      EventId: event.eventId,
      BetType: side,
      BetStatus: 'Pending',
      Stack: stake,
    },
    target: {
      target: row.SelectionId,
      kind: 'fancy',
      eventId: event.eventId,
      runners: [],
      line,
      lastBetAt: performance.now(),
      settled: false,
    },
  };
}

function matkaBody(game: MatkaGame, numbers: number, badTotal: boolean) {
  const bets = Array.from({ length: numbers }, () => ({
    BetNo: String(between(0, 99)).padStart(2, '0'),
    Amount: pick([10, 20, 50, 100, 250])!,
  }));
  const total = bets.reduce((sum, bet) => sum + bet.Amount, 0);
  return {
    SportsId: 6,
    EventName: game.name,
    EventId: game.eventId,
    TotalAmount: badTotal ? total + 1 : total,
    SMBets: bets,
  };
}

function classify(answer: Answer): Attempt['outcome'] {
  if (answer.status >= 500) return 'error';
  return answer.status === 200 && answer.ok === true ? 'accepted' : 'refused';
}

function messageOf(answer: Answer): string {
  if (answer.status === 200) return typeof answer.result === 'string' ? answer.result : '?';
  return `HTTP ${answer.status}`;
}

/**
 * Sends a placement; a fifth of the valid ones carry an Idempotency-Key and a third of those are
 * sent twice at once, as a client retrying on a slow network does: both must get the same answer
 * and at most one bet may be stored.
 */
async function send(
  call: Call,
  token: string,
  path: string,
  body: unknown,
): Promise<{ answer: Answer; latencies: number[]; replayDiffered: boolean }> {
  if (Math.random() >= 0.2) {
    const answer = await call('POST', path, { token, json: body });
    return { answer, latencies: [answer.ms], replayDiffered: false };
  }
  const headers = { 'idempotency-key': randomUUID() };
  if (Math.random() >= 1 / 3) {
    const answer = await call('POST', path, { token, json: body, headers });
    return { answer, latencies: [answer.ms], replayDiffered: false };
  }
  const [first, second] = await Promise.all([
    call('POST', path, { token, json: body, headers }),
    call('POST', path, { token, json: body, headers }),
  ]);
  return {
    answer: first,
    latencies: [first.ms, second.ms],
    replayDiffered:
      first.status !== second.status ||
      first.ok !== second.ok ||
      JSON.stringify(first.result) !== JSON.stringify(second.result),
  };
}

export const VALID_WEIGHTS: Readonly<Record<ValidKind, number>> = {
  MATCH_ODDS: 24,
  BOOKMAKER: 12,
  TOSS: 6,
  TIED_MATCH: 3,
  COMPLETED_MATCH: 2,
  OVER_UNDER_25: 3,
  SET_WINNER: 3,
  FANCY: 22,
  MATKA: 10,
  // docs/architecture.md, "Cancelling a bet" and "Cash out": money moves back through them too.
  CANCEL: 4,
  CASH_OUT: 4,
};

export const INVALID_WEIGHTS: Readonly<Record<InvalidKind, number>> = {
  'bad odds': 4,
  'stake below min': 4,
  'stake not whole': 2,
  'wrong market id': 3,
  'wrong route': 2,
  'malformed body': 4,
  'matka bad total': 2,
  'over balance': 5,
};

/** One valid bet of `kind` at the current price, or null when no market of that kind is open. */
export async function validBet(
  call: Call,
  bettor: Bettor,
  catalog: Catalog,
  kind: ValidKind,
): Promise<Attempt | null> {
  if (kind === 'CANCEL') return cancelAttempt(call, bettor, catalog);
  if (kind === 'CASH_OUT') return cashOutAttempt(call, bettor, catalog);
  if (kind === 'MATKA') {
    const game = pick(catalog.matka);
    if (!game) return null;
    const body = matkaBody(game, between(1, 5), false);
    const sent = await send(call, bettor.token, MATKA_BET, body);
    const outcome = classify(sent.answer);
    return {
      kind,
      isValid: true,
      outcome,
      message: messageOf(sent.answer),
      rows: outcome === 'accepted' ? body.SMBets.length : 0,
      latencies: sent.latencies,
      replayDiffered: sent.replayDiffered,
    };
  }
  const draft =
    kind === 'FANCY'
      ? await fancyDraft(call, bettor.token, catalog)
      : await exchangeDraft(call, bettor.token, catalog, kind);
  if (!draft) return null;
  const sent = await send(
    call,
    bettor.token,
    draft.route === 'fancy' ? FANCY_BET : USER_BET,
    draft.body,
  );
  const outcome = classify(sent.answer);
  return {
    kind,
    isValid: true,
    outcome,
    message: messageOf(sent.answer),
    rows: outcome === 'accepted' ? 1 : 0,
    latencies: sent.latencies,
    replayDiffered: sent.replayDiffered,
    target: draft.target,
  };
}

/**
 * A valid match odds, bookmaker, toss or fancy bet at the current price, not sent: its route and
 * body, for a caller that sends it itself (the crash suite retries one body under one key).
 */
export async function validDraft(
  call: Call,
  token: string,
  catalog: Catalog,
  kind: Exclude<ValidKind, 'MATKA' | 'CANCEL' | 'CASH_OUT'>,
): Promise<{ path: string; body: Record<string, unknown> } | null> {
  const draft =
    kind === 'FANCY'
      ? await fancyDraft(call, token, catalog)
      : await exchangeDraft(call, token, catalog, kind);
  return draft && { path: draft.route === 'fancy' ? FANCY_BET : USER_BET, body: draft.body };
}

/**
 * One invalid bet of `kind`, built so that no price move can make it valid, except 'over balance'
 * (a stake above the client's means, which a lucky client could afford).
 */
export async function invalidBet(
  call: Call,
  bettor: Bettor,
  catalog: Catalog,
  kind: InvalidKind,
): Promise<Attempt | null> {
  const event = pick(catalog.events.filter((e) => e.markets.length > 0));
  const market = event?.markets.find((m) => m.marketType === 'MATCH_ODDS') ?? event?.markets[0];
  if (!event || !market) return null;
  const runner = pick(market.runners);
  if (!runner) return null;
  const base = draftOf(event, market, runner.selectionId, 'Back', 1.5, market.minStake).body;
  let path = USER_BET;
  let json: unknown = base;
  let raw: string | undefined;
  switch (kind) {
    case 'bad odds': {
      // Three decimals are off the ladder: no price can equal them.
      json = { ...base, Odds: between(1100, 9900) / 1000 + 0.0005 };
      break;
    }
    case 'stake below min':
      json = { ...base, Stack: Math.max(1, market.minStake - between(1, 400)) };
      break;
    case 'stake not whole':
      json = { ...base, Stack: market.minStake + 0.5 };
      break;
    case 'wrong market id':
      json = { ...base, MarketId: `1.${event.eventId}${between(100, 999)}` };
      break;
    case 'wrong route':
      json = { ...base, MarketType: 'FANCY', BetType: 'Yes' };
      break;
    case 'malformed body': {
      const variant = between(0, 2);
      if (variant === 0) raw = '{"sportsId":4,"Stack":';
      else if (variant === 1) json = { ...base, Stack: 'five hundred' };
      else {
        json = Object.fromEntries(Object.entries(base).filter(([field]) => field !== 'MarketId'));
      }
      break;
    }
    case 'matka bad total': {
      const game = pick(catalog.matka);
      if (!game) return null;
      path = MATKA_BET;
      json = matkaBody(game, between(1, 3), true);
      break;
    }
    case 'over balance': {
      const fresh = await exchangeDraft(call, bettor.token, catalog, 'MATCH_ODDS');
      if (!fresh) return null;
      json = { ...fresh.body, BetType: 'Back', Stack: 450_000 };
      break;
    }
  }
  const answer = await call('POST', path, {
    token: bettor.token,
    ...(raw === undefined ? { json } : { raw }),
  });
  const outcome = classify(answer);
  const stored = path === MATKA_BET ? (json as { SMBets: unknown[] }).SMBets.length : 1;
  return {
    kind,
    isValid: false,
    outcome,
    message: messageOf(answer),
    rows: outcome === 'accepted' ? stored : 0,
    latencies: [answer.ms],
    replayDiffered: false,
  };
}

// ---------------------------------------------------------------- operators

export type OperatorAction = 'declare' | 'void' | 'rollback' | 'credit';

export const OPERATOR_WEIGHTS: Readonly<Record<OperatorAction, number>> = {
  declare: 30,
  void: 12,
  rollback: 33,
  credit: 25,
};

/** One operator command over HTTP; null when there was nothing to act on. */
export async function operatorAct(
  call: Call,
  opsToken: string,
  action: OperatorAction,
  targets: ReadonlyMap<string, Target>,
  usernames: readonly string[],
): Promise<Answer | null> {
  // Mostly markets being bet on right now, as an operator settles what is in play: the result
  // then races the bets, which is where a lock missing from the order would show.
  const known = [...targets.values()];
  const now = performance.now();
  const hot = known.filter((target) => now - target.lastBetAt < 2000);
  const all = Math.random() < 0.6 && hot.length > 0 ? hot : known;
  switch (action) {
    case 'declare': {
      const target = pick(all.filter((t) => !t.settled));
      if (!target) return null;
      const json =
        target.kind === 'market'
          ? { marketId: target.target, winnerSelectionId: pick(target.runners) ?? 0 }
          : {
              eventId: target.eventId,
              selectionId: target.target,
              runs: Math.max(0, target.line + between(-4, 4)),
            };
      const answer = await call('POST', OPS_PATHS.declare, { token: opsToken, json });
      if (answer.ok === true) target.settled = true;
      return answer;
    }
    case 'void': {
      const target = pick(all.filter((t) => !t.settled));
      if (!target) return null;
      const answer = await call('POST', OPS_PATHS.void, {
        token: opsToken,
        json: { target: target.target, reason: 'Bank test void' },
      });
      if (answer.ok === true) target.settled = true;
      return answer;
    }
    case 'rollback': {
      // Mostly what we settled; sometimes any target, which the simulator may have settled.
      const settled = known.filter((t) => t.settled);
      const target = Math.random() < 0.8 ? (pick(settled) ?? pick(known)) : pick(known);
      if (!target) return null;
      const answer = await call('POST', OPS_PATHS.rollback, {
        token: opsToken,
        json: { target: target.target, reason: 'Bank test rollback' },
      });
      if (answer.ok === true) target.settled = false;
      return answer;
    }
    case 'credit': {
      const username = pick(usernames);
      if (!username) return null;
      const amount = Math.random() < 0.7 ? between(10, 200) * 100 : -between(5, 50) * 100;
      return call('POST', OPS_PATHS.credit, {
        token: opsToken,
        json: { username, amount, remark: 'Bank test credit' },
      });
    }
  }
}
