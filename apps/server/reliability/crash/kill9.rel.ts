import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { percentile, record, round2, scale } from '../figures.js';
import { auditAcks, logInRetrying, sendKeyed, type Ack } from '../support/acks.js';
import { checkSnapshot, readSnapshot, type ClientTrail, type Violation } from '../support/bank.js';
import {
  between,
  httpClient,
  OPS_PATHS,
  refreshCatalog,
  validDraft,
  weighted,
  type Catalog,
} from '../support/bank-load.js';
import {
  killPostmaster,
  SERVER_OPS_TOKEN,
  startServer,
  type ServerProcess,
} from '../support/server-process.js';

/**
 * kill -9 under load (docs/reliability.md, "kill -9 under load"): 32 clients place bets, each under
 * its own Idempotency-Key, and log every acknowledged one, while the real server (dist/main.js,
 * embedded PostgreSQL at full durability) is killed with SIGKILL every 5–15 s — in every other
 * cycle its postmaster too — and started again on the same data. A request cut by a kill is retried
 * under the same key once the server is back. After each restart the database must hold every
 * acknowledged bet exactly once, and the ledger must pass the conservation check (support/bank.ts).
 */

const CYCLES = scale(30, 5);
/** Load between two kills, ms. */
const LOAD_MS = scale([5_000, 15_000] as const, [5_000, 8_000] as const);
const WORKERS = 32;
const RETRY_MS = 200;
/** A request cut by a kill is retried for this long at most (a restart takes seconds). */
const RETRY_FOR_MS = 180_000;
const PASSWORD = 'kill-nine-password';
const KINDS = { MATCH_ODDS: 24, BOOKMAKER: 12, TOSS: 6, FANCY: 22 } as const;
const SERVER_ENV = { SIM_SPEED: '60' };

const suite = 'crash';
const name = (figure: string) => `kill -9: ${figure}`;

interface Worker {
  readonly username: string;
  token: string;
}

let dataDir: string | undefined;
let server: ServerProcess | undefined;
let stopped = false;

afterAll(async () => {
  if (server && !stopped) {
    server.kill('SIGKILL');
    await server.exited;
    killPostmaster(server);
    await sleep(500);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 under load', () => {
  it('keeps every acknowledged bet, exactly once, and conserves money across kills of the server and PostgreSQL', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'backlay-kill9-'));
    let current = await startServer({ dataDir, env: SERVER_ENV });
    server = current;
    const { port } = current;
    const call = httpClient(current.base);

    // ------------------------------------------------------------------ clients
    const workers: Worker[] = [];
    for (let index = 0; index < WORKERS; index += 1) {
      const username = `kill${String(index).padStart(2, '0')}`;
      const created = await call('POST', OPS_PATHS.createClient, {
        token: SERVER_OPS_TOKEN,
        json: { username, password: PASSWORD, creditLimit: 5_000_000 },
      });
      if (created.ok !== true) throw new Error(`create ${username}: ${String(created.result)}`);
      workers.push({ username, token: '' });
    }

    /** Logs in (again), waiting out a restart. */
    /** Logs in (again), waiting out a restart. */
    const login = (worker: Worker) => logInRetrying(call, worker, PASSWORD, RETRY_MS);
    await Promise.all(workers.map(login));

    const catalog: Catalog = { events: [], matka: [] };
    const watcher = workers[0]!;
    for (let waited = 0; waited < 30_000; waited += 500) {
      await refreshCatalog(call, watcher.token, catalog);
      if (catalog.events.some((event) => event.markets.length > 0)) break;
      await sleep(500);
    }
    expect(catalog.events.length, 'open events').toBeGreaterThan(0);

    const pool = new pg.Client({ connectionString: current.databaseUrl });
    await pool.connect();
    const ids = await pool.query<{ id: string; username: string }>(
      'SELECT id::text AS id, username FROM clients WHERE username = ANY($1)',
      [workers.map((worker) => worker.username)],
    );
    await pool.end();
    const clientIdOf = new Map(ids.rows.map((row) => [row.username, row.id]));
    expect(clientIdOf.size).toBe(WORKERS);

    // ------------------------------------------------------------------ load
    const acks: Ack[] = [];
    const ackTimes: number[] = [];
    let loadOver = false;
    let attempts = 0;
    let refused = 0;
    let conflicts = 0;
    let serverErrors = 0;
    let unresolved = 0;
    const cut = { keys: 0, acknowledged: 0, refused: 0 };
    const samples: string[] = [];
    const note = (line: string) => {
      if (samples.length < 20) samples.push(line);
    };

    /** Sends one bet under one key until it gets an answer; a kill only delays it. */
    const place = async (
      worker: Worker,
      draft: { path: string; body: Record<string, unknown> },
    ) => {
      const { key, answer, wasCut } = await sendKeyed(call, worker, draft, {
        retryMs: RETRY_MS,
        retryForMs: RETRY_FOR_MS,
        logIn: () => login(worker),
        onServerError: (failed) => {
          serverErrors += 1;
          note(`HTTP ${failed.status}: ${JSON.stringify(failed.body).slice(0, 200)}`);
        },
      });
      attempts += 1;
      if (wasCut) cut.keys += 1;
      if (!answer || answer.status >= 500) {
        unresolved += 1;
        return;
      }
      if (answer.status === 200 && answer.ok === true) {
        acks.push({ username: worker.username, key, body: draft.body });
        ackTimes.push(performance.now());
        if (wasCut) cut.acknowledged += 1;
        return;
      }
      if (answer.status === 409) {
        conflicts += 1;
        note(`409 for key ${key}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
      refused += 1;
      if (wasCut) cut.refused += 1;
    };

    const work = async (worker: Worker) => {
      while (!loadOver) {
        let draft: Awaited<ReturnType<typeof validDraft>>;
        try {
          draft = await validDraft(call, worker.token, catalog, weighted(KINDS));
        } catch {
          await sleep(RETRY_MS);
          continue;
        }
        if (!draft) {
          await sleep(50);
          continue;
        }
        await place(worker, draft);
      }
    };

    const cataloguer = async () => {
      while (!loadOver) {
        await refreshCatalog(call, watcher.token, catalog).catch(() => {});
        await sleep(1000);
      }
    };

    // ------------------------------------------------------------------ the checks after a restart
    const trails = new Map<string, ClientTrail>();
    const violations: Violation[] = [];
    let violationCount = 0;
    let missing = 0;
    let duplicates = 0;
    let checked = 0;
    /** Every bet acknowledged so far must be in the database exactly once (support/acks.ts). */
    const verify = async (
      databaseUrl: string,
      acknowledged: readonly Ack[],
      audit = true,
    ): Promise<{ lost: number; twice: number }> => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { lost, twice, notes } = await auditAcks(db, clientIdOf, acknowledged);
        if (audit) {
          for (const line of notes) note(line);
          missing = Math.max(missing, lost);
          duplicates = Math.max(duplicates, twice);
          checked = acknowledged.length;
          for (const violation of checkSnapshot(await readSnapshot(db), trails)) {
            violationCount += 1;
            if (violations.length < 10) violations.push(violation);
          }
        }
        return { lost, twice };
      } finally {
        await db.end();
      }
    };

    const healthy = async () => {
      for (;;) {
        try {
          const answer = await call('GET', '/api/health');
          if (answer.status === 200 && answer.ok === true) return;
        } catch {
          // not listening yet
        }
        await sleep(25);
      }
    };

    // ------------------------------------------------------------------ kill cycles
    const running = [...workers.map(work), cataloguer()];
    const recoveries: number[] = [];
    /** Per cycle: acknowledgements so far at the kill, when it was and when the restart began. */
    const restartsAt: { ackedBefore: number; killedAt: number; restartAt: number }[] = [];
    const restartFailures: string[] = [];
    let restarts = 0;
    let withPostgres = 0;

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      await sleep(between(LOAD_MS[0], LOAD_MS[1]));
      const alsoPostgres = cycle % 2 === 1;
      const ackedBefore = acks.length;
      const killedAt = performance.now();
      current.kill('SIGKILL');
      if (alsoPostgres) {
        killPostmaster(current);
        withPostgres += 1;
      }
      await current.exited;

      const restartAt = performance.now();
      try {
        current = await startServer({ dataDir, port, env: SERVER_ENV });
        restarts += 1;
      } catch (error) {
        restartFailures.push(`cycle ${cycle}: ${String(error).slice(-1500)}`);
        // Go on if a second try works, so that the figures still cover every cycle.
        current = await startServer({ dataDir, port, env: SERVER_ENV });
      }
      server = current;
      await healthy();
      recoveries.push(performance.now() - killedAt);
      await verify(current.databaseUrl, acks.slice());
      restartsAt.push({ ackedBefore, restartAt, killedAt });
      process.stdout.write(
        `[kill9] cycle ${cycle}${alsoPostgres ? ' (+postmaster)' : ''}: recovered in ${round2(recoveries.at(-1)! / 1000)} s, ${acks.length} acknowledged, ${missing} missing, ${duplicates} twice, ${violationCount} violations\n`,
      );
    }

    // A last stretch of load on the restarted server, then every worker's last key is answered.
    await sleep(between(LOAD_MS[0], LOAD_MS[1]));
    loadOver = true;
    await Promise.all(running);
    await verify(current.databaseUrl, acks.slice());
    // The check bites: an acknowledgement never booked and one booked otherwise are both missed.
    const real = acks[Math.floor(acks.length / 2)];
    const bite = real
      ? await verify(
          current.databaseUrl,
          [
            { ...real, key: randomUUID() },
            { ...real, body: { ...real.body, Stack: Number(real.body.Stack) + 1 } },
          ],
          false,
        )
      : { lost: 0, twice: 0 };
    stopped = true;
    const exit = await current.stop();

    // ------------------------------------------------------------------ figures
    const total = acks.length;
    // The first bet the restarted server acknowledged (markets reopen on fresh prices).
    const firstAcks = restartsAt.flatMap(({ ackedBefore, killedAt, restartAt }) => {
      const first = ackTimes.slice(ackedBefore).find((at) => at > restartAt);
      return first === undefined ? [] : [first - killedAt];
    });
    record({
      suite,
      name: name('kill cycles (with the postmaster)'),
      value: `${CYCLES} (${withPostgres})`,
    });
    record({
      suite,
      name: name('bets sent / acknowledged / refused'),
      value: `${attempts} / ${total} / ${refused}`,
    });
    record({
      suite,
      name: name('acknowledged bets missing after restart'),
      value: missing,
      bar: '= 0',
      pass: missing === 0,
    });
    record({
      suite,
      name: name('bets stored twice for one key'),
      value: duplicates,
      bar: '= 0',
      pass: duplicates === 0,
    });
    record({
      suite,
      name: name('requests cut by a kill, retried under their key (acknowledged / refused)'),
      value: `${cut.keys} (${cut.acknowledged} / ${cut.refused})`,
    });
    record({
      suite,
      name: name('retries refused as another request (409)'),
      value: conflicts,
      bar: '= 0',
      pass: conflicts === 0,
    });
    record({
      suite,
      name: name('restart success'),
      value: `${restarts}/${CYCLES}`,
      bar: `= ${CYCLES}/${CYCLES}`,
      pass: restarts === CYCLES,
    });
    record({
      suite,
      name: name('recovery time p50 (s)'),
      value: round2(percentile(recoveries, 50) / 1000),
    });
    record({
      suite,
      name: name('recovery time max (s)'),
      value: round2(Math.max(0, ...recoveries) / 1000),
    });
    record({
      suite,
      name: name('first acknowledged bet after the kill p50 (s)'),
      value: round2(percentile(firstAcks, 50) / 1000),
    });
    record({
      suite,
      name: name('conservation violations after restarts'),
      value: violationCount,
      bar: '= 0',
      pass: violationCount === 0,
    });
    record({ suite, name: name('server errors (5xx)'), value: serverErrors });
    record({
      suite,
      name: name('graceful stop exit code'),
      value: String(exit.signal ?? exit.code),
      bar: '= 0',
      pass: exit.code === 0,
    });

    process.stdout.write(
      [
        `[kill9] ${checked} acknowledged bets checked after the last restart, ${unresolved} unresolved`,
        ...restartFailures.map((line) => `[kill9] RESTART FAILED ${line}`),
        ...violations.map((v) => `[kill9] VIOLATION ${v.kind}: ${v.detail}`),
        ...samples.map((line) => `[kill9] ${line}`),
        '',
      ].join('\n'),
    );

    expect(total, 'acknowledged bets').toBeGreaterThan(0);
    expect(bite.lost, 'made-up acknowledgements the check flags').toBe(2);
    expect(checked, 'acknowledged bets checked').toBe(total);
    expect(missing, 'acknowledged bets missing after restart').toBe(0);
    expect(duplicates, 'bets stored twice for one key').toBe(0);
    expect(conflicts, 'retries refused as another request').toBe(0);
    expect(unresolved, 'requests never answered').toBe(0);
    expect(restartFailures, 'failed restarts').toEqual([]);
    expect(restarts).toBe(CYCLES);
    expect(violations, 'conservation violations').toEqual([]);
    expect(violationCount).toBe(0);
    expect(exit, 'graceful stop').toEqual({ code: 0, signal: null });
  });
});
