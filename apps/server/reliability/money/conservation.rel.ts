import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { startFeed, type StartedFeed } from '../../src/feed/start.js';
import {
  createSettlementService,
  settleFromFeed,
} from '../../src/modules/settlement/settlement.service.js';
import { systemClock, systemRandom } from '../../src/seams.js';
import { buildTestApp, LAT_LONG, OPS_TOKEN, TEST_PASSWORD } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { percentile, record, round2, scale } from '../figures.js';
import {
  checkSnapshot,
  corruptedCopies,
  readSnapshot,
  type ClientTrail,
  type Violation,
  type ViolationKind,
} from '../support/bank.js';
import {
  between,
  httpClient,
  INVALID_WEIGHTS,
  invalidBet,
  OPERATOR_WEIGHTS,
  operatorAct,
  OPS_PATHS,
  pick,
  refreshCatalog,
  VALID_WEIGHTS,
  validBet,
  weighted,
  type Attempt,
  type Bettor,
  type Call,
  type Catalog,
  type Target,
} from '../support/bank-load.js';

/**
 * Conservation, a bank test (docs/reliability.md, "Conservation"): funded clients bet on every
 * market kind (the further exchange markets — tied match, completed match, over/under 2.5, set
 * winner — included) and on matka, validly and not, while operators declare, void and roll back
 * results and move credit and the simulator moves prices and declares its own results; a reader
 * audits the whole ledger every 100 ms in one REPEATABLE READ snapshot (support/bank.ts). A
 * quarter of the clients bet under loss and stake limits (docs/safer-gambling.md), and no bet may
 * take one past its loss limit. Pass: 0 violations.
 */

const LOAD_MS = scale(60_000, 15_000);
/** Kinds of bet the run must have accepted at least once. */
const MUST_ACCEPT = ['MATCH_ODDS', 'BOOKMAKER', 'FANCY', 'MATKA', 'CANCEL', 'CASH_OUT'];
/** The further exchange markets: one of them at least, as events allow. */
const FURTHER = ['TIED_MATCH', 'COMPLETED_MATCH', 'OVER_UNDER_25', 'SET_WINNER'];
const CLIENTS = 200;
const BETTORS = 64;
const OPERATORS = 4;
const READ_EVERY_MS = 100;
/** Simulated seconds per real second: events start, sessions settle and matches end within the run. */
const SIM_SPEED = scale(90, 240);
/** Share of bettor attempts that are invalid bets. */
const INVALID_SHARE = 0.25;

const suite = 'money';
const name = (figure: string) => `conservation: ${figure}`;

let database: TestDatabase;
let appDatabase: Database;
let feed: StartedFeed;
let app: FastifyInstance;
let call: Call;
const serverErrors: string[] = [];
const feedLog: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The app's own pool, large enough for 64 workers (the test database's has 5 connections).
  appDatabase = openDatabase(database.url, { max: 24 });
  const log = (message: string) => {
    if (feedLog.length < 200) feedLog.push(message);
  };
  const settlement = createSettlementService({
    db: appDatabase.db,
    clock: systemClock,
    random: systemRandom,
  });
  // Wired as main.ts wires it, on the real clock: staleness and the matka schedule are real time.
  feed = await startFeed({
    feed: 'simulator',
    staleS: 10,
    fixture: undefined,
    simSpeed: SIM_SPEED,
    simSeed: undefined,
    db: appDatabase.db,
    databaseUrl: database.url,
    clock: systemClock,
    seed: () => systemRandom.bytes(4).readUInt32BE(0),
    log,
    settle: settleFromFeed(settlement, log),
  });
  app = await buildTestApp(appDatabase.db, {
    clock: systemClock,
    feed: feed.control,
    settlement,
    // A short in-play delay (docs/architecture.md, "In-play bet delay"): held bets meet moving
    // prices and suspensions for real.
    config: {
      logLevel: 'error',
      rateLimitPerMin: 10_000_000,
      betDelay: { exchangeS: { 1: 1, 2: 1, 4: 1 }, bookmakerS: 1, fancyS: 0 },
    },
    // Errors only: a 500's cause is printed with the figures.
    logStream: {
      write: (line: string) => {
        if (serverErrors.length < 20) serverErrors.push(line.slice(0, 2000));
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  call = httpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await feed?.stop();
  await app?.close();
  await appDatabase?.close();
  await database?.drop();
});

/** The limits client `index` bets under (rupees): low enough for the mix to meet them. */
function limitsOf(index: number): [kind: string, value: number][] {
  const limits: [string, number][] = [];
  if (index % 4 === 1) limits.push(['lossDay', 6_000], ['stake', 2_000]);
  if (index % 8 === 3) limits.push(['lossWeek', 9_000], ['lossMonth', 12_000]);
  return limits;
}

/**
 * Creates and funds the clients through the operator API, then logs each in over HTTP and sets
 * its limits.
 */
async function openClients(): Promise<Bettor[]> {
  const bettors: Bettor[] = [];
  const queue = Array.from({ length: CLIENTS }, (_, index) => index);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const username = `bank${String(index).padStart(3, '0')}`;
        // One client in five is short of money, so "Insufficient balance" is met for real.
        const creditLimit = index % 5 === 0 ? 5_000 : 100_000;
        const created = await call('POST', OPS_PATHS.createClient, {
          token: OPS_TOKEN,
          json: { username, password: TEST_PASSWORD, creditLimit },
        });
        if (created.ok !== true) throw new Error(`create ${username}: ${String(created.result)}`);
        const login = await call('POST', '/api/Authenticate/ValidLogin?ipAddress=10.1.2.3', {
          json: { username, password: TEST_PASSWORD, LatLong: LAT_LONG },
        });
        const token = (login.body as { data?: { Token?: string } } | undefined)?.data?.Token;
        if (login.ok !== true || !token) throw new Error(`login ${username}: HTTP ${login.status}`);
        // Safer betting (docs/safer-gambling.md): a quarter of the clients bet under a daily loss
        // limit and a stake limit, an eighth under weekly and monthly ones as well.
        for (const [kind, value] of limitsOf(index)) {
          const set = await call('POST', '/api/safer/limit', { token, json: { kind, value } });
          if (set.ok !== true) throw new Error(`limit ${username} ${kind}: ${String(set.result)}`);
        }
        bettors.push({ username, token });
      }
    }),
  );
  return bettors;
}

interface Tally {
  attempts: number;
  accepted: number;
  refused: number;
  errors: number;
  rows: number;
}

const emptyTally = (): Tally => ({ attempts: 0, accepted: 0, refused: 0, errors: 0, rows: 0 });

describe('conservation under load (bank test)', () => {
  it('keeps every account summing to zero, exposure equal to the open bets, statements equal to balances and no accepted bet below zero', async () => {
    const bettors = await openClients();
    const usernames = bettors.map((bettor) => bettor.username);
    const catalog: Catalog = { events: [], matka: [] };
    const watcher = bettors[0]!;

    // Let the simulator announce its schedule before the clock starts.
    for (let waited = 0; waited < 20_000; waited += 500) {
      await refreshCatalog(call, watcher.token, catalog);
      if (catalog.events.length >= 10) break;
      await sleep(500);
    }
    expect(catalog.events.length).toBeGreaterThan(0);

    const valid = emptyTally();
    const invalid = emptyTally();
    const acceptedByKind = new Map<string, number>();
    const refusals = new Map<string, number>();
    const invalidAccepted: string[] = [];
    const errors: string[] = [];
    const latencies: number[] = [];
    let replaysDiffered = 0;
    let skipped = 0;
    const limitRefusals = { loss: 0, stake: 0 };
    const operatorTally = new Map<string, { ok: number; refused: number }>();
    const targets = new Map<string, Target>();

    const violations = new Map<ViolationKind, number>([
      ['total', 0],
      ['exposure', 0],
      ['statement', 0],
      ['negative', 0],
      ['limit', 0],
    ]);
    const examples: Violation[] = [];
    const readMs: number[] = [];
    let reads = 0;

    let loadOver = false;
    let readerOver = false;
    const started = performance.now();
    const elapsed = () => performance.now() - started;

    const note = (attempt: Attempt) => {
      const tally = attempt.isValid ? valid : invalid;
      tally.attempts += 1;
      // Rows stored whatever the answer: a cancel refused after its own bet was placed has one.
      tally.rows += attempt.rows;
      latencies.push(...attempt.latencies);
      if (attempt.replayDiffered) replaysDiffered += 1;
      if (attempt.outcome === 'error') {
        tally.errors += 1;
        if (errors.length < 10) errors.push(`${attempt.kind}: ${attempt.message}`);
        return;
      }
      if (attempt.outcome === 'refused') {
        tally.refused += 1;
        if (/ loss limit of /.test(attempt.message)) limitRefusals.loss += 1;
        if (/^Your stake limit is /.test(attempt.message)) limitRefusals.stake += 1;
        const label = `${attempt.isValid ? 'valid' : 'invalid'} ${attempt.kind}: ${attempt.message.slice(0, 60)}`;
        refusals.set(label, (refusals.get(label) ?? 0) + 1);
        return;
      }
      tally.accepted += 1;
      acceptedByKind.set(attempt.kind, (acceptedByKind.get(attempt.kind) ?? 0) + 1);
      if (!attempt.isValid && attempt.kind !== 'over balance') invalidAccepted.push(attempt.kind);
      if (attempt.target) {
        const known = targets.get(attempt.target.target);
        if (known) {
          known.line = attempt.target.line;
          known.lastBetAt = attempt.target.lastBetAt;
        } else targets.set(attempt.target.target, attempt.target);
      }
    };

    const bettor = async () => {
      while (!loadOver) {
        const who = pick(bettors)!;
        try {
          const attempt =
            Math.random() < INVALID_SHARE
              ? await invalidBet(call, who, catalog, weighted(INVALID_WEIGHTS))
              : await validBet(call, who, catalog, weighted(VALID_WEIGHTS));
          if (attempt) note(attempt);
          else {
            skipped += 1;
            await sleep(5);
          }
        } catch (error) {
          valid.errors += 1;
          if (errors.length < 10) errors.push(`network: ${String(error)}`);
        }
      }
    };

    let matkaDeclared = false;
    const operator = async (index: number) => {
      while (!loadOver) {
        await sleep(between(250, 750));
        let action: string = weighted(OPERATOR_WEIGHTS);
        try {
          let answer;
          // Once, late in the run, one open matka game gets its result (the rest stay open).
          if (index === 0 && !matkaDeclared && elapsed() > LOAD_MS * 0.7) {
            matkaDeclared = true;
            action = 'matka result';
            const game = pick(catalog.matka);
            answer = game
              ? await call('POST', OPS_PATHS.matkaResult, {
                  token: OPS_TOKEN,
                  json: { mid: game.mid, result: String(between(0, 99)).padStart(2, '0') },
                })
              : null;
          } else {
            answer = await operatorAct(
              call,
              OPS_TOKEN,
              action as keyof typeof OPERATOR_WEIGHTS,
              targets,
              usernames,
            );
          }
          if (!answer) continue;
          const tally = operatorTally.get(action) ?? { ok: 0, refused: 0 };
          if (answer.status >= 500) {
            if (errors.length < 10) errors.push(`${action}: HTTP ${answer.status}`);
            invalid.errors += 1;
          } else if (answer.ok === true) tally.ok += 1;
          else tally.refused += 1;
          operatorTally.set(action, tally);
        } catch (error) {
          invalid.errors += 1;
          if (errors.length < 10) errors.push(`${action}: ${String(error)}`);
        }
      }
    };

    const cataloguer = async () => {
      while (!loadOver) {
        await refreshCatalog(call, watcher.token, catalog).catch(() => {});
        await sleep(1000);
      }
    };

    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const trails = new Map<string, ClientTrail>();
    const audit = async () => {
      const readStarted = performance.now();
      const snapshot = await readSnapshot(reader);
      for (const violation of checkSnapshot(snapshot, trails)) {
        violations.set(violation.kind, (violations.get(violation.kind) ?? 0) + 1);
        if (examples.length < 12) examples.push(violation);
      }
      reads += 1;
      readMs.push(performance.now() - readStarted);
      return snapshot;
    };
    const auditor = async () => {
      while (!readerOver) {
        const readStarted = performance.now();
        await audit();
        await sleep(Math.max(0, READ_EVERY_MS - (performance.now() - readStarted)));
      }
    };

    /** What the run must have met for the checks to mean something (asserted at the end). */
    const uncovered = () => [
      ...(limitRefusals.loss > 0 ? [] : ['a loss limit refusal']),
      ...(limitRefusals.stake > 0 ? [] : ['a stake limit refusal']),
      ...MUST_ACCEPT.filter((kind) => !acceptedByKind.get(kind)),
      ...(FURTHER.some((kind) => acceptedByKind.get(kind)) ? [] : ['a further market']),
    ];

    const running = [
      ...Array.from({ length: BETTORS }, () => bettor()),
      ...Array.from({ length: OPERATORS }, (_, index) => operator(index)),
      cataloguer(),
    ];
    const auditing = auditor();
    // The server and its clients share this process: a busy loop delays both, so it is reported.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    await sleep(LOAD_MS);
    // Chance picks each bet, so a slow run may not yet have met every kind the checks below need:
    // the load then goes on until it has, for at most three times as long again.
    const coveredBy = performance.now() + 3 * LOAD_MS;
    while (uncovered().length > 0 && performance.now() < coveredBy) await sleep(250);
    loadOver = true;
    loopDelay.disable();
    await Promise.all(running);
    const loadSeconds = elapsed() / 1000;
    readerOver = true;
    await auditing;
    // One more read of the settled state, with every worker stopped.
    const last = await audit();
    // The checks bite: each kind of corruption of that state is flagged.
    const missed = Object.entries(corruptedCopies(last)).flatMap(([kind, copy]) => {
      if (!copy) return [`${kind}: nothing to corrupt`];
      const replay = new Map(trails);
      return checkSnapshot(copy, replay).some((violation) => violation.kind === kind)
        ? []
        : [`${kind}: not flagged`];
    });

    const stored = await reader.query<{ bets: string; matka: string }>(
      'SELECT (SELECT count(*) FROM bets) AS bets, (SELECT count(*) FROM matka_bets) AS matka',
    );
    const storedRows = Number(stored.rows[0]?.bets ?? 0) + Number(stored.rows[0]?.matka ?? 0);
    const declared = await reader.query<{ source: string; n: string }>(
      'SELECT source, count(*) AS n FROM result_declarations GROUP BY source',
    );
    const settlements = await reader.query<{ state: string; n: string; epochs: string }>(
      'SELECT state, count(*) AS n, sum(epoch) AS epochs FROM settlements GROUP BY state',
    );
    await reader.end();

    // ------------------------------------------------------------------ figures
    const operatorCommands = [...operatorTally.values()].reduce(
      (sum, tally) => sum + tally.ok + tally.refused,
      0,
    );
    const operations = valid.attempts + invalid.attempts + operatorCommands;
    const acceptedBets = valid.accepted + invalid.accepted;
    const acceptedRows = valid.rows + invalid.rows;
    const serverFailures = valid.errors + invalid.errors;
    const violationTotal = [...violations.values()].reduce((sum, count) => sum + count, 0);

    record({ suite, name: name('operations/s'), value: round2(operations / loadSeconds) });
    record({ suite, name: name('accepted bets/s'), value: round2(acceptedBets / loadSeconds) });
    record({ suite, name: name('bet latency p50 (ms)'), value: round2(percentile(latencies, 50)) });
    record({ suite, name: name('bet latency p99 (ms)'), value: round2(percentile(latencies, 99)) });
    record({
      suite,
      name: name('valid bets accepted / refused'),
      value: `${valid.accepted} / ${valid.refused}`,
    });
    record({
      suite,
      name: name('accepted by kind'),
      value: [...acceptedByKind].map(([kind, count]) => `${kind} ${count}`).join(', '),
    });
    record({ suite, name: name('invalid bets refused'), value: invalid.refused });
    record({
      suite,
      name: name('refused by a loss limit / the stake limit'),
      value: `${limitRefusals.loss} / ${limitRefusals.stake}`,
    });
    record({
      suite,
      name: name('invalid bets accepted'),
      value: invalidAccepted.length,
      bar: '= 0',
      pass: invalidAccepted.length === 0,
    });
    record({
      suite,
      name: name('operator commands ok / refused'),
      value: [...operatorTally]
        .map(([action, tally]) => `${action} ${tally.ok}/${tally.refused}`)
        .join(', '),
    });
    record({
      suite,
      name: name('results declared / settlements (state:count)'),
      value: `${declared.rows.map((row) => `${row.source} ${row.n}`).join(', ')}; ${settlements.rows.map((row) => `${row.state} ${row.n}`).join(', ')}`,
    });
    const minReads = Math.floor(loadSeconds * 2);
    record({
      suite,
      name: name('reads checked'),
      value: reads,
      bar: `≥ ${minReads}`,
      pass: reads >= minReads,
    });
    record({ suite, name: name('read p99 (ms)'), value: round2(percentile(readMs, 99)) });
    record({
      suite,
      name: name('event loop delay p99 (ms)'),
      value: round2(loopDelay.percentile(99) / 1e6),
    });
    for (const [kind, count] of violations) {
      record({
        suite,
        name: name(`violations: ${kind}`),
        value: count,
        bar: '= 0',
        pass: count === 0,
      });
    }
    record({
      suite,
      name: name('violations'),
      value: violationTotal,
      bar: '= 0',
      pass: violationTotal === 0,
    });
    record({
      suite,
      name: name('server errors (5xx, network)'),
      value: serverFailures,
      bar: '= 0',
      pass: serverFailures === 0,
    });
    record({
      suite,
      name: name('idempotent replays answered differently'),
      value: replaysDiffered,
      bar: '= 0',
      pass: replaysDiffered === 0,
    });
    record({
      suite,
      name: name('stored bet rows − accepted'),
      value: storedRows - acceptedRows,
      bar: '= 0',
      pass: storedRows === acceptedRows,
    });

    const top = [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 25);
    process.stdout.write(
      [
        `[conservation] ${round2(loadSeconds)} s, ${operations} operations, ${skipped} skipped (nothing open)`,
        ...top.map(([label, count]) => `[conservation] refused ${count}× ${label}`),
        ...examples.map((v) => `[conservation] VIOLATION ${v.kind}: ${v.detail}`),
        ...errors.map((e) => `[conservation] ERROR ${e}`),
        ...serverErrors.slice(0, 5).map((line) => `[conservation] server log ${line}`),
        ...feedLog.slice(0, 10).map((line) => `[conservation] feed ${line}`),
        '',
      ].join('\n'),
    );

    // The limits were met (docs/safer-gambling.md), or (e) would have checked nothing.
    expect(limitRefusals.loss, 'bets refused by a loss limit').toBeGreaterThan(0);
    expect(limitRefusals.stake, 'bets refused by the stake limit').toBeGreaterThan(0);
    // Cancels and cash outs move money back (docs/architecture.md): both must have happened.
    for (const kind of MUST_ACCEPT)
      expect(acceptedByKind.get(kind) ?? 0, `accepted ${kind} bets`).toBeGreaterThan(0);
    // The further exchange markets (docs/architecture.md identifiers), offered as events allow.
    expect(
      FURTHER.reduce((sum, kind) => sum + (acceptedByKind.get(kind) ?? 0), 0),
      'accepted bets on the further exchange markets',
    ).toBeGreaterThan(0);
    expect(missed, 'corruptions the auditor missed').toEqual([]);
    expect(examples, 'violations').toEqual([]);
    expect(Object.fromEntries(violations)).toEqual({
      total: 0,
      exposure: 0,
      statement: 0,
      negative: 0,
      limit: 0,
    });
    expect(invalidAccepted, 'invalid bets accepted').toEqual([]);
    expect(errors, 'server errors').toEqual([]);
    expect(serverFailures).toBe(0);
    expect(replaysDiffered, 'idempotent replays answered differently').toBe(0);
    expect(storedRows, 'stored bet rows').toBe(acceptedRows);
    expect(reads).toBeGreaterThanOrEqual(minReads);
  });
});
