import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import {
  createClient,
  credit,
  declareResult,
  fixtureEvent,
  rollbackResult,
  setCommission,
  voidMarket,
  type FixtureStep,
} from '@backlay/contract/ops';
import { getBalanceDetail } from '@backlay/contract/wallet';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  login,
  OPS_TOKEN,
  TEST_PASSWORD,
  testClock,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed, type ScriptedControl } from '../../test/feed.js';
import { fixtureStepUpdates } from '../../src/feed/fixtures.js';
import type { PasswordHasher } from '../../src/modules/auth/password.js';
import { record, round2, scale, SHORT } from '../figures.js';
import {
  betCounts,
  declareResult as modelDeclare,
  EXCHANGE_KINDS,
  FANCY_KEYS,
  isFancyKey,
  MARKET_MAX_STAKE,
  modelStart,
  modelWallet,
  placeExchangeBet,
  placeFancyBet,
  POSITION_KEYS,
  positionExposure,
  rollbackResult as modelRollback,
  SESSION_MAX_STAKE,
  transferCredit,
  type Answer,
  type ExchangeKind,
  type FancyKey,
  type FancyQuote,
  type Model,
  type ModelStart,
  type PositionKey,
  type RunnerQuote,
  type Verdict,
} from '../support/exposure-model.js';

/**
 * Model-based exposure (docs/reliability.md, "Model-based exposure"). fast-check drives random
 * sequences of bets (valid and refused), settlements, voids, rollbacks, repricing and credit
 * against the real server (HTTP routes over app.inject, one PostgreSQL database for all runs) and
 * against the pure model of support/exposure-model.ts; after every command the wallet, the
 * per-market exposure, the bets and the client's ledger must equal the model, and every ledger
 * transaction balances. Each run has its own client and its own fixture event.
 */

// A fixed seed, so a failure is reproducible: the report prints the seed and the counterexample's
// path; EXPOSURE_MODEL_SEED and EXPOSURE_MODEL_PATH replay exactly that run.
const SEED = Number(process.env.EXPOSURE_MODEL_SEED ?? 20_261_121);
const REPLAY_PATH = process.env.EXPOSURE_MODEL_PATH;
const RUNS = scale(10_000, 1_000);
const MAX_COMMANDS = 12;

let database: TestDatabase;
let app: FastifyInstance;
let feed: ScriptedControl;
const clock = testClock();
let commandsExecuted = 0;
/** How often each answer came, so the figures show which paths the runs exercised. */
const outcomes = new Map<string, number>();
const tally = (label: string) => outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
let clientSerial = 0;

/** Logins are not under test here: a hasher that costs nothing keeps 10,000 runs affordable. */
const plainPasswords: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (passwordHash, password) => passwordHash === `plain:${password}`,
  verifyNothing: async () => {},
};

interface Real {
  readonly token: string;
  readonly username: string;
  readonly clientId: string;
  readonly eventId: number;
  readonly sportsId: 1 | 4;
  /** Server ids of the model's positions: market ids and fancy selection ids. */
  readonly targets: Record<PositionKey, string>;
  readonly selectionIds: readonly number[];
}

const ops = async (path: string, payload: object) =>
  app.inject({ method: 'POST', url: path, payload, headers: bearer(OPS_TOKEN) });

interface Envelope {
  readonly Status: boolean;
  readonly Result: unknown;
}

async function opsOk(path: string, payload: object): Promise<Envelope> {
  const response = await ops(path, payload);
  const body = response.json<Envelope>();
  if (!body.Status) throw new Error(`${path} refused: ${JSON.stringify(body.Result)}`);
  return body;
}

/** Wire odds of price units: decimal on match odds and toss, per 100 on the bookmaker. */
const wireOdds = (market: ExchangeKind, units: number) =>
  market === 'BOOKMAKER' ? units : units / 100;

/**
 * Plays price steps straight into the scripted feed (the conversion the fixture-step route uses,
 * without a round trip per step): prices are the run's scenery, not what it tests.
 */
async function play(real: Real, steps: readonly FixtureStep[]): Promise<void> {
  const updates = steps.flatMap((step) => {
    const outcome = fixtureStepUpdates(real.eventId, step, feed, clock.now().getTime());
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.updates;
  });
  await feed.scripted.runner.inject(updates);
}

const exchangeStep = (
  real: Real,
  market: ExchangeKind,
  quotes: readonly RunnerQuote[],
): FixtureStep => ({
  kind: 'prices',
  marketId: real.targets[market],
  status: 'ACTIVE',
  runners: real.selectionIds.map((selectionId, index) => {
    const quote = quotes[index];
    if (!quote) throw new Error(`no quote for runner ${index}`);
    return {
      selectionId,
      status: 'ACTIVE',
      back: [{ price: wireOdds(market, quote.back), size: 5000 }],
      lay: [{ price: wireOdds(market, quote.lay), size: 5000 }],
    };
  }),
});

const fancyStep = (real: Real, rows: Record<FancyKey, FancyQuote>): FixtureStep => ({
  kind: 'fancy',
  rows: FANCY_KEYS.map((key) => ({ selectionId: real.targets[key], gameStatus: '', ...rows[key] })),
});

/** A fresh client (with its commission) and a fresh fixture event priced as the model starts. */
async function setup(start: ModelStart): Promise<{ model: Model; real: Real }> {
  clientSerial += 1;
  const username = `xm${clientSerial}`;
  await opsOk(createClient.path, {
    username,
    password: TEST_PASSWORD,
    ...(start.credit > 0 ? { creditLimit: start.credit / 100 } : {}),
  });
  if (start.commissionBp > 0)
    await opsOk(setCommission.path, { username, percent: start.commissionBp / 100 });
  const session = await login(app, username);
  const soccer = start.runnerCount === 3;
  const created = await opsOk(fixtureEvent.path, {
    sportId: soccer ? 1 : 4,
    seriesName: 'Model Cup',
    name: 'Home v Away',
    runners: soccer ? ['Home', 'Away', 'The Draw'] : ['Home', 'Away'],
    bookmaker: true,
    toss: true,
    fancy: ['6 over runs Home', '10 over runs Home'],
    inPlay: true,
    maxStake: MARKET_MAX_STAKE,
    sessionMaxStake: SESSION_MAX_STAKE,
  });
  const eventId = (created.Result as { eventId: number }).eventId;
  const real: Real = {
    token: session.Token,
    username,
    clientId: String(session.uid),
    eventId,
    sportsId: soccer ? 1 : 4,
    targets: {
      MATCH_ODDS: `1.${eventId}`,
      BOOKMAKER: `${eventId}B`,
      TOSS: `${eventId}T`,
      F1: `${eventId}-1`,
      F2: `${eventId}-2`,
    },
    selectionIds: Array.from(
      { length: start.runnerCount },
      (_, index) => eventId * 100 + index + 1,
    ),
  };
  await play(real, [
    ...EXCHANGE_KINDS.map((market) => exchangeStep(real, market, start.exchangeQuotes[market])),
    fancyStep(real, start.fancyQuotes),
  ]);
  return { model: modelStart(start), real };
}

interface ServerState {
  readonly credit: number;
  readonly pl: number;
  readonly exposure: number;
  readonly exposures: Record<string, number>;
  readonly bets: Record<string, number>;
  readonly ledgerRows: number;
  readonly unbalanced: number;
}

/** The client's money as the database holds it, in one round trip. */
async function serverState(real: Real): Promise<ServerState> {
  const { rows } = await sql<{
    credit_paise: string;
    pl_paise: string;
    exposure_paise: string;
    exposures: Record<string, string> | null;
    bets: Record<string, string> | null;
    ledger_rows: string;
    unbalanced: string;
  }>`
    SELECT w.credit_paise, w.pl_paise, w.exposure_paise,
      (SELECT json_object_agg(position_key, exposure_paise) FROM exposures
        WHERE client_id = a.client_id AND exposure_paise <> 0) AS exposures,
      (SELECT json_object_agg(status, n) FROM
        (SELECT status, count(*) AS n FROM bets WHERE client_id = a.client_id GROUP BY status) s) AS bets,
      (SELECT count(*) FROM ledger_entries WHERE account_id = a.id) AS ledger_rows,
      (SELECT count(*) FROM (SELECT l.txn_id FROM ledger_entries l
        WHERE l.txn_id IN (SELECT txn_id FROM ledger_entries WHERE account_id = a.id)
        GROUP BY l.txn_id HAVING sum(l.amount_paise) <> 0 OR count(*) <> 2) t) AS unbalanced
    FROM accounts a JOIN wallets w ON w.account_id = a.id
    WHERE a.client_id = ${real.clientId}`.execute(database.db);
  const row = rows[0];
  if (!row) throw new Error(`client ${real.clientId} has no wallet`);
  const numbers = (values: Record<string, string> | null) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, Number(value)]));
  return {
    credit: Number(row.credit_paise),
    pl: Number(row.pl_paise),
    exposure: Number(row.exposure_paise),
    exposures: numbers(row.exposures),
    bets: numbers(row.bets),
    ledgerRows: Number(row.ledger_rows),
    unbalanced: Number(row.unbalanced),
  };
}

/** After every command: the client's money in the database equals the model's. */
async function expectAgrees(model: Model, real: Real): Promise<void> {
  const wallet = modelWallet(model);
  const state = await serverState(real);
  const modelExposures: Record<string, number> = {};
  for (const key of POSITION_KEYS) {
    const exposure = positionExposure(model, key);
    if (exposure !== 0) modelExposures[real.targets[key]] = exposure;
  }
  const counts = Object.fromEntries(Object.entries(betCounts(model)).filter(([, n]) => n > 0));
  agree('database', state, {
    credit: wallet.creditLimit,
    pl: wallet.pl,
    exposure: wallet.exposure,
    exposures: modelExposures,
    bets: counts,
    ledgerRows: model.ledgerRows,
    unbalanced: 0,
  });
}

/**
 * The five wallet figures as the client reads them (docs/decisions.md#money), checked at the end of each run:
 * the database check above already holds after every command, and this is the same row mapped.
 */
async function expectWireAgrees(model: Model, real: Real): Promise<void> {
  const wallet = modelWallet(model);
  const detail = await app.inject({ url: getBalanceDetail.path, headers: bearer(real.token) });
  agree('GetBalanceDetail', detail.json(), {
    Status: true,
    Result: {
      CreditLimit: wallet.creditLimit / 100,
      PL: wallet.pl / 100,
      Exposure: wallet.exposure / 100,
      Balance: wallet.balance / 100,
      MainBalance: wallet.mainBalance / 100,
    },
  });
}

/** Throws with both sides in full, so a counterexample's report says what differed. */
function agree(what: string, server: unknown, model: unknown): void {
  if (!isDeepStrictEqual(server, model))
    throw new Error(`${what}: server ${JSON.stringify(server)} ≠ model ${JSON.stringify(model)}`);
}

function expectAnswer(answer: Envelope, expected: Answer): void {
  tally(expected.ok ? 'bet: accepted' : `bet: ${expected.message}`);
  agree(
    'bet answer',
    answer,
    expected.ok
      ? { Status: true, Result: expected.placed ?? 'Bet placed successfully' }
      : { Status: false, Result: expected.message },
  );
}

type Cmd = fc.AsyncCommand<Model, Real>;

class ExchangeBet implements Cmd {
  constructor(
    readonly market: ExchangeKind,
    readonly runnerPick: number,
    readonly side: 'Back' | 'Lay',
    /** Price units from the best price on its side: a Back is taken at ≤ 0, a Lay at ≥ 0. */
    readonly shift: number,
    readonly offGrid: boolean,
    readonly stake: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const runner = this.runnerPick % model.runnerCount;
    const quote = model.exchangeQuotes[this.market][runner];
    if (!quote) throw new Error(`no quote for runner ${runner}`);
    const floor = this.market === 'BOOKMAKER' ? 1 : 101;
    const units = Math.max(floor, (this.side === 'Back' ? quote.back : quote.lay) + this.shift);
    const odds =
      wireOdds(this.market, units) +
      (this.offGrid ? (this.market === 'BOOKMAKER' ? 0.5 : 0.005) : 0);
    const expected = placeExchangeBet(model, {
      market: this.market,
      runner,
      side: this.side,
      units,
      offGrid: this.offGrid,
      stake: this.stake,
    });
    const response = await app.inject({
      method: 'POST',
      url: postUserBet.path,
      headers: bearer(real.token),
      payload: {
        sportsId: real.sportsId,
        SelectionName: 'Runner',
        SelectionID: String(real.selectionIds[runner]),
        Odds: odds,
        Price: 0,
        MarketType: this.market,
        MarketId: real.targets[this.market],
        EventId: real.eventId,
        BetType: this.side,
        BetStatus: 'Pending',
        Stack: this.stake,
      },
    });
    expectAnswer(response.json<Envelope>(), expected);
    await expectAgrees(model, real);
  }
  toString = () =>
    `bet ${this.side} ${this.market} runner ${this.runnerPick} shift ${this.shift}${this.offGrid ? ' off-grid' : ''} stake ${this.stake}`;
}

class FancyBet implements Cmd {
  constructor(
    readonly key: FancyKey,
    readonly side: 'Yes' | 'No',
    readonly lineShift: number,
    readonly rateShift: number,
    readonly stake: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const row = model.fancyQuotes[this.key];
    const line = Math.max(1, (this.side === 'Yes' ? row.yesLine : row.noLine) + this.lineShift);
    const rate = Math.max(1, (this.side === 'Yes' ? row.yesRate : row.noRate) + this.rateShift);
    const expected = placeFancyBet(model, {
      key: this.key,
      side: this.side,
      line,
      rate,
      stake: this.stake,
    });
    const response = await app.inject({
      method: 'POST',
      url: postFancyBet.path,
      headers: bearer(real.token),
      payload: {
        sportsId: real.sportsId,
        SelectionName: 'Session',
        SelectionID: real.targets[this.key],
        Odds: line,
        Price: rate,
        MarketType: 'FANCY',
        MarketId: String(real.eventId),
        EventId: real.eventId,
        BetType: this.side,
        BetStatus: 'Pending',
        Stack: this.stake,
      },
    });
    expectAnswer(response.json<Envelope>(), expected);
    await expectAgrees(model, real);
  }
  toString = () =>
    `fancy ${this.side} ${this.key} line ${this.lineShift >= 0 ? '+' : ''}${this.lineShift} rate ${this.rateShift >= 0 ? '+' : ''}${this.rateShift} stake ${this.stake}`;
}

/** The settlement routes' answer as one of the model's verdicts. */
function expectVerdict(
  response: { statusCode: number; json: <T>() => T },
  verdict: Verdict,
  target: string,
): void {
  const body = response.json<Envelope>();
  const result = String(body.Result);
  let answered: string;
  if (response.statusCode === 409 && !body.Status) answered = 'conflict';
  else if (body.Status && result.startsWith('Already settled as ')) answered = 'unchanged';
  else if (body.Status) answered = 'changed';
  else if (result === `${target} is not settled`) answered = 'not-settled';
  else answered = `${response.statusCode} ${JSON.stringify(body)}`;
  tally(`settlement: ${verdict}`);
  agree('settlement answer', answered, verdict);
}

class Settle implements Cmd {
  constructor(
    readonly key: PositionKey,
    readonly winnerPick: number,
    /** Final runs relative to the row's No line. */
    readonly runsShift: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const target = real.targets[this.key];
    let response;
    let verdict: Verdict;
    if (isFancyKey(this.key)) {
      const runs = Math.max(0, model.fancyQuotes[this.key].noLine + this.runsShift);
      verdict = modelDeclare(model, this.key, { runs });
      response = await ops(declareResult.path, {
        eventId: real.eventId,
        selectionId: target,
        runs,
      });
    } else {
      const winner = this.winnerPick % model.runnerCount;
      verdict = modelDeclare(model, this.key, { winner });
      response = await ops(declareResult.path, {
        marketId: target,
        winnerSelectionId: real.selectionIds[winner],
      });
    }
    expectVerdict(response, verdict, target);
    await expectAgrees(model, real);
  }
  toString = () =>
    isFancyKey(this.key)
      ? `settle ${this.key} runs line${this.runsShift >= 0 ? '+' : ''}${this.runsShift}`
      : `settle ${this.key} winner ${this.winnerPick}`;
}

class Void implements Cmd {
  constructor(readonly key: PositionKey) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const verdict = modelDeclare(model, this.key, 'void');
    const target = real.targets[this.key];
    expectVerdict(await ops(voidMarket.path, { target, reason: 'Model void' }), verdict, target);
    await expectAgrees(model, real);
  }
  toString = () => `void ${this.key}`;
}

class Rollback implements Cmd {
  constructor(readonly key: PositionKey) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const verdict = modelRollback(model, this.key);
    const target = real.targets[this.key];
    expectVerdict(
      await ops(rollbackResult.path, { target, reason: 'Model rollback' }),
      verdict,
      target,
    );
    await expectAgrees(model, real);
  }
  toString = () => `rollback ${this.key}`;
}

class Credit implements Cmd {
  constructor(readonly paise: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const expected = transferCredit(model, this.paise);
    tally(`credit: ${expected.ok ? 'done' : 'refused'}`);
    const body = (
      await ops(credit.path, { username: real.username, amount: this.paise / 100 })
    ).json<Envelope>();
    const refusal =
      !body.Status && String(body.Result).startsWith('Cannot take more than the available');
    agree(
      'credit answer',
      body.Status ? 'done' : refusal ? 'refused' : JSON.stringify(body),
      expected.ok ? 'done' : 'refused',
    );
    await expectAgrees(model, real);
  }
  toString = () => `credit ${this.paise >= 0 ? '+' : ''}${(this.paise / 100).toFixed(2)}`;
}

class RepriceExchange implements Cmd {
  constructor(
    readonly market: ExchangeKind,
    readonly quotes: readonly RunnerQuote[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    const quotes = this.quotes.slice(0, model.runnerCount);
    model.exchangeQuotes[this.market].splice(0, model.runnerCount, ...quotes);
    await play(real, [exchangeStep(real, this.market, quotes)]);
  }
  toString = () =>
    `reprice ${this.market} ${this.quotes.map((quote) => `${quote.back}/${quote.lay}`).join(' ')}`;
}

class RepriceFancy implements Cmd {
  constructor(
    readonly key: FancyKey,
    readonly quote: FancyQuote,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    commandsExecuted += 1;
    model.fancyQuotes[this.key] = this.quote;
    await play(real, [fancyStep(real, model.fancyQuotes)]);
  }
  toString = () => `reprice ${this.key} ${JSON.stringify(this.quote)}`;
}

// Prices: decimal odds 1.01–10.00 (hundredths) and bookmaker odds 1–300, lay a little above back.
const exchangeQuote = (market: ExchangeKind): fc.Arbitrary<RunnerQuote> =>
  market === 'BOOKMAKER'
    ? fc
        .record({ back: fc.integer({ min: 1, max: 300 }), spread: fc.integer({ min: 0, max: 10 }) })
        .map(({ back, spread }) => ({ back, lay: back + spread }))
    : fc
        .record({
          back: fc.integer({ min: 101, max: 1000 }),
          spread: fc.integer({ min: 0, max: 20 }),
        })
        .map(({ back, spread }) => ({ back, lay: back + spread }));
const exchangeQuotes = (market: ExchangeKind) =>
  fc.array(exchangeQuote(market), { minLength: 3, maxLength: 3 });
const fancyQuote: fc.Arbitrary<FancyQuote> = fc
  .record({
    line: fc.integer({ min: 1, max: 120 }),
    gap: fc.integer({ min: 0, max: 1 }),
    noRate: fc.integer({ min: 70, max: 100 }),
    yesRate: fc.integer({ min: 100, max: 140 }),
  })
  .map(({ line, gap, noRate, yesRate }) => ({
    noLine: line,
    noRate,
    yesLine: line + gap,
    yesRate,
  }));

// Stakes: mostly small enough to be taken, some that strain the balance, a few refused outright.
const exchangeStake = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 500, max: 5_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 5_001, max: 50_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -500, 750.5, 499, MARKET_MAX_STAKE, MARKET_MAX_STAKE + 1),
  },
);
const fancyStake = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 100, max: 3_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 3_001, max: 30_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -100, 150.5, 99, SESSION_MAX_STAKE, SESSION_MAX_STAKE + 1),
  },
);

const startArb: fc.Arbitrary<ModelStart> = fc.record({
  runnerCount: fc.constantFrom(2, 2, 3),
  commissionBp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
  credit: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((rupees) => rupees * 100) },
  ),
  exchangeQuotes: fc.record({
    MATCH_ODDS: exchangeQuotes('MATCH_ODDS'),
    BOOKMAKER: exchangeQuotes('BOOKMAKER'),
    TOSS: exchangeQuotes('TOSS'),
  }),
  fancyQuotes: fc.record({ F1: fancyQuote, F2: fancyQuote }),
});

const exchangeKind = fc.constantFrom(...EXCHANGE_KINDS);
const fancyKey = fc.constantFrom(...FANCY_KEYS);
const positionKey = fc.constantFrom(...POSITION_KEYS);

const exchangeBet = fc
  .tuple(
    exchangeKind,
    fc.nat(2),
    fc.constantFrom('Back' as const, 'Lay' as const),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }) },
    ),
    fc.oneof(
      { weight: 15, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    exchangeStake,
  )
  .map((args) => new ExchangeBet(...args));
const fancyBet = fc
  .tuple(
    fancyKey,
    fc.constantFrom('Yes' as const, 'No' as const),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 1) },
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 1) },
    ),
    fancyStake,
  )
  .map((args) => new FancyBet(...args));

const commandArbs: fc.Arbitrary<Cmd>[] = [
  exchangeBet,
  exchangeBet,
  exchangeBet,
  fancyBet,
  fancyBet,
  fc
    .tuple(positionKey, fc.nat(2), fc.integer({ min: -3, max: 3 }))
    .map((args) => new Settle(...args)),
  positionKey.map((key) => new Void(key)),
  positionKey.map((key) => new Rollback(key)),
  fc
    .oneof(fc.integer({ min: 1, max: 3_000_000 }), fc.integer({ min: -3_000_000, max: -1 }))
    .map((paise) => new Credit(paise)),
  exchangeKind.chain((market) =>
    exchangeQuotes(market).map((quotes) => new RepriceExchange(market, quotes)),
  ),
  fc.tuple(fancyKey, fancyQuote).map(([key, quote]) => new RepriceFancy(key, quote)),
];

/** One run: a fresh client and event, the commands, then the wire figures of the end state. */
async function runOnce(start: ModelStart, commands: Iterable<Cmd>): Promise<void> {
  let ran: { model: Model; real: Real } | undefined;
  await fc.asyncModelRun(async () => (ran = await setup(start)), commands);
  if (ran) await expectWireAgrees(ran.model, ran.real);
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, {
    clock,
    feed,
    // The rate limit counts real minutes; this suite sends far more than a client would.
    config: { rateLimitPerMin: 100_000_000 },
    passwords: plainPasswords,
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('exposure model', () => {
  it('keeps wallet, exposure, P/L and the ledger equal to a pure model over random command sequences', async () => {
    const started = performance.now();
    const details = await fc.check(
      fc.asyncProperty(
        startArb,
        fc.commands(commandArbs, { maxCommands: MAX_COMMANDS }),
        (start, commands) => runOnce(start, commands),
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}),
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (details.failed) {
      process.stdout.write(
        `[exposure model] counterexample — replay with EXPOSURE_MODEL_SEED=${details.seed} EXPOSURE_MODEL_PATH='${details.counterexamplePath}':\n${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}\n`,
      );
    }
    const counterexamples = details.failed ? 1 : 0;
    record({
      suite: 'money',
      name: 'exposure model: runs',
      value: details.numRuns,
      bar: `≥ ${RUNS}`,
      pass: !details.failed && details.numRuns >= RUNS,
    });
    record({ suite: 'money', name: 'exposure model: commands executed', value: commandsExecuted });
    const count = (test: (label: string) => boolean) =>
      [...outcomes].reduce((sum, [label, n]) => (test(label) ? sum + n : sum), 0);
    record({
      suite: 'money',
      name: 'exposure model: bets accepted / refused',
      value: `${count((label) => label === 'bet: accepted')} / ${count((label) => label.startsWith('bet: ') && label !== 'bet: accepted')}`,
    });
    record({
      suite: 'money',
      name: 'exposure model: results applied / refused',
      value: `${count((label) => label === 'settlement: changed')} / ${count((label) => label.startsWith('settlement: ') && label !== 'settlement: changed')}`,
    });
    process.stdout.write(
      `[exposure model] answers: ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}\n`,
    );
    record({
      suite: 'money',
      name: 'exposure model: counterexamples',
      value: counterexamples,
      bar: '= 0',
      pass: counterexamples === 0,
    });
    record({ suite: 'money', name: 'exposure model: seed', value: details.seed });
    record({
      suite: 'money',
      name: 'exposure model: duration (s)',
      value: round2(seconds),
      bar: SHORT ? '≤ 60' : '≤ 600',
    });
    expect(details.failed, details.failed ? fc.defaultReportMessage(details) : '').toBe(false);
  });
});
