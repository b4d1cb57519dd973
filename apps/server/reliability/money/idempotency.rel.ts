import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, OPS_TOKEN } from '../../test/app.js';
import { record, round2, scale } from '../figures.js';
import {
  auditMoney,
  casinoCredit,
  casinoDebit,
  casinoSession,
  decimal,
  draftFigures,
  fixtureEvent,
  inBatches,
  KALYAN,
  madeDraft,
  matkaLiability,
  newBettor,
  ops,
  openWorld,
  placeBet,
  placeMatka,
  post,
  priceFancy,
  priceMarket,
  randomMatka,
  runSeed,
  seededRng,
  walletOfClient,
  type Answer,
  type Bettor,
  type BetDraft,
  type Fixture,
  type Instance,
  type World,
} from './betting.js';

/**
 * Idempotency (docs/reliability.md, "Idempotency"): every money route that honours a key
 * (docs/decisions.md#api) — PostUserBetModel (match odds, bookmaker, toss), PostFancyBetModel, Matka/PlaceBet
 * with the `Idempotency-Key` header, and the casino provider's Debit and Credit with their round id
 * — is sent the same key 20 times in parallel, 20 times in sequence, then again after a restart on
 * two server instances at once. Each key must book one bet (or none, for a refusal) and every
 * answer must be the first one; the same key with another payload gets 409, also when both payloads
 * race. Each key belongs to its own client, and the bettors' keys are the same strings for every
 * client, so the keys are also shown to be per client.
 *
 * The casino routes read no header: the round id is their key (docs/decisions.md#silent-rules); a refused Debit is
 * kept against its round id, so it answers its refusal again. The operator's money routes
 * (`/api/ops/…` and `/api/backoffice/…`) honour the key per operator (docs/backoffice.md): a
 * credit sent with one key, in parallel and in sequence, pays once. Declarations, voids and
 * rollbacks are also checked for exactly-once by exactly-once.rel.ts.
 */

const KEYS_PER_ROUTE = scale(10, 3);
const PARALLEL = 20;
const SEQUENTIAL = 20;
const CONFLICT = 'This Idempotency-Key was used with another request';
const ROUND_CONFLICT = 'This roundId was used with another request';

let world: World;
let first: Instance;
let fixture: Fixture;
const seed = runSeed();
const rng = seededRng(seed);

/** One key of one client on one route: how to send it, and what it may have stored. */
interface Keyed {
  readonly route: string;
  readonly label: string;
  readonly bettor: Bettor;
  readonly conflict: string;
  /** The request under the key: its own payload, or (`other`) the same key with another one. */
  send(app: FastifyInstance, other?: boolean): Promise<Answer>;
  /** What the key booked: bets, matka rows, holds or ledger rows, in placements. */
  stored(): Promise<number>;
  /** The wallet's exposure and P/L with exactly one placement of a payload (or none). */
  walletWith(isPlaced: boolean, isOther: boolean): { exposure: bigint; pl: bigint };
  /** The first answer is a refusal; the client is given money before the replays after the restart. */
  readonly isRefusal: boolean;
}

const db = () => world.database.db;

async function countBets(clientId: string): Promise<number> {
  const row = await db()
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function exchangeDraft(kind: 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS' | 'FANCY'): BetDraft {
  const eventId = fixture.eventId;
  if (kind === 'FANCY') {
    const isYes = rng.chance(0.5);
    return {
      MarketType: 'FANCY',
      MarketId: String(eventId),
      EventId: eventId,
      SelectionID: `${eventId}-1`,
      BetType: isYes ? 'Yes' : 'No',
      Odds: 50,
      Price: isYes ? 110 : 90,
      Stack: rng.int(100, 5_000),
    };
  }
  const isBack = rng.chance(0.5);
  const marketId =
    kind === 'MATCH_ODDS'
      ? fixture.matchOdds
      : kind === 'BOOKMAKER'
        ? fixture.bookmaker
        : fixture.toss;
  // Quotes of runner 1: match 1.90/2.10, bookmaker 45/50, toss 1.95/1.98.
  const odds =
    kind === 'BOOKMAKER'
      ? isBack
        ? rng.int(1, 45)
        : rng.int(50, 120)
      : kind === 'MATCH_ODDS'
        ? decimal(isBack ? rng.int(101, 190) : rng.int(210, 400))
        : decimal(isBack ? rng.int(101, 195) : rng.int(198, 300));
  return {
    MarketType: kind,
    MarketId: marketId,
    EventId: eventId,
    SelectionID: String(fixture.runners[0]),
    BetType: isBack ? 'Back' : 'Lay',
    Odds: odds,
    Price: 0,
    Stack: rng.int(500, 5_000),
  };
}

/** The bettors' keys are the same strings for every client: a key is the client's own. */
const sharedKey = (n: number) => `money-idem-key-${n}`;

async function betKey(
  route: string,
  slug: string,
  kind: 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS' | 'FANCY',
  n: number,
  isRefusal: boolean,
): Promise<Keyed> {
  const bettor = await newBettor(world, first.app, `idem-${slug}-${n}`, isRefusal ? 0 : 100_000);
  const draft = exchangeDraft(kind);
  const other = { ...draft, Stack: draft.Stack + 1 };
  const key = sharedKey(n);
  // Made at the best price on its side (docs/decisions.md#price-improvement): runner 1's quotes.
  const best = kind === 'TOSS' ? { back: 1.95, lay: 1.98 } : { back: 1.9, lay: 2.1 };
  const liability = (isOther: boolean) =>
    BigInt(draftFigures(madeDraft(isOther ? other : draft, best)).liability);
  return {
    route,
    label: `${route} #${n}`,
    bettor,
    conflict: CONFLICT,
    isRefusal,
    send: (app, isOther = false) => placeBet(app, bettor, isOther ? other : draft, key),
    stored: () => countBets(bettor.clientId),
    walletWith: (isPlaced, isOther) => ({ exposure: isPlaced ? liability(isOther) : 0n, pl: 0n }),
  };
}

async function matkaKey(
  route: string,
  slug: string,
  n: number,
  isRefusal: boolean,
): Promise<Keyed> {
  const bettor = await newBettor(world, first.app, `idem-${slug}-${n}`, isRefusal ? 0 : 100_000);
  const draft = randomMatka(rng, KALYAN, rng.int(1, 4), 2_000);
  // Another payload: each number moved on by one. (Every number set to 07 was the same payload
  // when the draft was one bet on 07, and the key then rightly replayed its answer.)
  const other = {
    ...draft,
    bets: draft.bets.map((bet) => ({
      ...bet,
      BetNo: String((Number(bet.BetNo) + 1) % 100).padStart(2, '0'),
    })),
  };
  const key = sharedKey(n);
  return {
    route,
    label: `${route} #${n}`,
    bettor,
    conflict: CONFLICT,
    isRefusal,
    send: (app, isOther = false) => placeMatka(app, bettor, isOther ? other : draft, key),
    stored: async () => {
      const row = await db()
        .selectFrom('matka_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client_id', '=', bettor.clientId)
        .executeTakeFirstOrThrow();
      return Number(row.n) / draft.bets.length;
    },
    walletWith: (isPlaced) => ({
      exposure: isPlaced ? BigInt(matkaLiability(draft)) : 0n,
      pl: 0n,
    }),
  };
}

async function holds(clientId: string): Promise<number> {
  const row = await db()
    .selectFrom('exposures')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', clientId)
    .where('position_key', 'like', 'casino:%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function debitKey(n: number): Promise<Keyed> {
  const bettor = await newBettor(world, first.app, `idem-debit-${n}`, 100_000);
  const session = await casinoSession(first.app, bettor);
  const roundId = `idem-debit-${n}-${seed}`;
  const paise = rng.int(100, 5_000_000);
  return {
    route: 'casino Debit (roundId)',
    label: `debit #${n}`,
    bettor,
    conflict: ROUND_CONFLICT,
    isRefusal: false,
    send: (app, isOther = false) =>
      casinoDebit(app, session, roundId, (paise + (isOther ? 1 : 0)) / 100),
    stored: () => holds(bettor.clientId),
    walletWith: (isPlaced, isOther) => ({
      exposure: isPlaced ? BigInt(paise + (isOther ? 1 : 0)) : 0n,
      pl: 0n,
    }),
  };
}

async function creditKey(n: number): Promise<Keyed> {
  const bettor = await newBettor(world, first.app, `idem-credit-${n}`, 100_000);
  const session = await casinoSession(first.app, bettor);
  const roundId = `idem-credit-${n}-${seed}`;
  const stake = rng.int(100, 1_000_000);
  const debited = await casinoDebit(first.app, session, roundId, stake / 100);
  if (!debited.body.Status) throw new Error(`debit refused: ${debited.text}`);
  // A loss (0), a win, or a push would book −stake, a profit, or nothing; never a push here.
  const payout = rng.chance(0.3) ? 0 : stake + rng.int(1, 3_000_000);
  const ledgerRows = async () => {
    const row = await db()
      .selectFrom('ledger_entries')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('accounts.client_id', '=', bettor.clientId)
      .where('ledger_entries.market_id', '=', roundId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    route: 'casino Credit (roundId)',
    label: `credit #${n}`,
    bettor,
    conflict: ROUND_CONFLICT,
    isRefusal: false,
    send: (app, isOther = false) =>
      casinoCredit(app, session, roundId, (payout + (isOther ? 100 : 0)) / 100),
    stored: ledgerRows,
    walletWith: (isPlaced, isOther) =>
      isPlaced
        ? { exposure: 0n, pl: BigInt(payout + (isOther ? 100 : 0) - stake) }
        : { exposure: BigInt(stake), pl: 0n },
  };
}

/**
 * An operator's credit through the CLI's route with an Idempotency-Key (docs/backoffice.md): the
 * keys are the operator token's, so each is new; what it booked is the client's credit rows.
 */
async function operatorCreditKey(n: number): Promise<Keyed> {
  const bettor = await newBettor(world, first.app, `idem-op-credit-${n}`, 0);
  const key = `op-credit-${n}-${seed}`;
  const paise = rng.int(100, 5_000_000);
  const creditRows = async () => {
    const row = await db()
      .selectFrom('ledger_entries')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('accounts.client_id', '=', bettor.clientId)
      .where('ledger_entries.kind', '=', 'credit')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    route: 'ops credit (Idempotency-Key)',
    label: `operator credit #${n}`,
    bettor,
    conflict: CONFLICT,
    isRefusal: false,
    send: (app, isOther = false) =>
      post(
        app,
        '/api/ops/credit',
        { username: bettor.username, amount: (paise + (isOther ? 1 : 0)) / 100 },
        { ...bearer(OPS_TOKEN), 'idempotency-key': key },
      ),
    stored: creditRows,
    // Credit moves neither exposure nor P/L.
    walletWith: () => ({ exposure: 0n, pl: 0n }),
  };
}

interface Outcome {
  readonly keyed: Keyed;
  readonly firstAnswer: Answer;
  /** The race was won by the other payload. */
  readonly isOtherWinner: boolean;
  /** Answers (other than the first) that differ from it. */
  differing: number;
  /** "Another payload" requests not answered 409 with the conflict message. */
  notConflict: number;
  requests: number;
}

function compare(outcome: Outcome, answers: readonly Answer[]): void {
  for (const answer of answers) {
    outcome.requests += 1;
    // Byte for byte: the stored answer is replayed as it was first sent.
    const same =
      answer.statusCode === outcome.firstAnswer.statusCode &&
      answer.text === outcome.firstAnswer.text &&
      isDeepStrictEqual(answer.body, outcome.firstAnswer.body);
    if (!same) outcome.differing += 1;
  }
}

function isConflict(keyed: Keyed, answer: Answer): boolean {
  return (
    answer.statusCode === 409 &&
    isDeepStrictEqual(answer.body, { Status: false, Result: keyed.conflict })
  );
}

/** 20 in parallel, 20 in sequence and another payload, on one instance. */
async function hammer(keyed: Keyed, app: FastifyInstance): Promise<Outcome> {
  const burst = await Promise.all(Array.from({ length: PARALLEL }, () => keyed.send(app)));
  const [firstAnswer] = burst;
  if (!firstAnswer) throw new Error('no answer');
  const outcome: Outcome = {
    keyed,
    firstAnswer,
    isOtherWinner: false,
    differing: 0,
    notConflict: 0,
    requests: 1,
  };
  compare(outcome, burst.slice(1));
  for (let n = 0; n < SEQUENTIAL; n += 1) compare(outcome, [await keyed.send(app)]);
  const other = await keyed.send(app, true);
  outcome.requests += 1;
  if (!isConflict(keyed, other)) outcome.notConflict += 1;
  return outcome;
}

/** Both payloads under one fresh key at once: one wins, every other answer is the 409. */
async function race(keyed: Keyed, app: FastifyInstance): Promise<Outcome> {
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, n) => keyed.send(app, n % 2 === 1)),
  );
  const winnerIndex = answers.findIndex((answer) => !isConflict(keyed, answer));
  const winners = answers.filter((answer) => !isConflict(keyed, answer));
  const [firstAnswer] = winners;
  if (!firstAnswer) throw new Error(`no winner of the race on ${keyed.label}`);
  const isOtherWinner = winnerIndex % 2 === 1;
  const outcome: Outcome = {
    keyed,
    firstAnswer,
    isOtherWinner,
    differing: 0,
    notConflict: 0,
    requests: 1,
  };
  // Every winner sent the winning payload: its parity is the first winner's.
  if (answers.some((answer, n) => !isConflict(keyed, answer) && n % 2 !== winnerIndex % 2))
    outcome.differing += 1;
  compare(outcome, winners.slice(1));
  outcome.requests += answers.length - winners.length;
  // Exactly one payload won: as many winners as requests of that payload.
  if (winners.length !== PARALLEL / 2) outcome.differing += Math.abs(winners.length - PARALLEL / 2);
  return outcome;
}

beforeAll(async () => {
  world = await openWorld();
  first = await world.start();
  fixture = await fixtureEvent(first.app, 'Lions v Tigers', 1);
  const [lions, tigers] = fixture.runners;
  const quotes = (back: number, lay: number) => [
    { selectionId: lions, back, lay },
    { selectionId: tigers, back, lay },
  ];
  await priceMarket(first.app, fixture.eventId, fixture.matchOdds, quotes(1.9, 2.1));
  await priceMarket(first.app, fixture.eventId, fixture.bookmaker, quotes(45, 50));
  await priceMarket(first.app, fixture.eventId, fixture.toss, quotes(1.95, 1.98));
  await priceFancy(first.app, fixture.eventId, [
    { selectionId: `${fixture.eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 },
  ]);
});
afterAll(async () => {
  await world.close();
});

describe('idempotency', () => {
  it('books one bet per key with identical answers in parallel, in sequence and after a restart on two instances; another payload is 409', async () => {
    const started = performance.now();
    const indices = Array.from({ length: KEYS_PER_ROUTE }, (_, n) => n);
    const keys: Keyed[] = [];
    for (const n of indices) {
      keys.push(
        await betKey('PostUserBetModel match odds', 'mo', 'MATCH_ODDS', n, false),
        await betKey('PostUserBetModel bookmaker', 'bm', 'BOOKMAKER', n, false),
        await betKey('PostUserBetModel toss', 'toss', 'TOSS', n, false),
        await betKey('PostFancyBetModel', 'fancy', 'FANCY', n, false),
        await matkaKey('Matka/PlaceBet', 'matka', n, false),
        await debitKey(n),
        await creditKey(n),
        await operatorCreditKey(n),
      );
    }
    // Refusals are answers too: replayed even once the client could afford the bet.
    const refusals = [
      await betKey('PostUserBetModel refused', 'mo-no', 'MATCH_ODDS', KEYS_PER_ROUTE, true),
      await betKey('PostFancyBetModel refused', 'fancy-no', 'FANCY', KEYS_PER_ROUTE, true),
      await matkaKey('Matka/PlaceBet refused', 'matka-no', KEYS_PER_ROUTE, true),
    ];
    const racers = [
      await betKey('PostUserBetModel race', 'mo-race', 'MATCH_ODDS', KEYS_PER_ROUTE + 1, false),
      await betKey('PostFancyBetModel race', 'fancy-race', 'FANCY', KEYS_PER_ROUTE + 1, false),
      await matkaKey('Matka/PlaceBet race', 'matka-race', KEYS_PER_ROUTE + 1, false),
      await debitKey(KEYS_PER_ROUTE + 1),
      await creditKey(KEYS_PER_ROUTE + 1),
      await operatorCreditKey(KEYS_PER_ROUTE + 1),
    ];

    const outcomes = [
      ...(await inBatches([...keys, ...refusals], 4, (keyed) => hammer(keyed, first.app))),
      ...(await inBatches(racers, 4, (keyed) => race(keyed, first.app))),
    ];
    for (const keyed of refusals) {
      const topped = await ops(first.app, 'credit', {
        username: keyed.bettor.username,
        amount: 100_000,
      });
      expect(topped.body.Status).toBe(true);
    }

    // The restart: the first server stops; two new ones on the same database replay every key.
    await first.close();
    const [second, third] = await Promise.all([world.start(), world.start()]);
    if (!second || !third) throw new Error('no instances');
    await inBatches(outcomes, 4, async (outcome) => {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, n) =>
          outcome.keyed.send(n % 2 === 0 ? second.app : third.app, outcome.isOtherWinner),
        ),
      );
      compare(outcome, answers);
      for (const app of [second.app, third.app]) {
        const other = await outcome.keyed.send(app, !outcome.isOtherWinner);
        outcome.requests += 1;
        if (!isConflict(outcome.keyed, other)) outcome.notConflict += 1;
      }
    });

    const placementsOfPlaced: number[] = [];
    let refusedThatStored = 0;
    let walletMismatches = 0;
    for (const outcome of outcomes) {
      const isPlaced = outcome.firstAnswer.statusCode === 200 && outcome.firstAnswer.body.Status;
      const stored = await outcome.keyed.stored();
      if (isPlaced) placementsOfPlaced.push(stored);
      else if (stored !== 0) refusedThatStored += 1;
      if (outcome.keyed.isRefusal && isPlaced) refusedThatStored += 1;
      const wallet = await walletOfClient(db(), outcome.keyed.bettor.clientId);
      const expected = outcome.keyed.walletWith(isPlaced, outcome.isOtherWinner);
      if (wallet.exposurePaise !== expected.exposure || wallet.plPaise !== expected.pl)
        walletMismatches += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const differing = outcomes.reduce((sum, outcome) => sum + outcome.differing, 0);
    const notConflict = outcomes.reduce((sum, outcome) => sum + outcome.notConflict, 0);
    const requests = outcomes.reduce((sum, outcome) => sum + outcome.requests, 0);
    const off = placementsOfPlaced.filter((count) => count !== 1);
    const betsPerKey = off.length === 0 ? 1 : Math.max(...off);
    const audit = await auditMoney(db());
    const violations = (audit.ledgerSum === 0n ? 0 : 1) + audit.walletDrift + audit.exposureDrift;
    const routes = [...new Set(keys.map((keyed) => keyed.route))];

    record({ suite: 'money', name: 'idempotency: routes', value: routes.join(', ') });
    record({
      suite: 'money',
      name: 'idempotency: keys (placed / refused / raced)',
      value: `${keys.length} / ${refusals.length} / ${racers.length}`,
    });
    record({ suite: 'money', name: 'idempotency: requests', value: requests });
    record({
      suite: 'money',
      name: 'idempotency: bets per key',
      value: off.length === 0 ? 1 : `${betsPerKey} (${off.length} keys off)`,
      bar: '= 1',
      pass: off.length === 0,
    });
    record({
      suite: 'money',
      name: 'idempotency: refused keys that stored a bet',
      value: refusedThatStored,
      bar: '= 0',
      pass: refusedThatStored === 0,
    });
    record({
      suite: 'money',
      name: 'idempotency: differing answers',
      value: differing,
      bar: '= 0',
      pass: differing === 0,
    });
    record({
      suite: 'money',
      name: 'idempotency: another payload not answered 409',
      value: notConflict,
      bar: '= 0',
      pass: notConflict === 0,
    });
    record({
      suite: 'money',
      name: 'idempotency: wallets ≠ one placement',
      value: walletMismatches,
      bar: '= 0',
      pass: walletMismatches === 0,
    });
    record({
      suite: 'money',
      name: 'idempotency: conservation violations',
      value: violations,
      bar: '= 0',
      pass: violations === 0,
    });
    record({ suite: 'money', name: 'idempotency: duration (s)', value: round2(seconds) });

    expect(off).toEqual([]);
    expect(refusedThatStored).toBe(0);
    expect(differing).toBe(0);
    expect(notConflict).toBe(0);
    expect(walletMismatches).toBe(0);
    expect(audit).toEqual({ ledgerSum: 0n, walletDrift: 0, exposureDrift: 0 });
  });
});
