import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { getMainBalance } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/pool.js';
import { systemClock } from '../../src/seams.js';
import { buildTestApp, createTestClient, login } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed } from '../../test/feed.js';
import { record, round2, scale } from '../figures.js';
import {
  betBody,
  fixtureEvent,
  priceFancy,
  priceMarket,
  type BetDraft,
  type Fixture,
} from '../money/betting.js';
import { checkSnapshot, readSnapshot } from '../support/bank.js';
import { httpClient, type Answer, type Call } from '../support/bank-load.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * Database outage (docs/reliability.md, "Database outage"): bettors bet over HTTP with
 * Idempotency-Keys while the app's connection to PostgreSQL is cut for 10 s by a TCP proxy of the
 * test's own (the shared server keeps running). Meanwhile every answer must be a clear 503
 * `{ Status: false, Result }` with Retry-After, never a 500, a hang or a body that is not the
 * envelope; afterwards the ledger must be whole (bank.ts checks), every acknowledged key must have
 * booked exactly one bet, and the keys that got a 503, sent again once the database is back, at
 * most one each. Figure: the time from the database's return to the first accepted bet.
 */

const WARM_MS = scale(8_000, 3_000);
const CUT_MS = 10_000;
const AFTER_MS = scale(10_000, 4_000);
const BETTORS = scale(24, 12);
/** An answer slower than this counts as a hang. */
const HANG_MS = 5_000;
/** A client backs off this long after an answer that is not a 200. */
const BACKOFF_MS = 50;
const RECOVERY_BAR_MS = 5_000;
const PROBE_EVERY_MS = 250;

const suite = 'crash';
const name = (figure: string) => `database outage: ${figure}`;

let database: TestDatabase;
let proxy: TcpProxy;
let appDatabase: Database;
let app: FastifyInstance;
let call: Call;
const serverErrors: string[] = [];
const clientErrors: string[] = [];
/** Errors no one handled: each would have ended a server process (Node's default). */
const uncaught: string[] = [];
const onUncaught = (error: Error) => {
  uncaught.push(`${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}`);
};

beforeAll(async () => {
  process.on('uncaughtExceptionMonitor', onUncaught);
  database = await createTestDatabase();
  proxy = await startTcpProxy(database.url);
  // The app's pool reaches PostgreSQL only through the proxy; the test's checks go direct.
  appDatabase = openDatabase(proxy.url, { max: 16 });
  // Prices never go stale in this suite: it measures the database, not the feed.
  const feed = scriptedFeed(appDatabase.db, systemClock, { staleMs: 3_600_000 });
  app = await buildTestApp(appDatabase.db, {
    clock: systemClock,
    feed,
    config: { logLevel: 'error', rateLimitPerMin: 100_000_000 },
    logStream: {
      write: (line: string) => {
        if (serverErrors.length < 10) serverErrors.push(line.slice(0, 600));
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // What made the HTTP server answer a bare 400 (a parse error on the connection), if it does.
  app.server.on('clientError', (error: NodeJS.ErrnoException) => {
    if (clientErrors.length < 10) clientErrors.push(`${error.code ?? '?'}: ${error.message}`);
  });
  call = httpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  process.off('uncaughtExceptionMonitor', onUncaught);
  proxy?.restore();
  await app?.close();
  await appDatabase?.close();
  await proxy?.close();
  await database?.drop();
});

interface Bettor {
  readonly clientId: string;
  readonly token: string;
  /** Stakes are unique per bettor, so each key's bet is found by its stake. */
  nextStake: number;
}

/** One key and what the server answered under it. */
interface Keyed {
  readonly bettor: Bettor;
  readonly key: string;
  readonly path: string;
  readonly body: ReturnType<typeof betBody>;
  readonly stake: number;
  /** The last answer: accepted, refused, 503, or failed (anything else). */
  outcome: 'accepted' | 'refused' | 'unavailable' | 'failed';
}

type Verdict = 'ok' | 'unavailable' | 'failed';

/** A clear answer: a 200 envelope, or a 503 envelope with a message (and Retry-After if known). */
function verdictOf(answer: Answer | 'hung' | Error): { verdict: Verdict; why: string } {
  if (answer === 'hung') return { verdict: 'failed', why: `no answer within ${HANG_MS} ms` };
  if (answer instanceof Error) return { verdict: 'failed', why: `network: ${answer.message}` };
  const result = answer.result;
  const isEnvelope =
    typeof answer.ok === 'boolean' &&
    (answer.ok || (typeof result === 'string' && result.length > 0));
  if (!isEnvelope)
    return { verdict: 'failed', why: `HTTP ${answer.status} ${JSON.stringify(answer.body)}` };
  if (answer.status === 200) return { verdict: 'ok', why: '' };
  if (answer.status === 503 && answer.ok === false) return { verdict: 'unavailable', why: '' };
  return { verdict: 'failed', why: `HTTP ${answer.status} ${String(result).slice(0, 80)}` };
}

async function timed<T>(work: Promise<T>): Promise<T | 'hung' | Error> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), HANG_MS);
  });
  try {
    return await Promise.race([work.catch((error: unknown) => error as Error), hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('database outage (10 s cut under load)', () => {
  it('answers a clear 503 while the database is away, writes nothing partial and recovers', async () => {
    const fixture: Fixture = await fixtureEvent(app, 'Outage XI v Reconnect XI', 2);
    const [home, away] = fixture.runners;
    await priceMarket(app, fixture.eventId, fixture.matchOdds, [
      { selectionId: home, back: 2, lay: 2.02 },
      { selectionId: away, back: 1.98, lay: 2 },
    ]);
    const sessions = fixture.fancy.map((selectionId) => ({
      selectionId,
      noLine: 40,
      noRate: 100,
      yesLine: 41,
      yesRate: 100,
    }));
    await priceFancy(app, fixture.eventId, sessions);

    const bettors: Bettor[] = [];
    for (let index = 0; index < BETTORS; index += 1) {
      const username = `outage${String(index).padStart(2, '0')}`;
      const clientId = await createTestClient(database.db, username, 10_000_000, systemClock);
      bettors.push({ clientId, token: (await login(app, username)).Token, nextStake: 500 });
    }

    const keys: Keyed[] = [];
    const draftOf = (bettor: Bettor, n: number): { path: string; draft: BetDraft } => {
      const stake = bettor.nextStake;
      bettor.nextStake += 1;
      if (n % 2 === 0) {
        return {
          path: postUserBet.path,
          draft: {
            MarketType: 'MATCH_ODDS',
            MarketId: fixture.matchOdds,
            EventId: fixture.eventId,
            SelectionID: String(n % 4 === 0 ? home : away),
            BetType: n % 4 === 0 ? 'Back' : 'Lay',
            Odds: n % 4 === 0 ? 2 : 2,
            Price: 0,
            Stack: stake,
          },
        };
      }
      const session = sessions[n % sessions.length]!;
      return {
        path: postFancyBet.path,
        draft: {
          MarketType: 'FANCY',
          MarketId: String(fixture.eventId),
          EventId: fixture.eventId,
          SelectionID: session.selectionId,
          BetType: 'Yes',
          Odds: session.yesLine,
          Price: session.yesRate,
          Stack: stake,
        },
      };
    };

    let cutAt = Number.POSITIVE_INFINITY;
    let restoredAt = Number.POSITIVE_INFINITY;
    let firstAcceptedAfterRestore = Number.POSITIVE_INFINITY;
    let over = false;
    const duringCut = { answers: 0, unavailable: 0, accepted: 0 };
    const cutFailures: string[] = [];
    const otherFailures: string[] = [];
    let cutFailureCount = 0;
    let otherFailureCount = 0;
    /** 503s whose request was sent after restore(): the pool not yet back. */
    let lateUnavailable = 0;
    let acceptedTotal = 0;

    const judge = (answer: Answer | 'hung' | Error, sentAt: number, doneAt: number) => {
      const { verdict, why } = verdictOf(answer);
      // Overlapping the cut: a 200 or a clear 503 is right; outside it, only a 200.
      const overlaps = doneAt >= cutAt && sentAt <= restoredAt;
      if (overlaps) {
        duringCut.answers += 1;
        if (verdict === 'unavailable') duringCut.unavailable += 1;
        if (verdict === 'failed') {
          cutFailureCount += 1;
          if (cutFailures.length < 10) cutFailures.push(why);
        }
      } else if (verdict === 'unavailable' && sentAt > restoredAt) {
        lateUnavailable += 1;
      } else if (verdict !== 'ok') {
        otherFailureCount += 1;
        if (otherFailures.length < 10) otherFailures.push(verdict === 'failed' ? why : '503');
      }
      return verdict;
    };

    const bettorLoop = async (bettor: Bettor, index: number) => {
      for (let n = index; !over; n += 1) {
        const { path, draft } = draftOf(bettor, n);
        const keyed: Keyed = {
          bettor,
          key: randomUUID(),
          path,
          body: betBody(draft),
          stake: draft.Stack,
          outcome: 'failed',
        };
        keys.push(keyed);
        const sentAt = performance.now();
        const answer = await timed(
          call('POST', path, {
            token: bettor.token,
            json: keyed.body,
            headers: { 'idempotency-key': keyed.key },
          }),
        );
        const doneAt = performance.now();
        const verdict = judge(answer, sentAt, doneAt);
        if (verdict === 'ok' && typeof answer === 'object' && !(answer instanceof Error)) {
          keyed.outcome = answer.ok ? 'accepted' : 'refused';
          if (answer.ok) {
            acceptedTotal += 1;
            if (sentAt > cutAt && doneAt < restoredAt) duringCut.accepted += 1;
            if (sentAt >= restoredAt)
              firstAcceptedAfterRestore = Math.min(firstAcceptedAfterRestore, doneAt);
          }
        } else {
          keyed.outcome = verdict === 'unavailable' ? 'unavailable' : 'failed';
          await sleep(BACKOFF_MS);
        }
      }
    };

    // A reader of the balance throughout: a read must also answer a clear 503, with Retry-After.
    let probes = 0;
    let probesWithoutRetryAfter = 0;
    const prober = async () => {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const bettor = bettors[0]!;
      while (!over) {
        const sentAt = performance.now();
        const answer = await timed(
          (async (): Promise<Answer> => {
            const response = await fetch(`${base}${getMainBalance.path}`, {
              headers: { authorization: `Bearer ${bettor.token}` },
            });
            const text = await response.text();
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
            const envelope = body as { Status?: unknown; Result?: unknown } | undefined;
            if (response.status === 503 && !response.headers.get('retry-after'))
              probesWithoutRetryAfter += 1;
            return {
              status: response.status,
              ok: typeof envelope?.Status === 'boolean' ? envelope.Status : undefined,
              result: envelope?.Result,
              body,
              ms: performance.now() - sentAt,
              servedBy: undefined,
            };
          })(),
        );
        judge(answer, sentAt, performance.now());
        probes += 1;
        await sleep(PROBE_EVERY_MS);
      }
    };

    const running = [...bettors.map((bettor, index) => bettorLoop(bettor, index)), prober()];
    await sleep(WARM_MS);
    const acceptedBeforeCut = acceptedTotal;
    cutAt = performance.now();
    proxy.cut();
    await sleep(CUT_MS);
    restoredAt = performance.now();
    proxy.restore();
    await sleep(AFTER_MS);
    over = true;
    await Promise.all(running);
    const acceptedAfterRestore = acceptedTotal - acceptedBeforeCut - duringCut.accepted;

    // The keys left without an answer are sent again, as a client retrying after the outage.
    const unanswered = keys.filter((k) => k.outcome === 'unavailable' || k.outcome === 'failed');
    let retriesUnclear = 0;
    const queue = [...unanswered];
    await Promise.all(
      bettors.map(async () => {
        for (let keyed = queue.shift(); keyed; keyed = queue.shift()) {
          const answer = await call('POST', keyed.path, {
            token: keyed.bettor.token,
            json: keyed.body,
            headers: { 'idempotency-key': keyed.key },
          });
          if (answer.status === 200 && typeof answer.ok === 'boolean')
            keyed.outcome = answer.ok ? 'accepted' : 'refused';
          else retriesUnclear += 1;
        }
      }),
    );

    // ---------------------------------------------------------------- partial writes
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const snapshotViolations = checkSnapshot(await readSnapshot(reader), new Map());
    const stored = await reader.query<{ client_id: string; stake: number; n: string }>(
      'SELECT client_id, stake, count(*) AS n FROM bets GROUP BY client_id, stake',
    );
    const halfKeys = await reader.query<{ n: string }>(
      'SELECT count(*) AS n FROM idempotency_keys WHERE response IS NULL',
    );
    await reader.end();
    const betsOf = new Map(
      stored.rows.map((row) => [`${row.client_id} ${row.stake}`, Number(row.n)]),
    );
    const keyProblems: string[] = [];
    const known = new Set<string>();
    for (const keyed of keys) {
      const id = `${keyed.bettor.clientId} ${keyed.stake}`;
      known.add(id);
      const count = betsOf.get(id) ?? 0;
      const expected =
        keyed.outcome === 'accepted'
          ? count === 1
          : keyed.outcome === 'refused'
            ? count === 0
            : count <= 1;
      if (!expected) keyProblems.push(`${keyed.outcome} key, ${count} bets (stake ${keyed.stake})`);
    }
    for (const id of betsOf.keys()) if (!known.has(id)) keyProblems.push(`bet of no key: ${id}`);
    const partialWrites =
      snapshotViolations.length + keyProblems.length + Number(halfKeys.rows[0]?.n ?? 0);

    // ---------------------------------------------------------------- figures
    const recoveryMs = firstAcceptedAfterRestore - restoredAt;
    const nonClear = cutFailureCount + probesWithoutRetryAfter;
    record({ suite, name: name('cut (ms)'), value: CUT_MS });
    record({
      suite,
      name: name('answers during the cut / of them 503'),
      value: `${duringCut.answers} / ${duringCut.unavailable}`,
    });
    record({
      suite,
      name: name('non-503 failures during the cut'),
      value: nonClear,
      bar: '= 0',
      pass: nonClear === 0,
    });
    record({
      suite,
      name: name('failures outside the cut'),
      value: otherFailureCount,
      bar: '= 0',
      pass: otherFailureCount === 0,
    });
    record({
      suite,
      name: name('accepted bets before / after (keys retried)'),
      value: `${acceptedBeforeCut} / ${acceptedAfterRestore} (${unanswered.length})`,
    });
    record({
      suite,
      name: name('partial writes'),
      value: partialWrites,
      bar: '= 0',
      pass: partialWrites === 0,
    });
    record({
      suite,
      name: name('recovery time (ms)'),
      value: Number.isFinite(recoveryMs) ? round2(recoveryMs) : 'never',
      bar: `< ${RECOVERY_BAR_MS}`,
      pass: recoveryMs < RECOVERY_BAR_MS,
    });
    record({ suite, name: name('503s sent after the return'), value: lateUnavailable });
    record({
      suite,
      name: name('uncaught errors (each would end the server process)'),
      value: uncaught.length,
      bar: '= 0',
      pass: uncaught.length === 0,
    });

    const detail = {
      cutFailures,
      otherFailures,
      probes,
      probesWithoutRetryAfter,
      retriesUnclear,
      snapshotViolations: snapshotViolations.slice(0, 5),
      keyProblems: keyProblems.slice(0, 5),
      proxy: proxy.counts,
      serverErrors,
      clientErrors,
      uncaught: uncaught.slice(0, 3),
    };
    expect(uncaught, JSON.stringify(detail)).toEqual([]);
    expect(acceptedBeforeCut, JSON.stringify(detail)).toBeGreaterThan(0);
    expect(duringCut.unavailable, JSON.stringify(detail)).toBeGreaterThan(0);
    expect(nonClear, JSON.stringify(detail)).toBe(0);
    expect(otherFailureCount, JSON.stringify(detail)).toBe(0);
    expect(retriesUnclear, JSON.stringify(detail)).toBe(0);
    expect(partialWrites, JSON.stringify(detail)).toBe(0);
    expect(recoveryMs, JSON.stringify(detail)).toBeLessThan(RECOVERY_BAR_MS);
  });
});
