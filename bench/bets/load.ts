import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { percentile } from '../lib/results.js';
import { OPS_PATHS } from '../../apps/server/reliability/support/bank-load.js';
import { SERVER_OPS_TOKEN } from '../../apps/server/reliability/support/server-process.js';

/**
 * The product side of the bets benchmark: a scripted fixture whose markets stay ACTIVE at fixed
 * prices, clients made and funded through the operator API, and K keep-alive HTTP lanes placing
 * a mix of match odds, bookmaker and fancy bets back to back, each with an Idempotency-Key.
 */

/** Events of the fixture: ids FIRST_EVENT…, each with match odds, bookmaker and FANCIES sessions. */
export const FIRST_EVENT = 7001;
export const EVENTS = 8;
export const FANCIES = 4;

/** The mix of the money suite's bank test (match odds 24, bookmaker 12, fancy 22), toss and matka aside. */
export const MIX = { MATCH_ODDS: 24, BOOKMAKER: 12, FANCY: 22 } as const;
export type Kind = keyof typeof MIX;
export const KINDS = Object.keys(MIX) as Kind[];

const PASSWORD = 'bench-password-1';
const LAT_LONG = '12.97,77.59';
/** Credit enough that no bet of the run is refused for balance (rupees). */
const CREDIT = 100_000_000;

/**
 * The fixture file (FEED_FIXTURE): every market ACTIVE at one price from the start, for good.
 * The prices keep the house's margins (packages/domain/README.md, "House margins"), which the
 * scripted feed holds too: a book that breaks them is suspended. Match odds alone at no margin
 * (Σ 1/back ≥ 100 %, Σ 1/lay ≤ 100 %), the bookmaker at 1 % a side, and across the two every
 * back of a runner at most its lays.
 */
export function fixture() {
  const events = [];
  const steps = [];
  for (let index = 0; index < EVENTS; index += 1) {
    const eventId = FIRST_EVENT + index;
    events.push({
      eventId,
      sportId: 4,
      seriesName: 'Bench Cup',
      name: `Bench ${index + 1} v Rival ${index + 1}`,
      inPlay: true,
      runners: [`Bench ${index + 1}`, `Rival ${index + 1}`],
      bookmaker: true,
      toss: false,
      fancy: Array.from({ length: FANCIES }, (_, n) => `${(n + 1) * 5} over runs B${index + 1}`),
      maxStake: 500_000,
      sessionMaxStake: 100_000,
    });
    const runner = (n: number, back: number, lay: number) => ({
      selectionId: eventId * 100 + n,
      back: [{ price: back, size: 100_000 }],
      lay: [{ price: lay, size: 100_000 }],
    });
    steps.push(
      {
        atMs: 0,
        eventId,
        step: {
          kind: 'prices',
          marketId: `1.${eventId}`,
          runners: [runner(1, 1.9, 1.94), runner(2, 2.02, 2.1)],
        },
      },
      {
        atMs: 0,
        eventId,
        step: {
          kind: 'prices',
          marketId: `${eventId}B`,
          runners: [runner(1, 88, 96), runner(2, 100, 112)],
        },
      },
      {
        atMs: 0,
        eventId,
        step: {
          kind: 'fancy',
          rows: Array.from({ length: FANCIES }, (_, n) => ({
            selectionId: `${eventId}-${n + 1}`,
            noLine: 40 + n * 12,
            noRate: 100,
            yesLine: 41 + n * 12,
            yesRate: 100,
          })),
        },
      },
    );
  }
  return { events, steps };
}

export interface Reply {
  readonly status: number;
  readonly text: string;
  readonly ms: number;
}

/** One keep-alive connection's worth of HTTP: requests one after the other on one socket. */
export function lane(base: string) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  function send(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    json?: unknown,
  ): Promise<Reply> {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const started = performance.now();
    return new Promise<Reply>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers:
            body === undefined
              ? headers
              : {
                  ...headers,
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(body)),
                },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  return { send, close: () => agent.destroy() };
}

export type Lane = ReturnType<typeof lane>;

interface Envelope {
  Status?: boolean;
  Result?: unknown;
  data?: { Token?: string };
}

function parse(reply: Reply): Envelope {
  try {
    return JSON.parse(reply.text) as Envelope;
  } catch {
    return {};
  }
}

/**
 * Creates `count` funded clients named `<prefix>000`… through the operator API and logs each
 * in: their tokens.
 */
export async function openClients(base: string, prefix: string, count: number): Promise<string[]> {
  const tokens = new Array<string>(count);
  let next = 0;
  // Two at a time: the server hashes a password per call (argon2) on its one core.
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      const http1 = lane(base);
      for (let index = next++; index < count; index = next++) {
        const username = `${prefix}${String(index).padStart(3, '0')}`;
        const created = await http1.send(
          'POST',
          OPS_PATHS.createClient,
          { authorization: `Bearer ${SERVER_OPS_TOKEN}` },
          { username, password: PASSWORD, creditLimit: CREDIT },
        );
        if (parse(created).Status !== true) throw new Error(`create ${username}: ${created.text}`);
        const login = await http1.send(
          'POST',
          '/api/Authenticate/ValidLogin?ipAddress=10.1.2.3',
          {},
          { username, password: PASSWORD, LatLong: LAT_LONG },
        );
        const token = parse(login).data?.Token;
        if (!token) throw new Error(`login ${username}: ${login.text}`);
        tokens[index] = token;
      }
      http1.close();
    }),
  );
  return tokens;
}

/** A bet as the slip sends it, for one market or session at its fixed price. */
export type Body = Record<string, unknown>;

export interface Drafts {
  /** Every bet a client may place of each kind: each side of each runner of each event. */
  readonly MATCH_ODDS: readonly Body[];
  readonly BOOKMAKER: readonly Body[];
  readonly FANCY: readonly Body[];
}

interface RatesWire {
  status: string;
  runners: {
    selectionId: number;
    status: string;
    ex: { availableToBack: { price: number }[]; availableToLay: { price: number }[] };
  }[];
}
interface BmFancyWire {
  BMList: { selectionId: number; status: string; BackPrice1: number; LayPrice1: number }[];
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

const common = { sportsId: 4, BetStatus: 'Pending', Exposure: 0, ReturnBalance: 0, UserId: 0 };

/**
 * Reads the prices as a client does (GetRates, BmFancy) once every market is ACTIVE, and builds
 * every bet at them: with fixed prices no bet is refused for a price move.
 */
export async function readDrafts(base: string, token: string, timeoutMs = 30_000): Promise<Drafts> {
  const http1 = lane(base);
  const auth = { authorization: `Bearer ${token}` };
  const drafts = { MATCH_ODDS: [] as Body[], BOOKMAKER: [] as Body[], FANCY: [] as Body[] };
  const deadline = performance.now() + timeoutMs;
  for (let index = 0; index < EVENTS; index += 1) {
    const eventId = FIRST_EVENT + index;
    for (;;) {
      const rates = parse(
        await http1.send('GET', `/api/MarketModels/GetRates?marketids=1.${eventId}`, auth),
      );
      const bm = parse(await http1.send('GET', `/api/Odds/BmFancy/${eventId}`, auth));
      const book = (rates.Result as RatesWire[] | undefined)?.[0];
      const bmFancy = bm.Result as BmFancyWire | undefined;
      const ready =
        book?.status === 'ACTIVE' &&
        book.runners.every((r) => r.status === 'ACTIVE') &&
        bmFancy !== undefined &&
        bmFancy.BMList.length === 2 &&
        bmFancy.BMList.every((r) => r.status === 'ACTIVE' && r.BackPrice1 > 0) &&
        bmFancy.fancyList.length === FANCIES &&
        bmFancy.fancyList.every((r) => r.GameStatus === '' || r.GameStatus === 'ACTIVE');
      if (ready) {
        for (const runner of book.runners) {
          for (const [side, odds] of [
            ['Back', runner.ex.availableToBack[0]?.price],
            ['Lay', runner.ex.availableToLay[0]?.price],
          ] as const) {
            drafts.MATCH_ODDS.push({
              ...common,
              SelectionName: String(runner.selectionId),
              SelectionID: String(runner.selectionId),
              Odds: odds,
              Price: 0,
              MarketType: 'MATCH_ODDS',
              MarketId: `1.${eventId}`,
              EventId: eventId,
              BetType: side,
            });
          }
        }
        for (const row of bmFancy.BMList) {
          for (const [side, odds] of [
            ['Back', row.BackPrice1],
            ['Lay', row.LayPrice1],
          ] as const) {
            drafts.BOOKMAKER.push({
              ...common,
              SelectionName: String(row.selectionId),
              SelectionID: String(row.selectionId),
              Odds: odds,
              Price: 0,
              MarketType: 'BOOKMAKER',
              MarketId: `${eventId}B`,
              EventId: eventId,
              BetType: side,
            });
          }
        }
        for (const row of bmFancy.fancyList) {
          for (const [side, line, rate] of [
            ['Yes', row.BackPrice1, row.BackSize1],
            ['No', row.LayPrice1, row.LaySize1],
          ] as const) {
            drafts.FANCY.push({
              ...common,
              SelectionName: row.RunnerName,
              SelectionID: row.SelectionId,
              Odds: line,
              Price: rate,
              MarketType: 'FANCY',
              MarketId: String(eventId),
              EventId: eventId,
              BetType: side,
            });
          }
        }
        break;
      }
      if (performance.now() > deadline)
        throw new Error(`event ${eventId} never opened: ${JSON.stringify({ book, bmFancy })}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  http1.close();
  return drafts;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const MATCH_STAKES = [500, 500, 1000, 1000, 2000, 5000];
const FANCY_STAKES = [100, 200, 500, 1000];

/** One bet of a kind drawn by the mix, at a random runner, side and stake. */
export function drawBet(drafts: Drafts): { kind: Kind; path: string; body: Body } {
  let roll = Math.random() * (MIX.MATCH_ODDS + MIX.BOOKMAKER + MIX.FANCY);
  let kind: Kind = 'FANCY';
  for (const candidate of KINDS) {
    roll -= MIX[candidate];
    if (roll < 0) {
      kind = candidate;
      break;
    }
  }
  const body = {
    ...pick(drafts[kind]),
    Stack: pick(kind === 'FANCY' ? FANCY_STAKES : MATCH_STAKES),
  };
  return { kind, path: pathOf(kind), body };
}

/**
 * The position a bet counts on (docs/decisions.md#money): the market, or a fancy bet's session. The server's
 * first bet of a client on a position costs it one more call of bet_place.
 */
export const positionOf = (body: Body) =>
  String(body.MarketType === 'FANCY' ? body.SelectionID : body.MarketId);

/** The route of a kind of bet: fancy bets have their own. */
export const pathOf = (kind: Kind) => (kind === 'FANCY' ? postFancyBet.path : postUserBet.path);

/** Sends one bet with a fresh Idempotency-Key; accepted, refused (with its message) or error. */
export async function placeBet(
  http1: Lane,
  token: string,
  bet: { path: string; body: Body },
): Promise<{ outcome: 'accepted' | 'refused' | 'error'; message: string; ms: number }> {
  const reply = await http1.send(
    'POST',
    bet.path,
    { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    bet.body,
  );
  const envelope = parse(reply);
  if (reply.status === 200 && envelope.Status === true)
    return { outcome: 'accepted', message: '', ms: reply.ms };
  if (reply.status >= 500 || reply.status === 0)
    return { outcome: 'error', message: `HTTP ${reply.status}`, ms: reply.ms };
  return {
    outcome: 'refused',
    message: typeof envelope.Result === 'string' ? envelope.Result : `HTTP ${reply.status}`,
    ms: reply.ms,
  };
}

export interface Window {
  /** Accepted bets completed inside the window, per second. */
  readonly betsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly accepted: number;
  readonly refused: number;
  readonly errors: number;
  /**
   * Of the bets counted, those on a position the server had not seen since it started: fresh
   * ones (no open bets; the server guesses empty, one call of bet_place) …
   */
  readonly firstBets: number;
  /** … and ones with open bets (bet_place answers "stale" with them: two calls). */
  readonly relearnedBets: number;
  /** Refusal and error messages with their counts. */
  readonly messages: Readonly<Record<string, number>>;
}

/**
 * K lanes, lane l serving the clients l, l + K, l + 2K, … in turn, placing bets back to back for
 * `warmMs` and then `windowMs`: what completes inside the window is counted.
 */
export async function betWindow(options: {
  base: string;
  tokens: readonly string[];
  lanes: number;
  drafts: Drafts;
  warmMs: number;
  windowMs: number;
  /** Called when the warm-up ends and when the window ends (CPU accounting). */
  onWindow?: (edge: 'start' | 'end') => void;
  /**
   * The (token, position) pairs bet on since the server started, kept across windows: a bet on
   * a pair not in it is its client's first there since the server started.
   */
  seen?: Set<string>;
  /** The pairs bet on since the benchmark began, across restarts: positions with open bets. */
  held?: Set<string>;
}): Promise<Window> {
  const { tokens, lanes, drafts } = options;
  const start = performance.now() + options.warmMs;
  const end = start + options.windowMs;
  const latencies: number[] = [];
  const messages: Record<string, number> = {};
  let accepted = 0;
  let refused = 0;
  let errors = 0;
  let firstBets = 0;
  let relearnedBets = 0;
  const seen = options.seen ?? new Set<string>();
  const held = options.held ?? new Set<string>();
  const edges = [
    setTimeout(() => options.onWindow?.('start'), options.warmMs),
    setTimeout(() => options.onWindow?.('end'), options.warmMs + options.windowMs),
  ];
  await Promise.all(
    Array.from({ length: lanes }, async (_, index) => {
      const mine = tokens.filter((_token, n) => n % lanes === index);
      const http1 = lane(options.base);
      for (let turn = 0; performance.now() < end; turn += 1) {
        const token = mine[turn % mine.length]!;
        const bet = drawBet(drafts);
        const pair = `${token}|${positionOf(bet.body)}`;
        const first = !seen.has(pair);
        const relearned = first && held.has(pair);
        seen.add(pair);
        held.add(pair);
        const result = await placeBet(http1, token, bet).catch((error: unknown) => ({
          outcome: 'error' as const,
          message: String(error),
          ms: 0,
        }));
        // What completes inside the window counts, wherever it started.
        const done = performance.now();
        if (done < start || done > end) continue;
        latencies.push(result.ms);
        if (relearned) relearnedBets += 1;
        else if (first) firstBets += 1;
        if (result.outcome === 'accepted') accepted += 1;
        else {
          if (result.outcome === 'refused') refused += 1;
          else errors += 1;
          messages[result.message] = (messages[result.message] ?? 0) + 1;
        }
      }
      http1.close();
    }),
  );
  for (const timer of edges) clearTimeout(timer);
  return {
    betsPerSecond: accepted / (options.windowMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    accepted,
    refused,
    errors,
    firstBets,
    relearnedBets,
    messages,
  };
}
