import {
  divideRoundHalfAwayFromZero,
  exchangeBetOutcome,
  fancyBetOutcome,
  fancyLadder,
  hasDecimalOdds,
  marketBook,
  marketExposure,
  toFancyLine,
  type BetFigures,
  type FancyLine,
  type MarketType,
} from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { record, round2, scale } from '../figures.js';
import {
  auditMoney,
  decimal,
  draftFigures,
  fixtureEvent,
  KALYAN,
  madeDraft,
  newBettor,
  ops,
  openWorld,
  otherSportMarket,
  placeBet,
  placeMatka,
  priceFancy,
  priceMarket,
  runSeed,
  seededRng,
  type Answer,
  type BetDraft,
  type Bettor,
  type FancyQuote,
  type Fixture,
  type Instance,
  type Rng,
  type World,
} from './betting.js';

/**
 * Exactly-once settlement (docs/reliability.md, "Exactly-once settlement"). Many clients back and
 * lay at random odds and stakes on a match odds and a bookmaker market, on the further exchange
 * markets (tied match, over/under 2.5 goals of a soccer event, set 1's winner of a tennis event —
 * docs/architecture.md identifiers) and bet Yes and No at moving lines on two fancy sessions and on
 * the matka game. Then every result is declared five times at once (spread over two server
 * instances, with more bets in flight), rolled back five times at once, declared again with another
 * result, rolled back again and voided five times at once; the matka market gets five concurrent
 * results. After each step the ledger, every bet, the exposures and the wallets are compared with
 * an offline recomputation: the expected P/L of each client from the bets as sent, with
 * packages/domain's figures and outcomes in integer paise, commission on a net win at the client's
 * rate (docs/decisions.md#money).
 */

const TRIALS = scale(10, 3);
const CLIENTS = scale(30, 12);
const BET_ROUNDS = 4;
const CALLERS = 5;
const DAY_MS = 24 * 3600_000;
const MATKA_PAYOUT = BigInt(testConfig.matkaPayout);

let world: World;
let servers: [Instance, Instance];
const seed = runSeed();

type Kind = 'exchange' | 'fancy';

interface Target {
  readonly id: string;
  readonly kind: Kind;
  /** The market kind of an exchange target; FANCY for a session. */
  readonly marketType: MarketType;
  readonly eventId: number;
  /** Its runners (exchange); none for a fancy session. */
  readonly selectionIds: readonly string[];
  state: { kind: 'open' } | { kind: 'settled'; result: string } | { kind: 'voided' };
}

interface PlacedBet {
  readonly clientId: string;
  readonly target: string;
  readonly selectionId: string;
  readonly betType: BetDraft['BetType'];
  /** As the server stores it: hundredths, bookmaker odds, or the fancy line. */
  readonly odds: number;
  readonly stake: number;
  readonly figures: BetFigures;
}

interface MatkaPlaced {
  readonly clientId: string;
  readonly betNo: string;
  readonly amountPaise: bigint;
}

interface Tally {
  /** Σ |ledger − recomputation| and |wallet P/L − recomputation|, in paise. */
  ledgerDiff: bigint;
  exposureDiff: bigint;
  /** Active settlement lines per (client, target) after a declaration; 1 each. */
  payoutsOff: number[];
  betsWrong: number;
  betsMissing: number;
  groups: number;
  groupsNotOnce: number;
  calls: { declare: number; rollback: number; void: number; matka: number };
  inFlight: { accepted: number; refused: number };
  unexpected: string[];
  checks: number;
  violations: number;
}

const tally: Tally = {
  ledgerDiff: 0n,
  exposureDiff: 0n,
  payoutsOff: [],
  betsWrong: 0,
  betsMissing: 0,
  groups: 0,
  groupsNotOnce: 0,
  calls: { declare: 0, rollback: 0, void: 0, matka: 0 },
  inFlight: { accepted: 0, refused: 0 },
  unexpected: [],
  checks: 0,
  violations: 0,
};

/** Spreads concurrent calls over a few milliseconds, so that bets land before, during and after. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const abs = (value: bigint) => (value < 0n ? -value : value);
const db = () => world.database.db;
const app = (n: number): FastifyInstance => servers[n % 2 === 0 ? 0 : 1].app;

function lineOf(bet: PlacedBet): FancyLine {
  const line = toFancyLine(bet.odds);
  if (line === null) throw new Error(`bad line ${bet.odds}`);
  return line;
}

/** The bet's result under a state of its target, from packages/domain (paise). */
function outcomeOf(bet: PlacedBet, target: Target): number {
  if (target.state.kind !== 'settled') return 0;
  const result = target.state.result;
  if (target.kind === 'exchange') {
    return exchangeBetOutcome(
      {
        selectionId: bet.selectionId,
        betType: bet.betType === 'Lay' ? 'Lay' : 'Back',
        profit: bet.figures.profit,
        liability: bet.figures.liability,
      },
      { kind: 'winner', selectionId: result },
    );
  }
  return fancyBetOutcome(
    {
      line: lineOf(bet),
      betType: bet.betType === 'No' ? 'No' : 'Yes',
      profit: bet.figures.profit,
      liability: bet.figures.liability,
    },
    { kind: 'runs', runs: Number(result) },
  );
}

/** What the client's ledger holds for the target: the net after commission (docs/decisions.md#money). */
function netOf(bets: readonly PlacedBet[], target: Target, commissionBp: number): bigint {
  const gross = bets.reduce((sum, bet) => sum + outcomeOf(bet, target), 0);
  const commission = gross > 0 ? divideRoundHalfAwayFromZero(gross * commissionBp, 10_000) : 0;
  return BigInt(gross - commission);
}

/** The client's exposure on an open target: the worst loss of its open bets (docs/decisions.md#money). */
function exposureOf(bets: readonly PlacedBet[], target: Target): bigint {
  if (target.state.kind !== 'open' || bets.length === 0) return 0n;
  if (target.kind === 'exchange') {
    const book = marketBook(
      target.selectionIds,
      bets.map((bet) => ({
        selectionId: bet.selectionId,
        betType: bet.betType === 'Lay' ? ('Lay' as const) : ('Back' as const),
        profit: bet.figures.profit,
        liability: bet.figures.liability,
      })),
    );
    return BigInt(marketExposure(book.map((position) => position.pl)));
  }
  const ladder = fancyLadder(
    bets.map((bet) => ({
      line: lineOf(bet),
      betType: bet.betType === 'No' ? ('No' as const) : ('Yes' as const),
      profit: bet.figures.profit,
      liability: bet.figures.liability,
    })),
  );
  return BigInt(marketExposure(ladder.map((rung) => rung.Pl)));
}

const betKey = (bet: {
  clientId: string;
  target: string;
  selectionId: string;
  betType: string;
  odds: number;
  stake: number;
}) => [bet.clientId, bet.target, bet.selectionId, bet.betType, bet.odds, bet.stake].join('|');

class Trial {
  readonly rng: Rng;
  readonly bettors: Bettor[] = [];
  readonly commission = new Map<string, number>();
  readonly bets: PlacedBet[] = [];
  readonly matka: MatkaPlaced[] = [];
  matkaMid = '';
  matkaResult: string | null = null;
  targets: Target[] = [];
  fixture!: Fixture;
  prices = new Map<string, { back: number; lay: number }>();
  fancyRows = new Map<string, FancyQuote>();

  constructor(readonly n: number) {
    this.rng = seededRng(seed + n);
  }

  async setUp(): Promise<void> {
    const { rng } = this;
    this.fixture = await fixtureEvent(app(0), `East${this.n} v West${this.n}`, 2);
    const soccer = await otherSportMarket(app(0), 'soccer', `North${this.n} v South${this.n}`);
    const tennis = await otherSportMarket(app(0), 'tennis', `Left${this.n} v Right${this.n}`);
    const [a, b] = this.fixture.runners.map(String) as [string, string];
    const open = (
      id: string,
      marketType: MarketType,
      selectionIds: readonly string[],
      eventId = this.fixture.eventId,
    ): Target => ({
      id,
      kind: marketType === 'FANCY' ? 'fancy' : 'exchange',
      marketType,
      eventId,
      selectionIds,
      state: { kind: 'open' },
    });
    const { tiedMatch } = this.fixture;
    this.targets = [
      open(this.fixture.matchOdds, 'MATCH_ODDS', [a, b]),
      open(this.fixture.bookmaker, 'BOOKMAKER', [a, b]),
      open(tiedMatch.marketId, tiedMatch.marketType, tiedMatch.runners.map(String)),
      open(
        soccer.market.marketId,
        soccer.market.marketType,
        soccer.market.runners.map(String),
        soccer.eventId,
      ),
      open(
        tennis.market.marketId,
        tennis.market.marketType,
        tennis.market.runners.map(String),
        tennis.eventId,
      ),
      ...this.fixture.fancy.map((id) => open(id, 'FANCY', [])),
    ];
    for (let n = 0; n < CLIENTS; n += 1) {
      const bettor = await newBettor(world, app(n), `once${this.n}c${n}`, 10_000_000);
      this.bettors.push(bettor);
      // About half the clients pay commission on a net win, at up to 5 % to the basis point.
      const bp = rng.chance(0.5) ? rng.int(1, 500) : 0;
      this.commission.set(bettor.clientId, bp);
      if (bp > 0) {
        const set = await ops(app(n), 'set-commission', {
          username: bettor.username,
          percent: bp / 100,
        });
        expect(set.body.Status).toBe(true);
      }
    }
  }

  /** New prices and fancy rows, so that bets come at many odds and lines. */
  async movePrices(): Promise<void> {
    const { rng, fixture } = this;
    for (const target of this.targets) {
      if (target.kind !== 'exchange') continue;
      const isBookmaker = target.marketType === 'BOOKMAKER';
      const quotes = target.selectionIds.map((id) => {
        const selectionId = Number(id);
        const back = isBookmaker ? rng.int(10, 300) : rng.int(115, 700);
        const lay = back + (isBookmaker ? rng.int(1, 10) : rng.int(1, 30));
        this.prices.set(`${target.id}|${selectionId}`, { back, lay });
        const unit = isBookmaker ? 1 : 100;
        return { selectionId, back: back / unit, lay: lay / unit };
      });
      await priceMarket(app(0), target.eventId, target.id, quotes);
    }
    const rows = fixture.fancy.map((selectionId, index) => {
      const line = 40 + 20 * index + rng.int(-4, 4);
      const row = {
        selectionId,
        noLine: line,
        noRate: rng.int(75, 100),
        yesLine: line + rng.int(0, 1),
        yesRate: rng.int(100, 135),
      };
      this.fancyRows.set(selectionId, row);
      return row;
    });
    await priceFancy(app(0), fixture.eventId, rows);
  }

  /** A random bet on a target at what the market takes now. */
  draftOn(target: Target): BetDraft {
    const { rng, fixture } = this;
    if (target.kind === 'fancy') {
      const row = this.fancyRows.get(target.id);
      if (!row) throw new Error(`no row for ${target.id}`);
      const isYes = rng.chance(0.5);
      return {
        MarketType: 'FANCY',
        MarketId: String(fixture.eventId),
        EventId: fixture.eventId,
        SelectionID: target.id,
        BetType: isYes ? 'Yes' : 'No',
        Odds: isYes ? row.yesLine : row.noLine,
        Price: isYes ? row.yesRate : row.noRate,
        Stack: rng.int(100, 50_000),
      };
    }
    const isBookmaker = target.marketType === 'BOOKMAKER';
    const selectionId = rng.pick(target.selectionIds);
    const price = this.prices.get(`${target.id}|${selectionId}`);
    if (!price) throw new Error(`no price for ${target.id}`);
    const isBack = rng.chance(0.5);
    const odds = isBack
      ? rng.int(isBookmaker ? 1 : 101, price.back)
      : rng.int(price.lay, price.lay + (isBookmaker ? 100 : 200));
    return {
      MarketType: target.marketType,
      MarketId: target.id,
      EventId: target.eventId,
      SelectionID: selectionId,
      BetType: isBack ? 'Back' : 'Lay',
      Odds: isBookmaker ? odds : decimal(odds),
      Price: 0,
      Stack: rng.int(500, 50_000),
    };
  }

  remember(bettor: Bettor, asked: BetDraft): void {
    // Made at the best price on its side (docs/decisions.md#price-improvement); prices move only
    // between rounds, so the price the bet was drawn against is the one it was made at.
    const price = this.prices.get(`${asked.MarketId}|${asked.SelectionID}`);
    const draft = price
      ? madeDraft(asked, { back: decimal(price.back), lay: decimal(price.lay) })
      : asked;
    this.bets.push({
      clientId: bettor.clientId,
      target: draft.MarketType === 'FANCY' ? draft.SelectionID : draft.MarketId,
      selectionId: draft.SelectionID,
      betType: draft.BetType,
      odds: hasDecimalOdds(draft.MarketType) ? Math.round(draft.Odds * 100) : draft.Odds,
      stake: draft.Stack,
      figures: draftFigures(draft),
    });
  }

  rememberMatka(bettor: Bettor, bets: readonly { BetNo: string; Amount: number }[]): void {
    for (const bet of bets)
      this.matka.push({
        clientId: bettor.clientId,
        betNo: bet.BetNo,
        amountPaise: BigInt(Math.round(bet.Amount * 100)),
      });
  }

  async placeAll(): Promise<void> {
    for (let round = 0; round < BET_ROUNDS; round += 1) {
      await this.movePrices();
      // Drawn before anything is sent, so that a seed replays the same bets.
      const plans = this.bettors.map((bettor) => ({
        bettor,
        drafts: Array.from({ length: this.rng.int(1, 4) }, () =>
          this.draftOn(this.rng.pick(this.targets)),
        ),
        matka: this.rng.chance(0.5) ? this.matkaDraft() : null,
      }));
      await Promise.all(
        plans.map(async ({ bettor, drafts, matka }, index) => {
          for (const [n, draft] of drafts.entries()) {
            const answer = await placeBet(app(index + n), bettor, draft);
            if (!answer.body.Status) throw new Error(`bet refused: ${answer.text}`);
            this.remember(bettor, draft);
          }
          if (matka) {
            const answer = await placeMatka(app(index), bettor, matka);
            if (!answer.body.Status) throw new Error(`matka refused: ${answer.text}`);
            this.rememberMatka(bettor, matka.bets);
          }
        }),
      );
    }
    const market = await db()
      .selectFrom('matka_bets')
      .select('market_id')
      .where(
        'client_id',
        'in',
        this.bettors.map((bettor) => bettor.clientId),
      )
      .executeTakeFirst();
    this.matkaMid = market?.market_id ?? '';
  }

  matkaDraft() {
    const bets = Array.from({ length: this.rng.int(1, 4) }, () => ({
      BetNo: String(this.rng.int(0, 99)).padStart(2, '0'),
      Amount: this.rng.int(1, 5_000),
    }));
    return { game: KALYAN, bets };
  }

  /** Bets sent while results are being declared: each must be settled or refused, never lost. */
  async inFlight(targets: readonly Target[]): Promise<void> {
    const senders = this.bettors.filter(() => this.rng.chance(0.6));
    await Promise.all(
      senders.map(async (bettor, index) => {
        const target = this.rng.pick(targets);
        const draft = this.draftOn(target);
        await pause(this.rng.int(0, 30));
        const answer = await placeBet(app(index), bettor, draft);
        if (answer.statusCode === 200 && answer.body.Status) {
          tally.inFlight.accepted += 1;
          this.remember(bettor, draft);
        } else if (answer.statusCode === 200 && answer.body.Result === 'Market closed') {
          tally.inFlight.refused += 1;
        } else {
          tally.unexpected.push(`in-flight bet: ${answer.statusCode} ${answer.text}`);
        }
      }),
    );
  }

  /** Five callers at once over the two instances; exactly one may change money. */
  async fiveAtOnce(
    call: (server: FastifyInstance) => Promise<Answer>,
    changed: (result: string) => boolean,
    unchanged: (result: string) => boolean,
    label: string,
  ): Promise<void> {
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, async (_, n) => {
        const server = app(n + this.rng.int(0, 1));
        await pause(this.rng.int(0, 20));
        return call(server);
      }),
    );
    tally.groups += 1;
    let changes = 0;
    for (const answer of answers) {
      const result = typeof answer.body.Result === 'string' ? answer.body.Result : '';
      if (answer.statusCode === 200 && changed(result)) changes += 1;
      else if (!(answer.statusCode === 200 && unchanged(result)))
        tally.unexpected.push(`${label}: ${answer.statusCode} ${answer.text}`);
    }
    if (changes !== 1) tally.groupsNotOnce += 1;
  }

  async declare(target: Target, result: string): Promise<void> {
    tally.calls.declare += CALLERS;
    const body =
      target.kind === 'exchange'
        ? { marketId: target.id, winnerSelectionId: Number(result) }
        : { eventId: target.eventId, selectionId: target.id, runs: Number(result) };
    await this.fiveAtOnce(
      (server) => ops(server, 'declare-result', body),
      (text) => text.startsWith(`Settled ${target.id} as ${result}:`),
      (text) => text === `Already settled as ${result}`,
      `declare ${target.id}`,
    );
    target.state = { kind: 'settled', result };
  }

  async rollback(target: Target): Promise<void> {
    tally.calls.rollback += CALLERS;
    await this.fiveAtOnce(
      (server) => ops(server, 'rollback', { target: target.id, reason: 'Result corrected' }),
      (text) => text.startsWith(`Rolled back ${target.id} `),
      (text) => text === `${target.id} is not settled`,
      `rollback ${target.id}`,
    );
    target.state = { kind: 'open' };
  }

  async void(target: Target): Promise<void> {
    tally.calls.void += CALLERS;
    await this.fiveAtOnce(
      (server) => ops(server, 'void-market', { target: target.id, reason: 'Abandoned' }),
      (text) => text.startsWith(`Voided ${target.id} as VOID:`),
      (text) => text === 'Already settled as VOID',
      `void ${target.id}`,
    );
    target.state = { kind: 'voided' };
  }

  async declareMatka(result: string): Promise<void> {
    tally.calls.matka += CALLERS;
    const mid = Number(this.matkaMid);
    await Promise.all([
      this.fiveAtOnce(
        (server) => ops(server, 'matka-result', { mid, result }),
        (text) => text.includes(`result ${result} declared;`),
        (text) => text.includes(`already has its result ${result}`),
        'matka result',
      ),
      // Matka bets in flight: booked before the result and paid, or refused after it.
      ...this.bettors
        .filter(() => this.rng.chance(0.3))
        .map(async (bettor, index) => {
          const draft = this.matkaDraft();
          await pause(this.rng.int(0, 30));
          const answer = await placeMatka(app(index), bettor, draft);
          if (answer.statusCode === 200 && answer.body.Status) {
            tally.inFlight.accepted += 1;
            this.rememberMatka(bettor, draft.bets);
          } else if (
            answer.statusCode === 200 &&
            answer.body.Result === 'This game is closed for betting'
          ) {
            tally.inFlight.refused += 1;
          } else {
            tally.unexpected.push(`in-flight matka: ${answer.statusCode} ${answer.text}`);
          }
        }),
    ]);
    this.matkaResult = result;
  }

  /** Results of every target: a random winner, or runs around the session's lines. */
  resultFor(target: Target, not?: string): string {
    for (;;) {
      const result =
        target.kind === 'exchange'
          ? this.rng.pick(target.selectionIds)
          : String((this.fancyRows.get(target.id)?.noLine ?? 50) + this.rng.int(-6, 6));
      if (result !== not) return result;
    }
  }

  /** Everything the database holds for this trial against the offline recomputation. */
  async verify(afterDeclaration: boolean): Promise<void> {
    tally.checks += 1;
    const clientIds = this.bettors.map((bettor) => bettor.clientId);
    const targetIds = this.targets.map((target) => target.id);
    const targetsById = new Map(this.targets.map((target) => [target.id, target]));
    const marketIds = [...targetIds, ...(this.matkaMid ? [this.matkaMid] : [])];

    const ledger = await sql<{ client_id: string; market_id: string; total: string; n: string }>`
      SELECT a.client_id, l.market_id, sum(l.amount_paise) AS total, count(*) AS n
      FROM ledger_entries l JOIN accounts a ON a.id = l.account_id
      WHERE a.kind = 'client' AND l.market_id IN (${sql.join(marketIds)})
      GROUP BY a.client_id, l.market_id`.execute(db());
    const ledgerOf = new Map(
      ledger.rows.map((row) => [`${row.client_id}|${row.market_id}`, BigInt(row.total)]),
    );
    const ledgerRows = new Map(
      ledger.rows.map((row) => [`${row.client_id}|${row.market_id}`, Number(row.n)]),
    );
    const exposures = await db()
      .selectFrom('exposures')
      .select(['client_id', 'position_key', 'exposure_paise'])
      .where('client_id', 'in', clientIds)
      .execute();
    const exposureRow = new Map(
      exposures.map((row) => [`${row.client_id}|${row.position_key}`, BigInt(row.exposure_paise)]),
    );
    const lines = await sql<{ client_id: string; target: string; n: string }>`
      SELECT client_id, target, count(*) AS n FROM settlement_lines
      WHERE rolled_back = false AND target IN (${sql.join(targetIds)})
      GROUP BY client_id, target`.execute(db());
    const linesOf = new Map(
      lines.rows.map((row) => [`${row.client_id}|${row.target}`, Number(row.n)]),
    );

    const expectedPl = new Map<string, bigint>();
    const expectedExposure = new Map<string, bigint>();
    const add = (map: Map<string, bigint>, key: string, value: bigint) =>
      map.set(key, (map.get(key) ?? 0n) + value);

    for (const target of this.targets) {
      for (const clientId of clientIds) {
        const bets = this.bets.filter(
          (bet) => bet.clientId === clientId && bet.target === target.id,
        );
        if (bets.length === 0) continue;
        const key = `${clientId}|${target.id}`;
        const net = netOf(bets, target, this.commission.get(clientId) ?? 0);
        tally.ledgerDiff += abs((ledgerOf.get(key) ?? 0n) - net);
        add(expectedPl, clientId, net);
        const exposure = exposureOf(bets, target);
        tally.exposureDiff += abs((exposureRow.get(key) ?? 0n) - exposure);
        add(expectedExposure, clientId, exposure);
        if (afterDeclaration && target.state.kind !== 'open')
          tally.payoutsOff.push(linesOf.get(key) ?? 0);
      }
    }

    // Every bet as the database holds it against the one sent (same fields, same outcome).
    const expectedOutcome = new Map<string, number[]>();
    for (const bet of this.bets) {
      const target = targetsById.get(bet.target);
      if (!target) continue;
      const list = expectedOutcome.get(betKey(bet)) ?? [];
      list.push(target.state.kind === 'open' ? Number.NaN : outcomeOf(bet, target));
      expectedOutcome.set(betKey(bet), list);
    }
    const stored = await db()
      .selectFrom('bets')
      .select([
        'client_id',
        'position_key',
        'selection_id',
        'bet_type',
        'odds',
        'stake',
        'status',
        'pl_paise',
        'remark',
      ])
      .where('client_id', 'in', clientIds)
      .execute();
    for (const row of stored) {
      const key = betKey({
        clientId: row.client_id,
        target: row.position_key,
        selectionId: row.selection_id,
        betType: row.bet_type,
        odds: row.odds,
        stake: row.stake,
      });
      const list = expectedOutcome.get(key);
      const expected = list?.pop();
      const target = targetsById.get(row.position_key);
      if (expected === undefined || !target) {
        tally.betsMissing += 1; // a bet nobody sent, or stored twice
        continue;
      }
      const isRight =
        target.state.kind === 'open'
          ? row.status === 'Pending' && row.pl_paise === null
          : target.state.kind === 'voided'
            ? row.status === 'Settled' && row.pl_paise === '0' && row.remark === 'Void'
            : row.status === (expected < 0 ? 'Lost' : 'Settled') &&
              row.pl_paise === String(expected);
      if (!isRight) tally.betsWrong += 1;
    }
    for (const list of expectedOutcome.values()) tally.betsMissing += list.length;

    if (this.matkaMid) {
      const matkaBets = await db()
        .selectFrom('matka_bets')
        .select(['client_id', 'bet_no', 'amount_paise', 'status', 'pl_paise'])
        .where('market_id', '=', this.matkaMid)
        .where('client_id', 'in', clientIds)
        .execute();
      if (matkaBets.length !== this.matka.length) tally.betsMissing += 1;
      for (const row of matkaBets) {
        const amount = BigInt(row.amount_paise);
        const hit = row.bet_no === this.matkaResult;
        const pl = this.matkaResult === null ? null : hit ? (MATKA_PAYOUT - 1n) * amount : -amount;
        const isRight =
          pl === null
            ? row.status === 'Pending'
            : row.status === (hit ? 'Settled' : 'Lost') && row.pl_paise === pl.toString();
        if (!isRight) tally.betsWrong += 1;
      }
      for (const clientId of clientIds) {
        const mine = this.matka.filter((bet) => bet.clientId === clientId);
        if (mine.length === 0) continue;
        const key = `${clientId}|${this.matkaMid}`;
        const net =
          this.matkaResult === null
            ? 0n
            : mine.reduce(
                (sum, bet) =>
                  sum +
                  (bet.betNo === this.matkaResult
                    ? (MATKA_PAYOUT - 1n) * bet.amountPaise
                    : -bet.amountPaise),
                0n,
              );
        tally.ledgerDiff += abs((ledgerOf.get(key) ?? 0n) - net);
        // A matka result pays each client once: one ledger pair for the market.
        if (afterDeclaration && net !== 0n) tally.payoutsOff.push(ledgerRows.get(key) ?? 0);
        add(expectedPl, clientId, net);
        const exposure =
          this.matkaResult === null ? mine.reduce((sum, bet) => sum + bet.amountPaise, 0n) : 0n;
        tally.exposureDiff += abs((exposureRow.get(key) ?? 0n) - exposure);
        add(expectedExposure, clientId, exposure);
      }
    }

    // The wallets: P/L is the sum of the client's results, exposure the sum of open positions.
    const wallets = await db()
      .selectFrom('wallets')
      .innerJoin('accounts', 'accounts.id', 'wallets.account_id')
      .select(['accounts.client_id', 'wallets.pl_paise', 'wallets.exposure_paise'])
      .where('accounts.client_id', 'in', clientIds)
      .execute();
    for (const wallet of wallets) {
      const clientId = wallet.client_id ?? '';
      tally.ledgerDiff += abs(BigInt(wallet.pl_paise) - (expectedPl.get(clientId) ?? 0n));
      tally.exposureDiff += abs(
        BigInt(wallet.exposure_paise) - (expectedExposure.get(clientId) ?? 0n),
      );
    }

    const audit = await auditMoney(db());
    tally.violations += (audit.ledgerSum === 0n ? 0 : 1) + audit.walletDrift + audit.exposureDrift;
  }
}

async function runTrial(n: number): Promise<void> {
  // A new day: the matka game has a fresh market, and the clock moves no price out of date.
  if (n > 0) world.clock.advance(DAY_MS);
  const trial = new Trial(n);
  await trial.setUp();
  await trial.placeAll();
  await trial.verify(false);
  const { targets } = trial;

  // 1. Five declarations of each result at once, all targets together, bets in flight.
  const first = targets.map((target) => trial.resultFor(target));
  await Promise.all([
    ...targets.map((target, index) => trial.declare(target, first[index] ?? '')),
    trial.inFlight(targets),
  ]);
  await trial.verify(true);

  // 2. Five rollbacks of each at once: the bets are open again, their exposure back.
  await Promise.all(targets.map((target) => trial.rollback(target)));
  await trial.verify(false);

  // 3. Another result, five times at once, bets in flight.
  await Promise.all([
    ...targets.map((target, index) => trial.declare(target, trial.resultFor(target, first[index]))),
    trial.inFlight(targets),
  ]);
  await trial.verify(true);

  // 4. Rolled back again and voided five times at once: stakes returned.
  await Promise.all(targets.map((target) => trial.rollback(target)));
  await trial.verify(false);
  await Promise.all(targets.map((target) => trial.void(target)));
  await trial.verify(true);

  // 5. The matka market: five results at once, matka bets in flight.
  const numbers = trial.matka.map((bet) => bet.betNo);
  await trial.declareMatka(
    numbers.length > 0 && trial.rng.chance(0.8)
      ? trial.rng.pick(numbers)
      : String(trial.rng.int(0, 99)).padStart(2, '0'),
  );
  await trial.verify(true);
}

beforeAll(async () => {
  world = await openWorld();
  servers = [await world.start(), await world.start()];
});
afterAll(async () => {
  await world.close();
});

describe('exactly-once settlement', () => {
  it('pays every bet once and matches the offline recomputation through concurrent declarations, rollbacks and voids', async () => {
    const started = performance.now();
    for (let n = 0; n < TRIALS; n += 1) await runTrial(n);
    const seconds = (performance.now() - started) / 1000;

    const off = tally.payoutsOff.filter((count) => count !== 1);
    record({ suite: 'money', name: 'exactly-once: seed', value: seed });
    record({
      suite: 'money',
      name: 'exactly-once: trials × clients (targets: match odds, bookmaker, tied match, over/under 2.5, set 1 winner, 2 fancy, matka)',
      value: `${TRIALS} × ${CLIENTS}`,
    });
    record({
      suite: 'money',
      name: 'exactly-once: concurrent calls (declare / rollback / void / matka)',
      value: `${tally.calls.declare} / ${tally.calls.rollback} / ${tally.calls.void} / ${tally.calls.matka}`,
    });
    record({
      suite: 'money',
      name: 'exactly-once: groups of 5 not moving money exactly once',
      value: `${tally.groupsNotOnce} of ${tally.groups}`,
      bar: '= 0',
      pass: tally.groupsNotOnce === 0,
    });
    record({
      suite: 'money',
      name: 'exactly-once: payouts per bet',
      value: off.length === 0 ? 1 : `${off.join(', ')} (${off.length} off)`,
      bar: '= 1',
      pass: off.length === 0,
    });
    record({
      suite: 'money',
      name: 'exactly-once: bets wrong, lost or unsettled',
      value: tally.betsWrong + tally.betsMissing,
      bar: '= 0',
      pass: tally.betsWrong + tally.betsMissing === 0,
    });
    record({
      suite: 'money',
      name: 'exactly-once: ledger − recomputation (paise)',
      value: tally.ledgerDiff.toString(),
      bar: '= 0',
      pass: tally.ledgerDiff === 0n,
    });
    record({
      suite: 'money',
      name: 'exactly-once: exposure − recomputation (paise)',
      value: tally.exposureDiff.toString(),
      bar: '= 0',
      pass: tally.exposureDiff === 0n,
    });
    record({
      suite: 'money',
      name: 'exactly-once: bets in flight (accepted / refused)',
      value: `${tally.inFlight.accepted} / ${tally.inFlight.refused}`,
    });
    record({
      suite: 'money',
      name: 'exactly-once: unexpected answers',
      value: tally.unexpected.length,
      bar: '= 0',
      pass: tally.unexpected.length === 0,
    });
    record({
      suite: 'money',
      name: 'exactly-once: conservation violations',
      value: `${tally.violations} in ${tally.checks} checks`,
      bar: '= 0',
      pass: tally.violations === 0,
    });
    record({ suite: 'money', name: 'exactly-once: duration (s)', value: round2(seconds) });

    expect(tally.unexpected.slice(0, 5)).toEqual([]);
    expect(tally.groupsNotOnce).toBe(0);
    expect(off).toEqual([]);
    expect(tally.betsWrong).toBe(0);
    expect(tally.betsMissing).toBe(0);
    expect(tally.ledgerDiff).toBe(0n);
    expect(tally.exposureDiff).toBe(0n);
    expect(tally.violations).toBe(0);
  });
});
